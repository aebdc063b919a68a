// Instance benchmark: read and write throughput of 1, 2 and 4 `pulse serve --database` instances on one
// PostgreSQL database, against one `pulse serve` on a SQLite store with the same data, in the same run.
//   node bench/instances.mjs [--duration S] [--connections N] [--people N] [--days D] [--quick]
// The read mix alternates the check-in list and the goal list; the write mix alternates filling a
// check-in (PATCH) and commenting on one (POST). Every configuration gets the same total connections:
// with several instances, one autocannon a instance runs in parallel with its share of them, and their
// requests a second are added up. (A round-robin forwarder in front would be one more Node process doing
// the same HTTP work as an instance on the same cores: it would cap the total near one instance's.)
// The PostgreSQL is a throwaway server of the tests' (test/helpers/postgres-server.mjs), on loopback.
// --quick (1 s a measurement, a small store) is the CI smoke run. Timings never fail the run; a server
// that exits, a connection error or an answer other than 2xx does.
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  createDatabase,
  dropDatabase,
  postgresInstalled,
  startPostgres,
} from '../test/helpers/postgres-server.mjs';
import { bin, isolatedEnv, machineLine, options, printTable, settle, startServer, stopAll } from './lib.mjs';

const { openInstance } = await import('../dist/bench-api.js');

const option = options();
const quick = option.has('--quick');
const duration = option.number('--duration', quick ? 1 : 10);
const connections = option.number('--connections', quick ? 8 : 40);
const people = option.number('--people', quick ? 8 : 60);
const days = option.number('--days', quick ? 3 : 30);
const INSTANCES = [1, 2, 4];
const PUBLIC_URL = 'https://pulse.example.com';

const { dir, env, cleanup } = isolatedEnv('pulse-bench-instances-');
const children = [];
let postgres;
let database;
let stopping = false;

const onSignal = () => {
  stopping = true;
  stopAll(children).finally(async () => {
    await postgres?.stop();
    cleanup();
    process.exit(130);
  });
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

/**
 * The same account in any store: people in four teams, each with a check-in filled on each of the last
 * `days` weekdays, a goal each, and a write token for the administrator. Written through the core, so the
 * SQLite and PostgreSQL stores hold the same rows. Returns the token and a check-in id to comment on.
 */
async function seed(location) {
  let now = new Date();
  const clock = { now: () => new Date(now) };
  const store = await openInstance(location, { clock, publicUrl: PUBLIC_URL });
  try {
    const { admin } = store;
    const administrator = await admin.initialise({
      name: 'Ada Admin',
      email: 'admin@bench.example',
      timeZone: 'UTC',
      teamName: 'Team 0',
    });
    for (let team = 1; team < 4; team++) await admin.addTeam({ name: `Team ${team}` });
    const ids = [administrator];
    for (let person = 1; person < people; person++) {
      ids.push(
        await admin.addPerson({
          name: `Person ${person}`,
          email: `person${person}@bench.example`,
          timeZone: 'UTC',
          teams: [`Team ${person % 4}`],
        }),
      );
    }
    // The last `days` weekdays (the teams' report days), oldest first.
    const today = new Date();
    const dates = [];
    for (let back = 0; dates.length < days; back++) {
      const day = new Date(today.getTime() - back * 86_400_000);
      if (day.getUTCDay() % 6 !== 0) dates.unshift(day);
    }
    let checkIn;
    for (const day of dates) {
      now = day;
      const date = day.toISOString().slice(0, 10);
      for (const [index, id] of ids.entries()) {
        checkIn = await store.serviceFor(id).updateCheckIn(date, {
          previous: `Reviewed pull request #${index}`,
          intentions: 'Pair on the release, then write the notes',
          blockers: 'none',
        });
      }
    }
    now = today;
    for (const id of ids) await store.serviceFor(id).createGoal({ title: `Goal of ${id}` });
    const { token } = await admin.createToken({ person: 'admin@bench.example' });
    // The administrator's latest check-in: the write mix fills and comments on it.
    checkIn = await store.serviceFor(administrator).getCheckIn(dates.at(-1).toISOString().slice(0, 10));
    return { token, checkInId: checkIn.id };
  } finally {
    await store.close();
  }
}

// The load generator is one client from one address: room for every connection it opens too.
const RATE_LIMITS_OFF = [
  '--rate-limit',
  'off',
  '--v1-rate-limit',
  'off',
  '--status-rate-limit',
  'off',
  '--max-connections-per-client',
  String(Math.max(64, connections)),
];

async function start(argv) {
  const started = await startServer([bin, ...argv], env, children, { dropStderr: /^shutting down: / });
  started.child.on('exit', (code, signal) => {
    if (!stopping) started.exited = `exited during the benchmark (${code ?? signal})`;
  });
  return started;
}

function load(url, share, requests) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: share, duration, requests }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * Waits until the servers have finished the requests autocannon left in flight: idle processes, and no
 * statement running on the database (a write may be queued there behind another's lock while its
 * instance sits idle). What is still running must not be charged to the next measurement, nor be cut
 * off by a server's stop.
 */
async function quiet(servers, location) {
  await Promise.all(servers.map(settle));
  if (!location) return;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: location });
  await client.connect();
  try {
    const deadline = performance.now() + 60_000;
    for (;;) {
      const { rows } = await client.query(
        "select count(*)::int as busy from pg_stat_activity where datname = current_database() and state <> 'idle' and pid <> pg_backend_pid()",
      );
      if (rows[0].busy === 0 || performance.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await client.end();
  }
  await Promise.all(servers.map(settle));
}

/** Loads every server at once, the connections shared among them; returns the summed figures. */
async function measure(servers, requests, location) {
  const shares = servers.map(
    (_, index) => Math.floor(connections / servers.length) + (index < connections % servers.length ? 1 : 0),
  );
  const results = await Promise.all(
    servers.map((server, index) => load(server.url, shares[index], requests)),
  );
  for (const server of servers) if (server.exited) throw new Error(`pulse serve ${server.exited}`);
  await quiet(servers, location);
  return {
    perSecond: results.reduce((sum, result) => sum + result.requests.average, 0),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    // Timeouts are slowness; connection errors and non-2xx answers are breakage.
    broken: results.reduce((sum, result) => sum + result.errors - result.timeouts + result.non2xx, 0),
    timeouts: results.reduce((sum, result) => sum + result.timeouts, 0),
  };
}

function mixes({ token, checkInId }) {
  const auth = { authorization: `Bearer ${token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  let edits = 0;
  return {
    read: [
      { method: 'GET', path: '/api/v2/check-ins?per_page=50', headers: auth },
      { method: 'GET', path: '/api/v2/goals?per_page=50', headers: auth },
    ],
    write: [
      {
        method: 'PATCH',
        path: `/api/v2/check-ins/${checkInId}`,
        headers: json,
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ previous: `Edit ${++edits}` }) }),
      },
      {
        method: 'POST',
        path: `/api/v2/check-ins/${checkInId}/comments`,
        headers: json,
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ body: `Comment ${++edits}` }) }),
      },
    ],
  };
}

try {
  if (!postgresInstalled())
    throw new Error('PostgreSQL is not installed (Debian: apt-get install postgresql)');
  postgres = await startPostgres();
  database = await createDatabase(postgres.url);
  const sqlite = join(dir, 'bench.db');
  const seededSqlite = await seed(sqlite);
  const seededPostgres = await seed(database);

  console.log(machineLine());
  console.log(
    `store: ${people} people, ${days} days (${(people * days).toLocaleString('en-US')} check-ins), ${people} goals; the same rows on SQLite and on PostgreSQL`,
  );
  console.log(
    `load: ${connections} connections in all, ${duration} s a measurement; several instances: one autocannon each, in parallel, with its share of the connections\n`,
  );

  const rows = [['configuration', 'read req/s', 'ratio', 'p99 ms', 'write req/s', 'ratio', 'p99 ms']];
  const broken = [];
  const run = async (name, servers, mix, location) => {
    const read = await measure(servers, mix.read, location);
    const write = await measure(servers, mix.write, location);
    for (const [kind, result] of [
      ['read', read],
      ['write', write],
    ]) {
      if (result.broken > 0) broken.push(`${name}: ${result.broken} errors or non-2xx answers (${kind})`);
      if (result.timeouts > 0) console.log(`timeouts: ${result.timeouts} on ${name} (${kind}; slowness)`);
    }
    return { name, read, write };
  };

  const results = [];
  const single = await start(['--store', sqlite, 'serve', '--port', '0', ...RATE_LIMITS_OFF]);
  results.push(await run('SQLite, 1 instance', [single], mixes(seededSqlite)));
  stopping = true;
  await stopAll([single.child]);
  stopping = false;

  for (const count of INSTANCES) {
    const servers = [];
    for (let index = 0; index < count; index++) {
      servers.push(
        await start([
          'serve',
          '--port',
          '0',
          '--database',
          database,
          '--public-url',
          PUBLIC_URL,
          ...RATE_LIMITS_OFF,
        ]),
      );
    }
    results.push(
      await run(
        `PostgreSQL, ${count} instance${count === 1 ? '' : 's'}`,
        servers,
        mixes(seededPostgres),
        database,
      ),
    );
    stopping = true;
    await stopAll(servers.map((server) => server.child));
    stopping = false;
  }

  const [baseline] = results;
  for (const { name, read, write } of results) {
    rows.push([
      name,
      read.perSecond.toFixed(0),
      (read.perSecond / baseline.read.perSecond).toFixed(2),
      String(read.p99),
      write.perSecond.toFixed(0),
      (write.perSecond / baseline.write.perSecond).toFixed(2),
      String(write.p99),
    ]);
  }
  printTable(rows);
  console.log(
    '\nread: GET /api/v2/check-ins?per_page=50 and GET /api/v2/goals?per_page=50, alternately; write: PATCH a check-in and POST a comment, alternately',
  );
  console.log('ratio: requests a second against one instance on SQLite');
  if (broken.length > 0) throw new Error(broken.join('\n'));
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  stopping = true;
  await stopAll(children);
  if (database) await dropDatabase(database).catch(() => undefined);
  await postgres?.stop();
  cleanup();
}

// Server benchmark: endpoints of `pulse serve` (v2 reads, a v2 PATCH, a v1 read, the status interface), each
// against a bare node:http server returning a body of the same size, loaded on loopback by autocannon in
// the same run; then a soak of mixed load on a fresh `pulse serve` that samples its resident memory.
//   node bench/server.mjs [--duration S] [--connections N] [--rounds N] [--soak S]
//                         [--people N] [--days D] [--teams T] [--only NAME,...] [--quick]
// --only measures the endpoints whose names contain one of the words (e.g. --only reports,notices; --only
// status for the status interface alone, held to its own target); --soak 0 skips the soak. --quick (1 s an endpoint, 10 connections, a 3 s soak, a small store) is the CI smoke run. Timings never
// fail the run (autocannon's timeouts, no answer in 10 s, are reported as errors but count as slowness);
// a server that exits, a connection error, or an answer other than 2xx under load does.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  bin,
  cpuTicks,
  isolatedEnv,
  machineLine,
  options,
  printTable,
  pulse,
  seedStore,
  settle,
  startServer,
  stopAll,
  TICK_US,
} from './lib.mjs';

const option = options();
const quick = option.has('--quick');
const duration = option.number('--duration', quick ? 1 : 10);
const connections = option.number('--connections', quick ? 10 : 50);
// Rounds alternate the two servers (bare first, then pulse first, ...), so a noisy moment on the machine
// does not favour either.
const rounds = option.number('--rounds', quick ? 1 : 2);
const soakSeconds = option.number('--soak', quick ? 3 : 60);
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt === -1 ? undefined : process.argv[onlyAt + 1].split(',');
// The soak's RSS is compared with its value after this much load (the caches and the JIT warm up first).
const warmupSeconds = Math.max(1, Math.min(10, Math.floor(soakSeconds / 3)));
const storeSize = {
  people: option.number('--people', quick ? 60 : 200),
  days: option.number('--days', quick ? 30 : 120),
  teams: option.number('--teams', quick ? 2 : 4),
};
const READ_TARGET = 0.6;
// The public status interface (issue 29): its answers are the same for everyone, served by the fast path.
const STATUS_TARGET = 0.8;
const FLAT = 1.2;

const { dir, env, cleanup } = isolatedEnv('pulse-bench-server-');
const store = join(dir, 'bench.db');
const children = [];
let stopping = false;

/** Starts a server and notes when it exits before the benchmark stops it: that breaks the run. */
async function start(argv) {
  const started = await startServer(argv, env, children, { dropStderr: /^shutting down: / });
  started.child.on('exit', (code, signal) => {
    if (!stopping) started.exited = `exited during the benchmark (${code ?? signal})`;
  });
  return started;
}

function check(server, name) {
  if (server.exited) throw new Error(`${name} ${server.exited}`);
}

function load(url, init) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, ...init }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

// autocannon's `errors` include its timeouts (no answer within 10 s). Timeouts are slowness, not breakage:
// counted and reported, they fail the target but not the run; other errors and non-2xx answers fail both.
const failures = (result) => result.errors + result.non2xx;
const breakages = (result) => result.errors - result.timeouts + result.non2xx;

/**
 * The body and type of one request to pulse, checked: status, JSON (unless `json` is false), and what the
 * caller expects of it. An `optional` endpoint pulse does not serve (404: a page of issue 29 not in this
 * build) gives undefined.
 */
async function sample(url, { method = 'GET', headers, body, json = true, optional = false }, expect) {
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  if (optional && response.status === 404) return undefined;
  if (response.status !== 200)
    throw new Error(`${method} ${url}: HTTP ${response.status} ${text.slice(0, 200)}`);
  const problem = expect(json ? JSON.parse(text) : text);
  if (problem) throw new Error(`${method} ${url}: ${problem}`);
  return { text, type: response.headers.get('content-type') ?? 'application/octet-stream' };
}

/**
 * A bare node:http server answering each `METHOD path` with its body and content type (reading request
 * bodies first).
 */
async function startBare(bodies) {
  const file = join(dir, 'bare-bodies.json');
  writeFileSync(file, JSON.stringify(bodies));
  const script = `
    const bodies = new Map(Object.entries(JSON.parse(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8')))
      .map(([key, { text, type }]) => [key, { body: Buffer.from(text), type }]));
    const server = require('node:http').createServer((req, res) => {
      const known = bodies.get(req.method + ' ' + req.url);
      const answer = () => {
        if (!known) { res.writeHead(404); return res.end(); }
        res.writeHead(200, { 'content-type': known.type, 'content-length': known.body.length });
        res.end(known.body);
      };
      if (req.method === 'GET') return answer();
      req.on('data', () => {});
      req.on('end', answer);
    });
    server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));`;
  return start(['-e', script]);
}

function rssKb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]);
}

const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;
/** Two decimals; two significant digits below 0.1, so a tiny ratio does not read as zero. */
const ratioText = (ratio) => (ratio >= 0.1 ? ratio.toFixed(2) : ratio.toPrecision(2));

const onSignal = () => {
  stopping = true;
  stopAll(children).finally(() => {
    cleanup();
    process.exit(130);
  });
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

try {
  const seeded = seedStore(env, store, { ...storeSize, seed: 1 });
  const [teamId, apiKey] = pulse(env, [
    '--store',
    store,
    'admin',
    'team',
    'api-key',
    '--team',
    'Platform',
  ]).split(/\s+/);
  const serveArgv = [
    bin,
    '--store',
    store,
    'serve',
    '--port',
    '0',
    '--rate-limit',
    'off',
    '--v1-rate-limit',
    'off',
    '--status-rate-limit',
    'off',
    // The load generator is one client from one address: room for every connection it opens.
    '--max-connections-per-client',
    String(Math.max(64, connections)),
  ];
  const served = await start(serveArgv);

  const v2 = { authorization: `Bearer ${seeded.token}` };
  const v1 = { 'x-team-id': teamId, 'x-api-key': apiKey };
  const json = { 'content-type': 'application/json' };
  const list = (length) => (body) =>
    Array.isArray(body) && body.length === length ? undefined : `expected a list of ${length}`;

  // The administrator's own check-in of today; on a day without one (a weekend, an absence) the latest.
  const today = new Date().toISOString().slice(0, 10);
  let patchPath = `/api/v2/check-ins/${today}`;
  const probe = await fetch(`${served.url}${patchPath}`, {
    method: 'PATCH',
    headers: { ...v2, ...json },
    body: JSON.stringify({ previous: 'bench 0' }),
  });
  await probe.arrayBuffer();
  if (probe.status !== 200) {
    const [latest] = JSON.parse(
      await sample(
        `${served.url}/api/v2/check-ins?people_ids[]=${seeded.administratorId}&per_page=1`,
        { headers: v2 },
        list(1),
      ),
    );
    patchPath = `/api/v2/check-ins/${latest.id}`;
  }
  let edits = 0;
  const nextEdit = () => JSON.stringify({ previous: `Benchmark edit ${++edits}: reviewed #bench notes` });

  const allEndpoints = [
    { name: 'GET check-ins', path: '/api/v2/check-ins?per_page=50', headers: v2, expect: list(50) },
    { name: 'GET goals', path: '/api/v2/goals?per_page=50', headers: v2, expect: list(50) },
    {
      name: 'PATCH check-in',
      method: 'PATCH',
      path: patchPath,
      headers: { ...v2, ...json },
      write: true,
      expect: (body) => (body?.type === 'check-in' ? undefined : 'expected a check-in'),
    },
    {
      name: 'GET v1 reports',
      path: '/api/v1/reports',
      headers: v1,
      expect: (body) => (Array.isArray(body?.reports) && body.reports.length > 0 ? undefined : 'no reports'),
    },
    {
      name: 'GET status page',
      path: '/status/api/v1/status',
      headers: {},
      expect: (body) => (typeof body?.page?.state === 'string' ? undefined : 'no page state'),
    },
    {
      name: 'GET status components',
      path: '/status/api/v1/components',
      headers: {},
      expect: (body) => (Array.isArray(body?.components) ? undefined : 'no components'),
    },
    {
      name: 'GET status notices',
      path: '/status/api/v1/notices',
      headers: {},
      expect: (body) => (Array.isArray(body?.notices) && body.notices.length > 0 ? undefined : 'no notices'),
    },
    // The status page's HTML and badge (issue 29): measured once the build serves them.
    {
      name: 'GET status HTML page',
      path: '/status',
      headers: { accept: 'text/html' },
      json: false,
      optional: true,
      expect: (text) => (/<html/i.test(text) ? undefined : 'no HTML'),
    },
    {
      name: 'GET status badge',
      path: '/status/badge.svg',
      headers: {},
      json: false,
      optional: true,
      expect: (text) => (/<svg/.test(text) ? undefined : 'no SVG'),
    },
  ];
  const chosen = allEndpoints.filter(({ name }) => !only || only.some((word) => name.includes(word)));
  if (chosen.length === 0) throw new Error(`--only ${only} names no endpoint`);
  const bodies = {};
  const endpoints = [];
  for (const endpoint of chosen) {
    const method = endpoint.method ?? 'GET';
    const sampled = await sample(
      `${served.url}${endpoint.path}`,
      {
        method,
        headers: endpoint.headers,
        body: endpoint.write ? nextEdit() : undefined,
        json: endpoint.json ?? true,
        optional: endpoint.optional ?? false,
      },
      endpoint.expect,
    );
    if (!sampled) {
      console.log(`${endpoint.name} (${endpoint.path}): not served by this build, skipped`);
      continue;
    }
    endpoints.push(endpoint);
    endpoint.body = sampled.text;
    bodies[`${method} ${endpoint.path}`] = sampled;
    // What autocannon sends: the method, headers and, for the write, a different text every time.
    endpoint.request = {
      method,
      headers: endpoint.headers,
      ...(endpoint.write
        ? { requests: [{ setupRequest: (request) => ({ ...request, body: nextEdit() }) }] }
        : {}),
    };
  }
  const bare = await startBare(bodies);

  console.log(machineLine());
  console.log(
    `store: ${storeSize.people} people, ${storeSize.days} days, ${storeSize.teams} teams: ${seeded.checkIns.toLocaleString('en-US')} check-ins`,
  );
  console.log(
    `load: ${connections} connections, ${rounds} alternating round${rounds === 1 ? '' : 's'} of ${duration} s per server and endpoint; the PATCH sets a different text each time\n`,
  );

  // CPU time per request of each server (its load, not the machine's, so steadier than req/s on a busy
  // machine); taken until the server has settled, so requests still in flight are counted.
  const rows = [
    [
      'endpoint',
      'bytes',
      'bare req/s',
      'pulse req/s',
      'ratio',
      'pulse p50/p99 ms',
      'errors',
      'CPU µs/req bare',
      'pulse',
    ],
  ];
  const results = [];
  for (const endpoint of endpoints) {
    const runs = { bare: [], pulse: [] };
    const cpu = { bare: 0, pulse: 0 };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ['bare', 'pulse'] : ['pulse', 'bare'];
      for (const which of order) {
        const server = which === 'bare' ? bare : served;
        const ticks = cpuTicks(server.child.pid);
        runs[which].push(await load(`${server.url}${endpoint.path}`, endpoint.request));
        check(server, which === 'bare' ? 'the bare server' : 'pulse serve');
        await settle(server);
        cpu[which] += cpuTicks(server.child.pid) - ticks;
      }
    }
    const average = (list) => list.reduce((sum, r) => sum + r.requests.average, 0) / list.length;
    const result = {
      endpoint,
      bare: average(runs.bare),
      pulse: average(runs.pulse),
      p50: Math.max(...runs.pulse.map((r) => r.latency.p50)),
      p99: Math.max(...runs.pulse.map((r) => r.latency.p99)),
      errors: runs.pulse.reduce((sum, r) => sum + failures(r), 0),
      timeouts: runs.pulse.reduce((sum, r) => sum + r.timeouts, 0),
      broken: runs.pulse.reduce((sum, r) => sum + breakages(r), 0),
      bareErrors: runs.bare.reduce((sum, r) => sum + failures(r), 0),
    };
    result.ratio = result.pulse / result.bare;
    const perRequest = (which) =>
      (cpu[which] * TICK_US) / runs[which].reduce((sum, r) => sum + r.requests.total, 0);
    result.cpuBare = perRequest('bare');
    result.cpuPulse = perRequest('pulse');
    results.push(result);
    rows.push([
      endpoint.name,
      String(endpoint.body.length),
      result.bare.toFixed(0),
      result.pulse.toFixed(0),
      ratioText(result.ratio),
      `${result.p50}/${result.p99}`,
      String(result.errors),
      perRequest('bare').toFixed(0),
      perRequest('pulse').toFixed(0),
    ]);
  }
  printTable(rows);
  console.log(`\n${endpoints.map((e) => `${e.name}: ${e.method ?? 'GET'} ${e.path}`).join('\n')}`);
  console.log("errors: pulse serve's connection errors, timeouts (no answer in 10 s) and non-2xx answers");
  for (const r of results.filter((r) => r.timeouts > 0))
    console.log(
      `timeouts: ${r.timeouts} on ${r.endpoint.name} (slowness: they fail the target, not the run)`,
    );

  const reads = results.filter((r) => !r.endpoint.write);
  if (reads.length > 0) {
    const lowest = reads.reduce((low, r) => (r.ratio < low.ratio ? r : low));
    const readErrors = reads.reduce((sum, r) => sum + r.errors, 0);
    console.log(
      `\nratio: ${ratioText(lowest.ratio)} of bare throughput, the lowest of the reads (${lowest.endpoint.name}; target at least ${READ_TARGET}, zero errors): ${lowest.ratio >= READ_TARGET && readErrors === 0 ? 'pass' : 'below'}`,
    );
  }
  const statusReads = results.filter((r) => r.endpoint.path.startsWith('/status'));
  if (statusReads.length > 0) {
    const lowest = statusReads.reduce((low, r) => (r.ratio < low.ratio ? r : low));
    const statusErrors = statusReads.reduce((sum, r) => sum + r.errors, 0);
    console.log(
      `status ratio: ${ratioText(lowest.ratio)} of bare throughput, the lowest of the status interface (${lowest.endpoint.name}; target at least ${STATUS_TARGET}, zero errors): ${lowest.ratio >= STATUS_TARGET && statusErrors === 0 ? 'pass' : 'below'}`,
    );
    // On a busy machine req/s follow the neighbours' load; CPU time a request follows the server's work.
    const cpuRatios = statusReads.map((r) => `${r.endpoint.name} ${ratioText(r.cpuBare / r.cpuPulse)}`);
    console.log(`status CPU ratio (bare µs/req over pulse µs/req): ${cpuRatios.join(', ')}`);
  }
  const write = results.find((r) => r.endpoint.write);
  if (write) {
    console.log(
      `write ratio: ${ratioText(write.ratio)} of bare throughput (PATCH check-in; reported, no target)`,
    );
  }

  let soak;
  if (soakSeconds > 0) {
    // The soak: a fresh server under mixed load, its resident memory sampled every second.
    stopping = true;
    await stopAll([served.child]);
    stopping = false;
    const soaked = await start(serveArgv);
    let page = 0;
    const paged = (path, pages) => (request) => ({
      ...request,
      path: `${path}&page=${(page++ % pages) + 1}`,
    });
    const soakRequests = [
      { method: 'GET', path: '/api/v2/check-ins?per_page=50', headers: v2 },
      { method: 'GET', headers: v2, setupRequest: paged('/api/v2/check-ins?per_page=50', 20) },
      { method: 'GET', path: '/api/v2/goals?per_page=50', headers: v2 },
      { method: 'GET', headers: v2, setupRequest: paged('/api/v2/goals?per_page=30', 5) },
      { method: 'GET', path: '/api/v1/reports', headers: v1 },
      { method: 'GET', path: '/api/v1/statuses', headers: v1 },
      { method: 'GET', path: '/status/api/v1/notices', headers: {} },
      { method: 'GET', path: '/api/v2/me', headers: v2 },
      { method: 'GET', path: '/api/v2/people?per_page=50', headers: v2 },
      {
        method: 'PATCH',
        path: patchPath,
        headers: { ...v2, ...json },
        setupRequest: (request) => ({ ...request, body: nextEdit() }),
      },
    ];
    const samples = [rssKb(soaked.child.pid)];
    const sampler = setInterval(() => {
      try {
        samples.push(rssKb(soaked.child.pid));
      } catch {
        // Gone: check() below reports the exit.
      }
    }, 1000);
    try {
      soak = await load(soaked.url, { duration: soakSeconds, requests: soakRequests });
    } finally {
      clearInterval(sampler);
    }
    check(soaked, 'pulse serve (soak)');
    samples.push(rssKb(soaked.child.pid));
    const afterWarmup = samples[Math.min(warmupSeconds, samples.length - 1)];
    const end = samples[samples.length - 1];
    const growth = end / afterWarmup;
    console.log(
      `\nsoak: ${soakSeconds} s of mixed load (9 reads of v2, v1 and status to 1 PATCH), ${connections} connections: ${soak.requests.average.toFixed(0)} req/s, p99 ${soak.latency.p99} ms, ${failures(soak)} errors (${soak.timeouts} timeouts)`,
    );
    console.log(
      `rss: idle ${mb(samples[0])}, after ${warmupSeconds} s warm-up ${mb(afterWarmup)}, end ${mb(end)}, max ${mb(Math.max(...samples))}`,
    );
    console.log(
      `memory: ${growth.toFixed(2)} end/after-warm-up (flat if at most ${FLAT}): ${growth <= FLAT ? 'flat' : 'growing'}`,
    );
  }

  const broken = [
    ...results.flatMap((r) => [
      ...(r.broken > 0 ? [`pulse serve: ${r.broken} errors or non-2xx answers on ${r.endpoint.name}`] : []),
      ...(r.bareErrors > 0 ? [`the bare server: ${r.bareErrors} errors on ${r.endpoint.name}`] : []),
    ]),
    ...(soak && breakages(soak) > 0
      ? [`pulse serve: ${breakages(soak)} errors or non-2xx answers during the soak`]
      : []),
  ];
  if (broken.length > 0) throw new Error(broken.join('\n'));
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  stopping = true;
  await stopAll(children);
  cleanup();
}

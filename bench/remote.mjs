// Remote client benchmark: walking check-ins page by page from `pulse serve` with pulse's own client
// (RemoteService over HttpClient, in process, from dist/bench-api.js) against the same requests made by a
// plain keep-alive fetch loop with JSON.parse, in the same run, walks alternating. Prints medians and the
// ratio; a loop of undici's request() (what the client is built on) shows what the client itself adds.
//   node bench/remote.mjs [--pages N] [--walks N] [--quick]
// --quick (20 pages, 2 walks each, a small store) is the CI smoke run. Timings never fail the run; a walk
// that errors or comes back short does.
import { join } from 'node:path';
import { Agent, request } from 'undici';
import {
  bin,
  isolatedEnv,
  machineLine,
  options,
  percentile,
  printTable,
  seedStore,
  startServer,
  stopAll,
} from './lib.mjs';

const option = options();
const quick = option.has('--quick');
const pages = option.number('--pages', quick ? 20 : 200);
const walks = option.number('--walks', quick ? 2 : 7);
const PER_PAGE = 50;
const TARGET = 1.2;
// Enough completed check-ins for every page to be full: 200 people over 120 days give ~16,800.
const storeSize = quick ? { people: 60, days: 30, teams: 2 } : { people: 200, days: 120, teams: 4 };

const { HttpClient, RemoteService } = await import(new URL('../dist/bench-api.js', import.meta.url).href);
const { dir, env, cleanup } = isolatedEnv('pulse-bench-remote-');
const store = join(dir, 'bench.db');
const children = [];

const onSignal = () => {
  stopAll(children).finally(() => {
    cleanup();
    process.exit(130);
  });
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

/** Walks the pages with pulse's client; returns how many check-ins it read. */
async function walkClient(service) {
  let count = 0;
  for (let page = 1; page <= pages; page++) {
    const result = await service.listCheckIns({ page, per_page: PER_PAGE });
    count += result.items.length;
    if (!result.hasNext && page < pages) break;
  }
  return count;
}

/** The same requests with fetch (undici's keep-alive pool) and JSON.parse. */
async function walkFetch(base, token) {
  const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
  let count = 0;
  for (let page = 1; page <= pages; page++) {
    const response = await fetch(`${base}/check-ins?page=${page}&per_page=${PER_PAGE}`, { headers });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`fetch: HTTP ${response.status} for page ${page}`);
    count += JSON.parse(text).length;
    if (!/rel="next"/.test(response.headers.get('link') ?? '') && page < pages) break;
  }
  return count;
}

/** The floor under the client: the same requests with undici's request() on the client's kind of pool. */
async function walkUndici(agent, base, token) {
  const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
  let count = 0;
  for (let page = 1; page <= pages; page++) {
    const response = await request(`${base}/check-ins?page=${page}&per_page=${PER_PAGE}`, {
      headers,
      dispatcher: agent,
    });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`undici: HTTP ${response.statusCode} for page ${page}`);
    count += JSON.parse(text).length;
    if (!/rel="next"/.test(String(response.headers.link ?? '')) && page < pages) break;
  }
  return count;
}

async function timed(walk) {
  const started = performance.now();
  const count = await walk();
  const ms = performance.now() - started;
  if (count !== pages * PER_PAGE) throw new Error(`a walk read ${count} check-ins, not ${pages * PER_PAGE}`);
  return ms;
}

let client;
let agent;
try {
  const seeded = seedStore(env, store, { ...storeSize, seed: 1 });
  if (seeded.checkIns < pages * PER_PAGE)
    throw new Error(`the store has ${seeded.checkIns} check-ins, fewer than ${pages * PER_PAGE}`);
  const { url, child } = await startServer(
    [bin, '--store', store, 'serve', '--port', '0', '--rate-limit', 'off'],
    env,
    children,
    { dropStderr: /^shutting down: / },
  );
  const base = `${url}/api/v2`;
  client = new RemoteService(new HttpClient({ baseUrl: base, token: seeded.token }));

  agent = new Agent({ keepAliveTimeout: 10_000 });
  const walkers = {
    client: () => walkClient(client),
    fetch: () => walkFetch(base, seeded.token),
    undici: () => walkUndici(agent, base, seeded.token),
  };
  const names = Object.keys(walkers);
  // One walk of each first: fills the server's response cache for all and warms up the JIT.
  for (const name of names) await timed(walkers[name]);
  const times = { client: [], fetch: [], undici: [] };
  for (let walk = 0; walk < walks; walk++) {
    // Each walk starts with a different one of the three, so no one always follows the same neighbour.
    for (let i = 0; i < names.length; i++) {
      const name = names[(walk + i) % names.length];
      times[name].push(await timed(walkers[name]));
    }
    if (child.exitCode !== null)
      throw new Error(`pulse serve exited during the benchmark (${child.exitCode})`);
  }

  const median = (list) => percentile(list, 50);
  const ratio = median(times.client) / median(times.fetch);
  console.log(machineLine());
  console.log(
    `store: ${storeSize.people} people, ${storeSize.days} days, ${storeSize.teams} teams: ${seeded.checkIns.toLocaleString('en-US')} check-ins`,
  );
  console.log(
    `walk: ${pages} pages of ${PER_PAGE} (${(pages * PER_PAGE).toLocaleString('en-US')} check-ins) from pulse serve on loopback, ${walks} alternating walks each after one warm-up\n`,
  );
  const row = (name, list) => [
    name,
    `${median(list).toFixed(1)} ms`,
    `${percentile(list, 0).toFixed(1)} ms`,
    `${percentile(list, 100).toFixed(1)} ms`,
    `${((median(list) * 1000) / pages).toFixed(0)} µs`,
  ];
  printTable([
    ['walk', 'median', 'min', 'max', 'per page'],
    row('fetch loop', times.fetch),
    row('undici request loop', times.undici),
    row('pulse client', times.client),
  ]);
  console.log(
    `\nratio: ${ratio.toFixed(2)}x of the fetch loop's time (target within ${TARGET}x): ${ratio <= TARGET ? 'pass' : 'below'}`,
  );
  console.log(
    `client over the undici request loop: ${(median(times.client) / median(times.undici)).toFixed(2)}x (what the client adds; no target)`,
  );
} catch (error) {
  console.error(error.stack ?? error.message);
  process.exitCode = 1;
} finally {
  await client?.close();
  await agent?.close();
  await stopAll(children);
  cleanup();
}

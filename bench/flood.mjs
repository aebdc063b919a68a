// Flood benchmark: a well-behaved client's latency on `pulse serve` while one address floods it with idle
// sockets and slowlorises (issue 24 item 4). The client (from 127.0.0.2, a new connection a request, as
// the CLI makes one a command) reads GET /api/v2/me in three phases on the same server build:
//   quiet      no flood;
//   flood      520 idle sockets and 20 slowlorises from 127.0.0.1, each reopened as soon as the server
//              closes it (the attacker runs in its own process, so it does not slow the client's loop);
//   uncapped   the same flood against a server started with --max-connections-per-client 512, i.e.
//              without the per-client cap (as before it): the client is refused while the flood holds.
// It prints requests, refusals (closed without an answer, or no answer in 10 s), p50, p99, the worst, and
// the server's CPU over the phase (of one core).
// The bar is a p99 under 100 ms during the flood. Timings never fail the run.
//   node bench/flood.mjs [--requests N] [--idle N] [--slow N] [--reopen-ms MS] [--quick]
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import {
  bin,
  cpuTicks,
  isolatedEnv,
  machineLine,
  options,
  percentile,
  printTable,
  pulse,
  startServer,
  stopAll,
  TICK_US,
} from './lib.mjs';

const option = options();

if (option.has('--attack')) await attack();
else await main();

/** The attacker (a child process): `--attack PORT`; prints "flooding" once every socket was opened once. */
async function attack() {
  const port = option.number('--attack', 0);
  const idle = option.number('--idle', 520);
  const slow = option.number('--slow', 20);
  const reopenMs = option.number('--reopen-ms', 100);
  const head = `GET /status/api/v1/components HTTP/1.1\r\nHost: x\r\nX-Padding: ${'x'.repeat(200)}\r\n\r\n`;
  let firstOpened = 0;
  const keep = (dribbling) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' });
    let timer;
    socket.on('error', () => {});
    socket.once('connect', () => {
      if (++firstOpened === idle + slow) process.stdout.write('flooding\n');
      if (!dribbling) return;
      let sent = 0;
      // A byte every 200 ms: the head would take 54 s.
      timer = setInterval(() => {
        if (sent < head.length && !socket.destroyed) socket.write(head[sent++]);
      }, 200);
    });
    socket.once('close', () => {
      clearInterval(timer);
      setTimeout(() => keep(dribbling), reopenMs);
    });
  };
  for (let index = 0; index < idle; index++) keep(false);
  for (let index = 0; index < slow; index++) keep(true);
  // Runs until the benchmark kills it.
  await new Promise(() => {});
}

/** One GET on a new connection from 127.0.0.2: its milliseconds, or undefined when refused or unanswered. */
function timedGet(url, token) {
  const started = performance.now();
  return new Promise((resolve) => {
    const call = request(
      url,
      {
        localAddress: '127.0.0.2',
        agent: false,
        headers: { authorization: `Bearer ${token}` },
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve(response.statusCode === 200 ? performance.now() - started : undefined),
        );
      },
    );
    call.on('timeout', () => call.destroy());
    call.on('error', () => resolve(undefined));
    call.end();
  });
}

/** The client's `count` requests to `url`: a row of the table, with the server's CPU over the phase. */
async function measure(server, url, token, count) {
  const times = [];
  let refused = 0;
  const started = performance.now();
  const ticks = cpuTicks(server.child.pid);
  for (let index = 0; index < count; index++) {
    const ms = await timedGet(url, token);
    if (ms === undefined) refused++;
    else times.push(ms);
  }
  const cpu = ((cpuTicks(server.child.pid) - ticks) * TICK_US) / 1000 / (performance.now() - started);
  const ms = (p) => (times.length ? `${percentile(times, p).toFixed(1)} ms` : '-');
  return [String(count), String(refused), ms(50), ms(99), ms(100), `${Math.round(cpu * 100)}%`];
}

/** Starts the attacker against `url`; resolves with it once its every socket was opened once. */
async function startAttack(url, children) {
  const child = spawn(
    process.execPath,
    [
      new URL(import.meta.url).pathname,
      '--attack',
      new URL(url).port,
      '--idle',
      String(option.number('--idle', 520)),
      '--slow',
      String(option.number('--slow', 20)),
      '--reopen-ms',
      String(option.number('--reopen-ms', 100)),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('flooding')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the attacker exited (${code})`)));
  });
  // Let the server work through the first wave before the client starts.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return child;
}

async function main() {
  const quick = option.has('--quick');
  const count = option.number('--requests', quick ? 50 : 1_000);
  const { dir, env, cleanup } = isolatedEnv('pulse-bench-flood-');
  const store = join(dir, 'flood.db');
  const children = [];
  try {
    pulse(env, ['--store', store, 'init', '--name', 'Ana', '--email', 'ana@example.com', '--team', 'Core']);
    const token = pulse(env, ['--store', store, 'admin', 'token', 'create', '--person', 'ana@example.com']);
    const rows = [['phase', 'requests', 'refused', 'p50', 'p99', 'worst', 'server CPU']];
    const serve = (extra) =>
      startServer(
        [bin, '--store', store, 'serve', '--port', '0', '--rate-limit', 'off', ...extra],
        env,
        children,
        {
          dropStderr: /^shutting down: /,
        },
      );

    const server = await serve([]);
    const me = `${server.url}/api/v2/me`;
    // Warm the server (JIT, caches) before anything is measured.
    await measure(server, me, token, Math.min(count, 100));
    rows.push(['quiet', ...(await measure(server, me, token, count))]);
    const attacker = await startAttack(server.url, children);
    rows.push(['flood', ...(await measure(server, me, token, count))]);
    attacker.kill('SIGKILL');
    server.child.kill('SIGTERM');

    const uncapped = await serve(['--max-connections-per-client', '512']);
    const uncappedMe = `${uncapped.url}/api/v2/me`;
    await measure(uncapped, uncappedMe, token, Math.min(count, 100));
    await startAttack(uncapped.url, children);
    rows.push(['uncapped', ...(await measure(uncapped, uncappedMe, token, count))]);

    console.log(machineLine());
    printTable(rows);
  } finally {
    await stopAll(children);
    cleanup();
  }
}

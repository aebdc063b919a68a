// Server benchmark: GET /api/v2/check-ins?per_page=50 on `pulse serve` against a bare node:http server
// returning a body of the same size, each loaded on loopback by autocannon in the same run.
//   node bench/server.mjs [--duration S] [--connections N] [--rounds N] [--quick]
// --quick (1 s, 10 connections) is the CI smoke run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { seedCheckIns } from './seed.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const duration = option('--duration', quick ? 1 : 10);
const connections = option('--connections', quick ? 10 : 50);
// Rounds alternate the two servers, so a noisy moment on the machine does not favour either.
const rounds = option('--rounds', quick ? 1 : 2);

const bin = new URL('../bin/pulse.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'pulse-bench-server-'));
const store = join(dir, 'bench.db');
const env = {
  ...process.env,
  HOME: dir,
  XDG_DATA_HOME: join(dir, 'data'),
  XDG_CONFIG_HOME: join(dir, 'config'),
  TZ: 'UTC',
};
const children = [];

function pulse(argv) {
  const result = spawnSync(process.execPath, [bin, '--store', store, ...argv], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pulse ${argv.join(' ')} failed: ${result.stderr}`);
  return result.stdout.trim();
}

/** 100 people with 20 weekdays of check-ins each in one team: every page of 50 is full. */
function seed() {
  pulse(['init', '--name', 'Bench Admin', '--email', 'admin@bench.test', '--team', 'Core']);
  seedCheckIns(store, { people: 100, checkIns: 2_000 });
  return pulse(['admin', 'token', 'create', '--person', 'admin@bench.test']);
}

/** Starts a child process and resolves with the URL from its `listening on URL` line. */
function startServer(argv) {
  const child = spawn(process.execPath, argv, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout.on('data', (chunk) => {
      seen += chunk;
      const match = /listening on (\S+)/.exec(seen);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited early (${code})`)));
  });
}

function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

try {
  const token = seed();
  const pulseUrl = await startServer([bin, '--store', store, 'serve', '--port', '0', '--rate-limit', 'off']);
  const path = '/api/v2/check-ins?per_page=50';
  const headers = { authorization: `Bearer ${token}` };
  const sample = await fetch(`${pulseUrl}${path}`, { headers });
  const body = await sample.text();
  if (sample.status !== 200 || JSON.parse(body).length !== 50)
    throw new Error(`unexpected sample: ${sample.status}`);
  const bareScript = `
    const body = Buffer.from(${JSON.stringify(body)});
    const server = require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    });
    server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));`;
  const bareUrl = await startServer(['-e', bareScript]);

  console.log(`machine: ${cpus()[0]?.model ?? 'unknown'}, ${cpus().length} cores, node ${process.version}`);
  console.log(
    `load: ${connections} connections, ${rounds} alternating rounds of ${duration} s per server, response ${body.length} bytes\n`,
  );
  const bareRuns = [];
  const servedRuns = [];
  for (let round = 0; round < rounds; round++) {
    bareRuns.push(await load(`${bareUrl}${path}`, headers));
    servedRuns.push(await load(`${pulseUrl}${path}`, headers));
  }
  const combine = (runs) => ({
    requests: { average: runs.reduce((sum, r) => sum + r.requests.average, 0) / runs.length },
    latency: {
      p50: Math.max(...runs.map((r) => r.latency.p50)),
      p99: Math.max(...runs.map((r) => r.latency.p99)),
    },
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    timeouts: runs.reduce((sum, r) => sum + r.timeouts, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
  });
  const bare = combine(bareRuns);
  const served = combine(servedRuns);
  const row = (name, r) => [
    name,
    r.requests.average.toFixed(0),
    String(r.latency.p50),
    String(r.latency.p99),
    String(r.errors + r.timeouts + r.non2xx),
  ];
  const ratio = served.requests.average / bare.requests.average;
  const rows = [
    ['server', 'req/s', 'p50 ms', 'p99 ms', 'errors'],
    row('bare node:http', bare),
    row('pulse serve', served),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((r) => r[column].length)));
  for (const r of rows) console.log(r.map((cell, column) => cell.padEnd(widths[column])).join('  '));
  console.log(
    `\nratio: ${ratio.toFixed(2)} of bare throughput (target at least 0.5, zero errors): ${ratio >= 0.5 && served.errors + served.non2xx === 0 ? 'pass' : 'below'}`,
  );
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  rmSync(dir, { recursive: true, force: true });
}

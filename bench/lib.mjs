// What the benchmarks share: an isolated environment, running and seeding pulse, starting servers,
// percentiles and the printed tables. Every benchmark prints ratios to a baseline measured in the same
// run (machines are noisy); none asserts a time.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';

export const bin = new URL('../bin/pulse.js', import.meta.url).pathname;

/** `--name value` from argv as a number, else the fallback; `--flag` presence. */
export function options(argv = process.argv.slice(2)) {
  return {
    has: (name) => argv.includes(name),
    number: (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback),
  };
}

/** A temporary directory with HOME and XDG dirs inside it; `cleanup()` removes it. */
export function isolatedEnv(prefix = 'pulse-bench-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const env = {
    ...process.env,
    HOME: dir,
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_CONFIG_HOME: join(dir, 'config'),
    TZ: 'UTC',
  };
  for (const name of ['PULSE_STORE', 'PULSE_PROFILE', 'PULSE_BASE_URL', 'PULSE_TOKEN', 'PULSE_STATUS_URL'])
    delete env[name];
  return { dir, env, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `pulse ...argv` to completion; returns its stdout trimmed, throws with its stderr on failure. */
export function pulse(env, argv) {
  const result = spawnSync(process.execPath, [bin, ...argv], { env, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (result.status !== 0)
    throw new Error(`pulse ${argv.join(' ')} failed (${result.status}): ${result.stderr}`);
  return result.stdout.trim();
}

/**
 * Seeds a new store with `pulse admin seed` and creates a write token for its administrator.
 * Returns { administratorId, token, seconds, checkIns } (checkIns as the seeder reported them).
 */
export function seedStore(env, store, { people, days, teams, seed = 1 }) {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [
      bin,
      '--store',
      store,
      'admin',
      'seed',
      '--people',
      String(people),
      '--days',
      String(days),
      '--teams',
      String(teams),
      '--seed',
      String(seed),
    ],
    { env, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`pulse admin seed failed: ${result.stderr}`);
  const seconds = (performance.now() - started) / 1000;
  const checkIns = Number(/([\d,]+) check-ins,/.exec(result.stderr)?.[1].replaceAll(',', ''));
  const token = pulse(env, ['--store', store, 'admin', 'token', 'create', '--person', 'admin@seed.example']);
  return { administratorId: result.stdout.trim(), token, seconds, checkIns };
}

/**
 * Starts a child process and resolves with { url, child } once it prints `listening on URL`. With
 * `dropStderr` (a RegExp), the child's stderr lines that match it are dropped and the rest passed on, e.g.
 * `pulse serve`'s note on shutting down, so a benchmark's stderr holds only what went wrong.
 */
export function startServer(argv, env, children, { dropStderr } = {}) {
  const child = spawn(process.execPath, argv, {
    env,
    stdio: ['ignore', 'pipe', dropStderr ? 'pipe' : 'inherit'],
  });
  children?.push(child);
  if (dropStderr) {
    let partial = '';
    const pass = (text) => {
      const lines = (partial + text).split('\n');
      partial = lines.pop();
      for (const line of lines) if (!dropStderr.test(line)) process.stderr.write(`${line}\n`);
    };
    child.stderr.setEncoding('utf8').on('data', pass);
    child.stderr.on('end', () => {
      if (partial && !dropStderr.test(partial)) process.stderr.write(partial);
    });
  }
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout.on('data', (chunk) => {
      seen += chunk;
      const match = /listening on (\S+)/.exec(seen);
      if (match) resolve({ url: match[1], child });
    });
    child.on('exit', (code) => reject(new Error(`server exited early (${code})`)));
  });
}

/** Stops child processes and waits for them to exit. */
export async function stopAll(children) {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** The p-th percentile (0..100) of numbers, nearest-rank. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function machineLine() {
  return `machine: ${cpus()[0]?.model ?? 'unknown'}, ${cpus().length} cores, node ${process.version}`;
}

/** Prints rows (arrays of strings, the first one the header) as aligned columns. */
export function printTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  for (const row of rows)
    console.log(
      row
        .map((cell, column) => String(cell).padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    );
}

/**
 * A seeded store for benchmarks that only read it (bench/core.mjs; bench/ask.mjs copies it). With `cache`,
 * kept under tmpdir()/pulse-bench-stores keyed by its parameters and reused when present (unless `fresh`);
 * otherwise seeded into a temporary directory that `cleanup()` removes. A reused store keeps the dates of
 * the day it was seeded (`seededOn`). Returns { path, reused, cached, seconds, checkIns, seededOn, cleanup }.
 */
export function seededStore(spec, { cache = true, fresh = false } = {}) {
  const { env, dir, cleanup } = isolatedEnv('pulse-bench-store-');
  const seed = spec.seed ?? 1;
  const name = `seed-p${spec.people}-d${spec.days}-t${spec.teams}-s${seed}`;
  const cacheDir = join(tmpdir(), 'pulse-bench-stores');
  const path = join(cacheDir, `${name}.db`);
  const factsPath = join(cacheDir, `${name}.json`);
  if (cache && !fresh && existsSync(path) && existsSync(factsPath)) {
    cleanup();
    const facts = JSON.parse(readFileSync(factsPath, 'utf8'));
    return { path, reused: true, cached: true, ...facts, cleanup: () => {} };
  }
  const seededPath = join(dir, 'seeded.db');
  const seeded = seedStore(env, seededPath, { ...spec, seed });
  const facts = {
    seconds: seeded.seconds,
    checkIns: seeded.checkIns,
    seededOn: new Date().toISOString().slice(0, 10),
  };
  if (!cache) return { path: seededPath, reused: false, cached: false, ...facts, cleanup };
  // Moved into place only once complete (the last process to close it folded its WAL into the file).
  if (existsSync(`${seededPath}-wal`)) throw new Error(`${seededPath} still has a WAL file`);
  mkdirSync(cacheDir, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  renameSync(seededPath, path);
  writeFileSync(factsPath, JSON.stringify(facts));
  cleanup();
  return { path, reused: false, cached: true, ...facts, cleanup: () => {} };
}

// Linux counts a process's CPU time in ticks of 1/100 s (USER_HZ).
export const TICK_US = 10_000;

/** CPU time (user + system) of a process so far, in clock ticks. */
export function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Waits until a server has gone idle (under 10% of a core for 200 ms): a slow server still works through
 * the requests in flight when autocannon stops, and that must not be charged to the next measurement.
 */
export async function settle(server) {
  const deadline = performance.now() + 60_000;
  let before = cpuTicks(server.child.pid);
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (server.child.exitCode !== null) return;
    const now = cpuTicks(server.child.pid);
    if (now - before <= 2) return;
    before = now;
  }
}

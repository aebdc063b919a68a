/**
 * A short run of each benchmark, so they cannot rot; no timing is asserted (machines are noisy). Each run
 * may take a minute or two on a loaded two-core machine: the child's deadline is 120 s, the test's 150 s.
 */
import { execa } from 'execa';
import { expect, it } from 'vitest';
import { missingParts } from './helpers/system-parts.js';

it('bench/startup runs and reports a ratio for every command', async () => {
  const result = await execa(process.execPath, ['bench/startup.mjs', '--quick'], {
    reject: false,
    timeout: 120_000,
  });
  expect([result.exitCode, result.stderr]).toEqual([0, '']);
  const commands = [
    "node -e ''",
    'pulse --version',
    'pulse --help',
    'pulse checkin list --json',
    'pulse goal list --json',
    'pulse checkin due',
    'pulse status --check',
  ];
  for (const command of commands) {
    const row = result.stdout.split('\n').find((line) => line.startsWith(command));
    const ratio = Number(/ (\d+\.\d+)x /.exec(row ?? '')?.[1]);
    expect([command, ratio > 0]).toEqual([command, true]);
  }
}, 150_000);

it('bench/startup --baseline compares two builds (here this one with itself) command by command', async () => {
  const result = await execa(process.execPath, ['bench/startup.mjs', '--quick', '--baseline', '.'], {
    reject: false,
    timeout: 120_000,
  });
  expect([result.exitCode, result.stderr]).toEqual([0, '']);
  for (const command of [
    'pulse --version',
    'pulse --help',
    'pulse checkin list --json',
    'pulse goal list --json',
    'pulse checkin due',
    'pulse status --check',
  ]) {
    const row = result.stdout.split('\n').find((line) => line.startsWith(command));
    // command, A and B wall medians, their ratio, A and B CPU medians, their ratio
    const ratios = [...(row ?? '').matchAll(/ (\d+\.\d+)x/g)].map((match) => Number(match[1]));
    expect([command, ratios.length, ratios.every((ratio) => ratio > 0)]).toEqual([command, 2, true]);
  }
}, 150_000);

it('bench/server loads every endpoint of both servers, then soaks, and reports the ratios', async () => {
  const result = await execa(process.execPath, ['bench/server.mjs', '--quick'], {
    reject: false,
    timeout: 120_000,
  });
  expect([result.exitCode, result.stderr]).toEqual([0, '']);
  const ratio = Number(/ratio: (\d+\.\d+) of bare throughput/.exec(result.stdout)?.[1]);
  expect(ratio).toBeGreaterThan(0);
  const lines = result.stdout.split('\n');
  for (const endpoint of [
    'GET check-ins',
    'GET goals',
    'PATCH check-in',
    'GET v1 reports',
    'GET status notices',
  ]) {
    const cells = (lines.find((line) => line.startsWith(`${endpoint}  `)) ?? '').split(/\s{2,}/);
    // endpoint, bytes, bare req/s, pulse req/s, ratio, pulse p50/p99, errors
    expect([endpoint, Number(cells[3]) > 0, Number(cells[4]) > 0]).toEqual([endpoint, true, true]);
  }
  expect(Number(/write ratio: (\d+\.\d+) of bare throughput/.exec(result.stdout)?.[1])).toBeGreaterThan(0);
  const growth = Number(/memory: (\d+\.\d+) end\/after-warm-up/.exec(result.stdout)?.[1]);
  expect(growth).toBeGreaterThan(0);
}, 150_000);

it('bench/remote walks the pages with the client and with fetch and reports the ratio', async () => {
  const result = await execa(process.execPath, ['bench/remote.mjs', '--quick'], {
    reject: false,
    timeout: 120_000,
  });
  expect([result.exitCode, result.stderr]).toEqual([0, '']);
  const ratio = Number(/ratio: (\d+\.\d+)x of the fetch loop's time/.exec(result.stdout)?.[1]);
  expect(ratio).toBeGreaterThan(0);
  for (const walk of ['fetch loop', 'pulse client']) {
    const row = result.stdout.split('\n').find((line) => line.startsWith(walk)) ?? '';
    expect([walk, Number.parseFloat(row.split(/\s{2,}/)[1] ?? '') > 0]).toEqual([walk, true]);
  }
}, 150_000);

it('bench/core times every list operation at each store size and reports p99 and growth', async () => {
  const result = await execa(process.execPath, ['bench/core.mjs', '--quick'], {
    reject: false,
    timeout: 120_000,
  });
  expect([result.exitCode, result.stderr]).toEqual([0, '']);
  const met = /target p99 <= 10 ms at the largest store: (\d+) of (\d+) operations met/.exec(result.stdout);
  expect(Number(met?.[2])).toBeGreaterThan(30);
  expect(result.stdout).toContain('check-ins');
}, 150_000);

it('bench/ask answers every Ask and reports p50 and p95', async () => {
  const result = await execa(process.execPath, ['bench/ask.mjs', '--quick'], {
    reject: false,
    timeout: 120_000,
  });
  expect([result.exitCode, result.stderr]).toEqual([0, '']);
  const p95 = Number(/Asks: p50 \d+ ms, p95 (\d+) ms/.exec(result.stdout)?.[1]);
  expect(p95).toBeGreaterThanOrEqual(0);
}, 150_000);

it('bench/ask-eval scores the reduced set, lists its failures and times the phrasings on a seeded store', async () => {
  const result = await execa(
    process.execPath,
    ['bench/ask-eval/run.mjs', '--quick', '--failures', '--latency', '--people', '20', '--days', '30'],
    { reject: false, timeout: 120_000 },
  );
  expect([result.exitCode, result.stderr]).toEqual([0, '']);
  for (const measure of [
    'fully right',
    'precision',
    'recall',
    'count accuracy',
    'yes/no accuracy',
    'false "nobody"',
  ])
    expect(result.stdout).toMatch(new RegExp(`^${measure}.* (\\d+(\\.\\d)?%|\\d+|n/a)( |$)`, 'm'));
  expect(result.stdout).toMatch(/^failures: \d+$/m);
  expect(result.stdout).toMatch(/^p50 \d+ ms, p95 \d+ ms, max \d+ ms;/m);

  const json = await execa(process.execPath, ['bench/ask-eval/run.mjs', '--quick', '--json'], {
    timeout: 120_000,
  });
  const { summary } = JSON.parse(json.stdout);
  expect(summary.questions).toBeGreaterThanOrEqual(36);
  expect(Object.keys(summary.byIntent).sort()).toEqual([
    'count',
    'feeling',
    'what',
    'which-goals',
    'who',
    'yes-no',
  ]);
}, 300_000);

it('bench/seed-rate seeds a store and reports its rate against a bare insert loop', async () => {
  const result = await execa(process.execPath, ['bench/seed-rate.mjs', '--quick'], {
    reject: false,
    timeout: 120_000,
  });
  expect([result.exitCode, result.stderr]).toEqual([0, '']);
  const rate = Number(/rate: ([\d,]+) check-ins\/s/.exec(result.stdout)?.[1]?.replaceAll(',', ''));
  expect(rate).toBeGreaterThan(0);
}, 150_000);

it('bench/flood measures a client beside a flood, with and without the per-client cap', async () => {
  const result = await execa(process.execPath, ['bench/flood.mjs', '--quick'], {
    reject: false,
    timeout: 120_000,
  });
  expect([result.exitCode, result.stderr]).toEqual([0, '']);
  const lines = result.stdout.split('\n');
  const cells = (phase: string) =>
    (lines.find((line) => line.startsWith(`${phase}  `)) ?? '').split(/\s{2,}/);
  // phase, requests, refused, p50, p99, worst, server CPU: with the cap every request is answered.
  expect(cells('quiet').slice(0, 3)).toEqual(['quiet', '50', '0']);
  expect(cells('flood').slice(0, 3)).toEqual(['flood', '50', '0']);
  expect(cells('uncapped')[0]).toBe('uncapped');
}, 150_000);

// bench/instances starts a PostgreSQL of its own: the run's answering shows that one starts here.
it.skipIf(await missingParts('postgres'))(
  'bench/instances loads 1, 2 and 4 instances on PostgreSQL and one on SQLite and reports the ratios',
  async () => {
    const result = await execa(process.execPath, ['bench/instances.mjs', '--quick'], {
      reject: false,
      timeout: 120_000,
    });
    expect([result.exitCode, result.stderr]).toEqual([0, '']);
    const lines = result.stdout.split('\n');
    for (const configuration of [
      'SQLite, 1 instance',
      'PostgreSQL, 1 instance',
      'PostgreSQL, 2 instances',
      'PostgreSQL, 4 instances',
    ]) {
      const cells = (lines.find((line) => line.startsWith(`${configuration}  `)) ?? '').split(/\s{2,}/);
      // configuration, read req/s, ratio, p99, write req/s, ratio, p99
      expect([configuration, Number(cells[1]) > 0, Number(cells[2]) > 0, Number(cells[4]) > 0]).toEqual([
        configuration,
        true,
        true,
        true,
      ]);
    }
  },
  150_000,
);

it('bench/absences imports a CSV against pulse serve, then re-runs it, and reports both runs', async () => {
  const result = await execa(process.execPath, ['bench/absences.mjs', '--quick'], {
    reject: false,
    timeout: 120_000,
  });
  expect([result.exitCode, result.stderr]).toEqual([0, '']);
  const lines = result.stdout.split('\n');
  for (const run of ['first (created)', 're-run (already set)', 'dry run']) {
    const cells = (lines.find((line) => line.startsWith(`${run}  `)) ?? '').split(/\s{2,}/);
    // run, seconds, per date, exit, 429 lines
    expect([run, Number(cells[1]) > 0, cells[3], cells[4]]).toEqual([run, true, '0', '0']);
  }
  expect(result.stdout).toMatch(
    /^re-run: \d+\.\d+ s \(target < 5 s: (met|MISSED)\); ratio to the first run: /m,
  );
}, 150_000);

it('bench/walk walks two stores in both formats and reports the time, memory and ratio of each', async () => {
  const result = await execa(process.execPath, ['bench/walk.mjs', '--quick'], {
    reject: false,
    timeout: 120_000,
  });
  expect([result.exitCode, result.stderr]).toEqual([0, '']);
  for (const format of ['TSV', '--json']) {
    const row = result.stdout.split('\n').find((line) => new RegExp(`^large\\s+${format}\\s`).test(line));
    const ratio = Number(/ (\d+\.\d+)x \(rows/.exec(row ?? '')?.[1]);
    expect([format, ratio > 0]).toEqual([format, true]);
  }
}, 150_000);

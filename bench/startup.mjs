// Start-up benchmark: whole `pulse` processes against bare `node -e ''`, measured in the same run and
// interleaved round-robin so machine noise hits every command alike. Prints medians and ratios.
//   node bench/startup.mjs [--runs N] [--quick]
// --quick (3 runs, a 2,000 check-in store) is the CI smoke run; the figures are meaningful only in full.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedCheckIns } from './seed.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const runsIndex = args.indexOf('--runs');
const runs = runsIndex >= 0 ? Number(args[runsIndex + 1]) : quick ? 3 : 15;
const warmups = quick ? 1 : 3;
const checkIns = quick ? 2_000 : 100_000;
const peopleCount = quick ? 50 : 500;

const bin = new URL('../bin/pulse.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'pulse-bench-'));
const store = join(dir, 'bench.db');
const env = {
  ...process.env,
  HOME: dir,
  XDG_DATA_HOME: join(dir, 'data'),
  XDG_CONFIG_HOME: join(dir, 'config'),
  TZ: 'UTC',
};
delete env.PULSE_STORE;
delete env.PULSE_PROFILE;

function run(command, argv) {
  const result = spawnSync(command, argv, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0)
    throw new Error(`${command} ${argv.join(' ')} failed (${result.status}): ${result.stderr}`);
}

function seed() {
  run(process.execPath, [
    bin,
    '--store',
    store,
    'init',
    '--name',
    'Bench Admin',
    '--email',
    'admin@bench.test',
    '--team',
    'Core',
  ]);
  return seedCheckIns(store, { people: peopleCount, checkIns });
}

const commands = [
  { name: "node -e ''", argv: ['-e', ''], target: null },
  { name: 'pulse --version', argv: [bin, '--version'], target: 1.3 },
  {
    name: 'pulse checkin list --json',
    argv: [bin, '--store', store, 'checkin', 'list', '--json'],
    target: 2,
  },
];

function time(argv) {
  const started = process.hrtime.bigint();
  run(process.execPath, argv);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

try {
  const seedMs = seed();
  console.log(
    `seeded ${checkIns.toLocaleString('en')} check-ins for ${peopleCount} people in ${seedMs.toFixed(0)} ms`,
  );
  console.log(`machine: ${cpus()[0]?.model ?? 'unknown'}, ${cpus().length} cores, node ${process.version}`);
  console.log(`runs: ${runs} per command after ${warmups} warm-up, interleaved\n`);
  for (let i = 0; i < warmups; i++) for (const command of commands) time(command.argv);
  const samples = commands.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [index, command] of commands.entries()) samples[index].push(time(command.argv));
  }

  const baseline = quantile(samples[0], 0.5);
  const rows = commands.map((command, index) => {
    const median = quantile(samples[index], 0.5);
    const ratio = median / baseline;
    return [
      command.name,
      median.toFixed(1),
      quantile(samples[index], 0.9).toFixed(1),
      `${ratio.toFixed(2)}x`,
      command.target ? `${command.target}x` : '-',
      command.target ? (ratio <= command.target ? 'pass' : 'over') : 'baseline',
    ];
  });
  const header = ['command', 'median ms', 'p90 ms', 'ratio', 'target', 'result'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  for (const row of [header, ...rows])
    console.log(row.map((cell, column) => cell.padEnd(widths[column])).join('  '));
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

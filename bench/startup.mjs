// Start-up benchmark: whole `pulse` processes against bare `node -e ''`, measured in the same run and
// interleaved round-robin so machine noise hits every command alike. Prints medians and ratios.
//   node bench/startup.mjs [--runs N] [--quick]
// --quick (3 runs, a 2,000 check-in store) is the CI smoke run; the figures are meaningful only in full.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

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

/** Recent weekdays, newest first: enough distinct dates for every person's share of check-ins. */
function weekdays(count) {
  const dates = [];
  for (let day = Date.UTC(2026, 10, 20); dates.length < count; day -= 86_400_000) {
    const weekday = new Date(day).getUTCDay();
    if (weekday !== 0 && weekday !== 6) dates.push(new Date(day).toISOString().slice(0, 10));
  }
  return dates;
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
  const db = new Database(store);
  const team = db.prepare('select id from teams').get().id;
  const now = new Date().toISOString();
  const person = db.prepare(
    "insert into people (id, name, username, email, time_zone, administrator, kind, created_at, updated_at) values (?, ?, ?, ?, 'UTC', 0, 'human', ?, ?)",
  );
  const member = db.prepare('insert into memberships (team_id, person_id, created_at) values (?, ?, ?)');
  const checkIn = db.prepare(
    'insert into check_ins (id, person_id, date, previous, intentions, blockers, mood, blocked, completed_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const inTeam = db.prepare('insert into check_in_teams (check_in_id, team_id) values (?, ?)');
  const moods = ['calm', 'happy', 'focused', 'tired', 'stressed'];
  const started = process.hrtime.bigint();
  db.transaction(() => {
    const ids = [];
    for (let i = 0; i < peopleCount; i++) {
      const id = randomUUID();
      ids.push(id);
      person.run(id, `Person ${i}`, `person${i}`, `person${i}@bench.test`, now, now);
      member.run(team, id, now);
    }
    const dates = weekdays(Math.ceil(checkIns / peopleCount));
    for (let n = 0; n < checkIns; n++) {
      const date = dates[Math.floor(n / peopleCount)];
      const id = randomUUID();
      const blocked = n % 7 === 0;
      checkIn.run(
        id,
        ids[n % peopleCount],
        date,
        'Reviewed pull requests and fixed a flaky test',
        'Finish the import job',
        blocked ? 'waiting on access to staging' : 'none',
        moods[n % moods.length],
        blocked ? 1 : 0,
        `${date}T09:${String(n % 60).padStart(2, '0')}:00.000Z`,
        now,
        now,
      );
      inTeam.run(id, team);
    }
  })();
  db.close();
  return Number(process.hrtime.bigint() - started) / 1e6;
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

// Seeding rate: `pulse admin seed` writing a store of about 1,000,000 check-ins (2,000 people, 20 teams,
// two years), against a baseline measured in the same run: the same number of rows of the same width
// inserted by a bare better-sqlite3 loop into a table with only a rowid (no keys, no indexes, no
// search index) in one transaction, which is about the fastest Node writes rows into SQLite here.
//   node bench/seed-rate.mjs [--people N] [--days D] [--teams T] [--quick]
// --quick (100 people, 20 days) is the CI smoke run.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { isolatedEnv, machineLine, options, printTable, seedStore } from './lib.mjs';

const flags = options();
const quick = flags.has('--quick');
const people = flags.number('--people', quick ? 100 : 2_000);
const days = flags.number('--days', quick ? 20 : 730);
const teams = flags.number('--teams', quick ? 2 : 20);
const TARGET = 100_000;

/** Rows of a check-in's width into a bare table: the floor of what writing N rows costs. */
function bareInsertRate(path, rows) {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.exec(
    'CREATE TABLE rows (id TEXT, person_id TEXT, date TEXT, previous TEXT, intentions TEXT, blockers TEXT, mood TEXT, completed_at TEXT)',
  );
  const insert = db.prepare('INSERT INTO rows VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const started = performance.now();
  db.transaction(() => {
    for (let n = 0; n < rows; n++)
      insert.run(
        `e9d04e98-e905-51d0-9d07-${String(n).padStart(12, '0')}`,
        '5e9ca16a-dbe8-4e11-82f0-b66757e50c2b',
        '2026-11-23',
        'Reviewed the pull requests for the billing service',
        'Finish the search import job',
        'none',
        'calm',
        '2026-11-23T09:12:00.000Z',
      );
  })();
  const seconds = (performance.now() - started) / 1000;
  db.close();
  return rows / seconds;
}

const { env, dir, cleanup } = isolatedEnv('pulse-bench-seed-');
try {
  console.log(machineLine());
  console.log(`store: --people ${people} --days ${days} --teams ${teams}\n`);
  const seeded = seedStore(env, join(dir, 'seeded.db'), { people, days, teams });
  const seedRate = seeded.checkIns / seeded.seconds;
  const bareRate = bareInsertRate(join(dir, 'bare.db'), seeded.checkIns);
  const k = (rate) => Math.round(rate).toLocaleString('en');
  printTable([
    ['writer', 'check-ins', 'seconds', 'check-ins/s', 'ratio'],
    ['bare insert loop (baseline)', seeded.checkIns.toLocaleString('en'), '', k(bareRate), '1.00'],
    [
      'pulse admin seed (whole process)',
      seeded.checkIns.toLocaleString('en'),
      seeded.seconds.toFixed(1),
      k(seedRate),
      (seedRate / bareRate).toFixed(2),
    ],
  ]);
  console.log(
    `\nrate: ${k(seedRate)} check-ins/s (target at least ${k(TARGET)}): ${seedRate >= TARGET ? 'met' : 'below'}`,
  );
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  cleanup();
}

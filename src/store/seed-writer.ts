/**
 * The bulk writer behind `pulse admin seed`: the generator's rows (src/core/seed) written straight into
 * a new SQLite store, in one transaction, at hundreds of thousands of rows a second.
 *
 * What makes it fast, each measured (docs/performance.md): prepared statements run directly on
 * the SQLite driver (no query builder per row); the secondary indexes of the big tables dropped during the
 * load and rebuilt by one sort each at the end; the search index's per-row triggers replaced by one pass
 * (withDeferredSearchIndex); a large page cache; a rollback journal instead of the WAL for the load
 * (throughRollbackJournal); no foreign-key lookups; and `synchronous = OFF` for this connection only,
 * which is safe here because the whole load is one transaction: a crash leaves the store as it was.
 */
import { hash } from 'node:crypto';
import { ConflictError } from '../core/errors.js';
import type { CheckInRow } from '../core/repository.js';
import { generateSeed, type SeedSink, type SeedSpec, type SeedSummary } from '../core/seed/generate.js';
import { DEFAULT_PERSON_KEY } from './repository/list-reads.js';
import { storedCheckIn, storedGoal, storedPerson, storedTeam } from './repository/stored-rows.js';
import type { Database } from './schema.js';
import { withDeferredSearchIndex } from './search/sqlite-fts.js';
import { flag } from './sql-values.js';
import { openSqlite, type SqliteConnection } from './sqlite-driver.js';
import { onStore } from './storage-errors.js';

// Secondary indexes rebuilt after the load (one sort each) instead of updated on every insert.
const DEFERRED_INDEXES = [
  'check_ins_completed_order',
  'check_ins_by_person',
  'check_in_teams_by_team_completed',
  'check_in_teams_by_team_date',
  'check_in_tags_by_tag',
  'digest_by_recipient',
  'digest_by_resource',
  'activities_by_time',
  'activities_by_person',
  'goal_updates_by_goal',
  'goal_updates_by_time',
  // Written by the search index's one pass (withDeferredSearchIndex), a row per indexed item.
  'search_items_by_kind_time',
];

/** Seeds the store at `path` (already migrated, with no account yet); `progress` is called once a day. */
export function seedSqliteStore(
  path: string,
  spec: SeedSpec,
  progress: (done: number, total: number) => void,
): SeedSummary {
  return onStore(path, () => seedFile(path, spec, progress));
}

function seedFile(path: string, spec: SeedSpec, progress: SeedSink['progress']): SeedSummary {
  const db = openSqlite(path);
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // Off for this connection only: every key the generator writes names a row it wrote before (the seed
    // test checks the store with foreign_key_check), and the checks cost a parent lookup a row.
    db.pragma('foreign_keys = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -2097152');
    return throughRollbackJournal(db, () => db.transaction(() => load(db, spec, progress)).immediate());
  } finally {
    db.close();
  }
}

const BUSY_TIMEOUT_MS = 10_000;

/**
 * Runs `write` with a rollback journal rather than the store's WAL, and puts the WAL back after. In WAL
 * mode every page of the load is written twice (into the log at commit, then into the file by the
 * checkpoint); a rollback journal copies only the pages the transaction overwrites, and a new store is a
 * few pages long: everything the load appends past its end is written once, and the load stays one
 * atomic transaction. Leaving WAL needs the file to itself; with another connection open (another
 * process on this store) the load runs in WAL as before.
 */
function throughRollbackJournal<T>(db: SqliteConnection, write: () => T): T {
  const left = switchJournal(db, 'delete', 0);
  try {
    return write();
  } finally {
    // Should a reader arrive meanwhile and outwait the timeout, the next open sets WAL again (open.ts).
    if (left) switchJournal(db, 'wal', BUSY_TIMEOUT_MS);
  }
}

/** Sets the journal mode, waiting up to `timeoutMs` for other connections; whether it was set. */
function switchJournal(db: SqliteConnection, mode: 'delete' | 'wal', timeoutMs: number): boolean {
  db.pragma(`busy_timeout = ${timeoutMs}`);
  try {
    return db.pragma(`journal_mode = ${mode}`, { simple: true }) === mode;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return false;
    throw error;
  } finally {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}

function load(db: SqliteConnection, spec: SeedSpec, progress: SeedSink['progress']): SeedSummary {
  if (db.prepare('SELECT 1 FROM account').get() !== undefined)
    throw new ConflictError(
      `${db.name} already has an account: seed fills a new store (give another --store)`,
    );
  const indexes = db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name IN (${DEFERRED_INDEXES.map(() => '?').join(', ')})`,
    )
    .all(...DEFERRED_INDEXES) as { name: string; sql: string }[];
  const triggers = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger'`).all() as {
    name: string;
    sql: string;
  }[];
  const maxRowid = db.prepare('SELECT coalesce(max(rowid), 0) FROM search_items').pluck();
  for (const index of indexes) db.exec(`DROP INDEX ${index.name}`);
  const summary = withDeferredSearchIndex(
    (statement) => db.exec(statement),
    triggers,
    () => maxRowid.get() as number,
    () => {
      const teams = deferredCheckInTeams(db);
      const summary = generateSeed(spec, hash, sink(db, teams, progress));
      teams.write();
      return summary;
    },
  );
  for (const index of indexes) db.exec(index.sql);
  // Fresh statistics, so the planner sees the seeded shape rather than an empty store.
  db.exec('ANALYZE');
  return summary;
}

/**
 * An INSERT of every column of the table (but `generated`, which the database numbers), each bound by
 * name from the row given to run(): the columns come from the table itself, so the rows are the
 * repository's (stored-rows.ts) and no column is listed twice.
 */
function rowInserter(db: SqliteConnection, table: keyof Database, generated?: string) {
  const columns = (db.pragma(`table_info(${table})`) as { name: string }[])
    .map((column) => column.name)
    .filter((name) => name !== generated);
  return db.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((name) => `@${name}`).join(', ')})`,
  );
}

/**
 * check_in_teams, written after the load by one INSERT ... SELECT in check-in id order rather than a row
 * as each check-in comes: its primary key (check_in_id, team_id) then grows at its end instead of at
 * random places, and no statement runs per row (1.9 µs a row instead of 3.3, measured). Meanwhile only
 * which team each check-in went to is kept, a small integer a check-in; a check-in with other than one
 * team has its rows written as it comes.
 */
function deferredCheckInTeams(db: SqliteConnection) {
  // With the check-in's copies, as the repository's insertTeamInclusions writes them (migrations 011, 012).
  const copies = ['date', 'completed_at', 'updated_at', 'blocked', 'previous_completed'];
  const columns = ['check_in_id', 'team_id', ...copies, 'shared'];
  const direct = db.prepare(
    `INSERT INTO check_in_teams (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  const teamIds: string[] = [];
  const teamIndexes = new Map<string, number>();
  // The team of the check-in with rowid firstRowid + i (-1: written directly).
  const teamOf: number[] = [];
  let firstRowid = 0;
  db.function('seed_check_in_team', { deterministic: true }, (rowid) => {
    return teamIds[teamOf[(rowid as number) - firstRowid] as number] ?? null;
  });
  return {
    add(rowid: number, row: CheckInRow) {
      if (teamOf.length === 0) firstRowid = rowid;
      // One writer appending in one transaction: the rowids follow one another.
      if (rowid !== firstRowid + teamOf.length) throw new Error(`check-in rowid ${rowid} out of sequence`);
      const teamId = row.team_ids.length === 1 ? row.team_ids[0] : undefined;
      if (teamId === undefined) {
        teamOf.push(-1);
        const previous = row.previous_completed === null ? null : flag(row.previous_completed);
        const values = [row.date, row.completed_at, row.updated_at, flag(row.blocked), previous];
        const shared = flag(row.team_ids.length > 1);
        for (const id of row.team_ids) direct.run(row.id, id, ...values, shared);
        return;
      }
      let index = teamIndexes.get(teamId);
      if (index === undefined) {
        index = teamIds.push(teamId) - 1;
        teamIndexes.set(teamId, index);
      }
      teamOf.push(index);
    },
    write() {
      if (teamOf.length === 0) return;
      db.prepare(
        `INSERT INTO check_in_teams (${columns.join(', ')})
          SELECT * FROM (
            SELECT id, seed_check_in_team(rowid) AS team_id, ${copies.join(', ')}, 0 AS shared FROM check_ins
            WHERE rowid >= ? ORDER BY id
          ) WHERE team_id IS NOT NULL`,
      ).run(firstRowid);
    },
  };
}

function sink(
  db: SqliteConnection,
  checkInTeams: ReturnType<typeof deferredCheckInTeams>,
  progress: SeedSink['progress'],
): SeedSink {
  const account = rowInserter(db, 'account');
  const setting = rowInserter(db, 'settings');
  const person = rowInserter(db, 'people');
  const team = rowInserter(db, 'teams');
  const membership = rowInserter(db, 'memberships');
  const checkIn = rowInserter(db, 'check_ins');
  const checkInTag = rowInserter(db, 'check_in_tags');
  const absence = rowInserter(db, 'member_absences');
  const goal = rowInserter(db, 'goals');
  const goalTeam = rowInserter(db, 'goal_teams');
  const goalContributor = rowInserter(db, 'goal_contributors');
  const goalUpdate = rowInserter(db, 'goal_updates');
  const activity = rowInserter(db, 'activities');
  const comment = rowInserter(db, 'comments');
  const digest = rowInserter(db, 'digest_entries');
  const page = rowInserter(db, 'status_page');
  // The status tables number their rows themselves.
  const component = rowInserter(db, 'status_components', 'id');
  const notice = rowInserter(db, 'status_notices', 'id');
  const noticeComponent = rowInserter(db, 'status_notice_components');
  const noticeUpdate = rowInserter(db, 'status_notice_updates', 'id');
  return {
    account(row, createdAt, defaultPersonId) {
      account.run({ ...row, created_at: createdAt });
      setting.run({ key: DEFAULT_PERSON_KEY, value: defaultPersonId });
    },
    person: (row) => person.run(storedPerson(row)),
    team: (row) => team.run(storedTeam(row)),
    membership: (row) => membership.run({ ...row, manager: flag(row.manager) }),
    checkIn(row, tags) {
      const { lastInsertRowid } = checkIn.run(storedCheckIn(row));
      checkInTeams.add(Number(lastInsertRowid), row);
      for (const tag of tags) checkInTag.run({ check_in_id: row.id, tag });
    },
    memberAbsence: (personId, date) => absence.run({ person_id: personId, date }),
    goal(row) {
      goal.run(storedGoal(row));
      for (const team_id of row.team_ids) goalTeam.run({ goal_id: row.id, team_id });
      for (const person_id of row.contributor_ids) goalContributor.run({ goal_id: row.id, person_id });
    },
    goalUpdate: (row) => goalUpdate.run(row),
    activity: (row) => activity.run(row),
    comment: (row) => comment.run(row),
    digestEntry: (row) => digest.run(row),
    statusPage: (row) => page.run({ ...row, id: 1 }),
    component: (row) => Number(component.run(row).lastInsertRowid),
    notice(row, componentIds) {
      const id = Number(notice.run(row).lastInsertRowid);
      for (const component_id of componentIds) noticeComponent.run({ notice_id: id, component_id });
      return id;
    },
    noticeUpdate: (row) => noticeUpdate.run(row),
    progress,
  };
}

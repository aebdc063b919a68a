/**
 * The bulk writer behind `pulse admin seed`: the generator's rows (src/core/seed) written straight into
 * a new SQLite store, in one transaction, at hundreds of thousands of rows a second.
 *
 * What makes it fast, each measured (docs/performance.md): prepared statements run directly on
 * better-sqlite3 (no query builder per row); the secondary indexes of the big tables dropped during the
 * load and rebuilt by one sort each at the end; the search index's per-row triggers replaced by one pass
 * (withDeferredSearchIndex); a large page cache; a rollback journal instead of the WAL for the load
 * (throughRollbackJournal); no foreign-key lookups; and `synchronous = OFF` for this connection only,
 * which is safe here because the whole load is one transaction: a crash leaves the store as it was.
 */
import { hash } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { ConflictError } from '../core/errors.js';
import type { CheckInRow } from '../core/repository.js';
import { generateSeed, type SeedSink, type SeedSpec, type SeedSummary } from '../core/seed/generate.js';
import { DEFAULT_PERSON_KEY } from './repository/list-reads.js';
import { withDeferredSearchIndex } from './search/sqlite-fts.js';
import { flag } from './sql-values.js';
import { addonFile } from './sqlite-addon.js';
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
  const db = new SqliteDatabase(path, { nativeBinding: addonFile() });
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
function throughRollbackJournal<T>(db: SqliteDatabase.Database, write: () => T): T {
  const left = switchJournal(db, 'delete', 0);
  try {
    return write();
  } finally {
    // Should a reader arrive meanwhile and outwait the timeout, the next open sets WAL again (open.ts).
    if (left) switchJournal(db, 'wal', BUSY_TIMEOUT_MS);
  }
}

/** Sets the journal mode, waiting up to `timeoutMs` for other connections; whether it was set. */
function switchJournal(db: SqliteDatabase.Database, mode: 'delete' | 'wal', timeoutMs: number): boolean {
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

function load(db: SqliteDatabase.Database, spec: SeedSpec, progress: SeedSink['progress']): SeedSummary {
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

function insert(db: SqliteDatabase.Database, table: string, columns: readonly string[]) {
  return db.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
}

/**
 * check_in_teams, written after the load by one INSERT ... SELECT in check-in id order rather than a row
 * as each check-in comes: its primary key (check_in_id, team_id) then grows at its end instead of at
 * random places, and no statement runs per row (1.9 µs a row instead of 3.3, measured). Meanwhile only
 * which team each check-in went to is kept, a small integer a check-in; a check-in with other than one
 * team has its rows written as it comes.
 */
function deferredCheckInTeams(db: SqliteDatabase.Database) {
  // With the check-in's copies, as the repository's insertTeamInclusions writes them (migrations 011, 012).
  const copies = ['date', 'completed_at', 'updated_at', 'blocked', 'previous_completed'];
  const columns = ['check_in_id', 'team_id', ...copies, 'shared'];
  const direct = insert(db, 'check_in_teams', columns);
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
  db: SqliteDatabase.Database,
  checkInTeams: ReturnType<typeof deferredCheckInTeams>,
  progress: SeedSink['progress'],
): SeedSink {
  const person = insert(db, 'people', [
    'id',
    'name',
    'first_name',
    'last_name',
    'slug',
    'username',
    'email',
    'time_zone',
    'location',
    'title',
    'bio',
    'administrator',
    'kind',
    'created_at',
    'updated_at',
  ]);
  const team = insert(db, 'teams', [
    'id',
    'name',
    'description',
    'private',
    'completion_tracking',
    'mood_tracking',
    'report_days',
    'created_at',
    'updated_at',
    'questions',
  ]);
  const membership = insert(db, 'memberships', ['team_id', 'person_id', 'role', 'manager', 'created_at']);
  const checkIn = insert(db, 'check_ins', [
    'id',
    'person_id',
    'date',
    'previous',
    'intentions',
    'blockers',
    'mood',
    'previous_completed',
    'blocked',
    'completed_at',
    'created_at',
    'updated_at',
  ]);
  const checkInTag = insert(db, 'check_in_tags', ['check_in_id', 'tag']);
  const absence = insert(db, 'member_absences', ['person_id', 'date']);
  const goal = insert(db, 'goals', [
    'id',
    'title',
    'description',
    'start_date',
    'end_date',
    'update_cadence',
    'owner_id',
    'parent_id',
    'private',
    'archived',
    'created_at',
    'updated_at',
  ]);
  const goalTeam = insert(db, 'goal_teams', ['goal_id', 'team_id']);
  const goalContributor = insert(db, 'goal_contributors', ['goal_id', 'person_id']);
  const goalUpdate = insert(db, 'goal_updates', [
    'id',
    'goal_id',
    'person_id',
    'title',
    'body',
    'progress',
    'confidence',
    'created_at',
    'updated_at',
  ]);
  const activity = insert(db, 'activities', [
    'id',
    'person_id',
    'kind',
    'group_name',
    'title',
    'description',
    'url',
    'recorded_at',
    'check_in_id',
    'html_description',
  ]);
  const comment = insert(db, 'comments', [
    'id',
    'resource_type',
    'resource_id',
    'person_id',
    'body',
    'created_at',
  ]);
  const digest = insert(db, 'digest_entries', [
    'id',
    'recipient_id',
    'category',
    'resource_type',
    'resource_id',
    'published_at',
    'read_at',
  ]);
  const page = insert(db, 'status_page', ['id', 'name', 'url', 'created_at', 'updated_at']);
  const component = insert(db, 'status_components', [
    'name',
    'description',
    'parent_id',
    'state',
    'created_at',
    'updated_at',
  ]);
  const notice = insert(db, 'status_notices', [
    'type',
    'state',
    'subject',
    'begins_at',
    'ends_at',
    'began_at',
    'ended_at',
    'created_at',
    'updated_at',
  ]);
  const noticeComponent = insert(db, 'status_notice_components', ['notice_id', 'component_id']);
  const noticeUpdate = insert(db, 'status_notice_updates', [
    'notice_id',
    'state',
    'content',
    'created_at',
    'updated_at',
  ]);
  const account = insert(db, 'account', ['id', 'name', 'created_at']);
  const setting = insert(db, 'settings', ['key', 'value']);
  return {
    account(row, createdAt, defaultPersonId) {
      account.run(row.id, row.name, createdAt);
      setting.run(DEFAULT_PERSON_KEY, defaultPersonId);
    },
    person: (row) =>
      person.run(
        row.id,
        row.name,
        row.first_name,
        row.last_name,
        row.slug,
        row.username,
        row.email.toLowerCase(),
        row.time_zone,
        row.location,
        row.title,
        row.bio,
        flag(row.administrator),
        row.kind,
        row.created_at,
        row.updated_at,
      ),
    team: (row) =>
      team.run(
        row.id,
        row.name,
        row.description,
        flag(row.private),
        flag(row.completion_tracking),
        flag(row.mood_tracking),
        row.report_days.join(','),
        row.created_at,
        row.updated_at,
        null,
      ),
    membership: (row) =>
      membership.run(row.team_id, row.person_id, row.role, flag(row.manager), row.created_at),
    checkIn(row, tags) {
      const previousCompleted = row.previous_completed === null ? null : flag(row.previous_completed);
      const { lastInsertRowid } = checkIn.run(
        row.id,
        row.person_id,
        row.date,
        row.previous,
        row.intentions,
        row.blockers,
        row.mood,
        previousCompleted,
        flag(row.blocked),
        row.completed_at,
        row.created_at,
        row.updated_at,
      );
      checkInTeams.add(Number(lastInsertRowid), row);
      for (const tag of tags) checkInTag.run(row.id, tag);
    },
    memberAbsence: (personId, date) => absence.run(personId, date),
    goal(row) {
      goal.run(
        row.id,
        row.title,
        row.description,
        row.start_date,
        row.end_date,
        row.update_cadence,
        row.owner_id,
        row.parent_id,
        flag(row.private),
        flag(row.archived),
        row.created_at,
        row.updated_at,
      );
      for (const teamId of row.team_ids) goalTeam.run(row.id, teamId);
      for (const personId of row.contributor_ids) goalContributor.run(row.id, personId);
    },
    goalUpdate: (row) =>
      goalUpdate.run(
        row.id,
        row.goal_id,
        row.person_id,
        row.title,
        row.body,
        row.progress,
        row.confidence,
        row.created_at,
        row.updated_at,
      ),
    activity: (row) =>
      activity.run(
        row.id,
        row.person_id,
        row.kind,
        row.group_name,
        row.title,
        row.description,
        row.url,
        row.recorded_at,
        row.check_in_id,
        row.html_description,
      ),
    comment: (row) =>
      comment.run(row.id, row.resource_type, row.resource_id, row.person_id, row.body, row.created_at),
    digestEntry: (row) =>
      digest.run(
        row.id,
        row.recipient_id,
        row.category,
        row.resource_type,
        row.resource_id,
        row.published_at,
        row.read_at,
      ),
    statusPage: (row) => page.run(1, row.name, row.url, row.created_at, row.updated_at),
    component: (row) =>
      Number(
        component.run(row.name, row.description, row.parent_id, row.state, row.created_at, row.updated_at)
          .lastInsertRowid,
      ),
    notice(row, componentIds) {
      const id = Number(
        notice.run(
          row.type,
          row.state,
          row.subject,
          row.begins_at,
          row.ends_at,
          row.began_at,
          row.ended_at,
          row.created_at,
          row.updated_at,
        ).lastInsertRowid,
      );
      for (const componentId of componentIds) noticeComponent.run(id, componentId);
      return id;
    },
    noticeUpdate: (row) =>
      noticeUpdate.run(row.notice_id, row.state, row.content, row.created_at, row.updated_at),
    progress,
  };
}

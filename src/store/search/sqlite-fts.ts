/**
 * The answer engine's full-text index on SQLite: FTS5 with BM25 ranking (PostgreSQL's is a tsvector
 * index, postgres-tsvector.ts, behind the same Repository.search: the dialects' search).
 *
 * `search_items` maps every indexed item (check-in, goal, goal update, comment, activity) to a stable
 * integer document id and carries what retrieval filters on before ranking (kind, author, time). The
 * text lives in `search_text`, a contentless FTS5 table: the words are indexed, the text itself stays in
 * the items' own tables. Triggers keep both current on every insert, update and delete (including rows
 * removed by foreign-key cascades), whoever writes.
 */
import { type Kysely, sql } from 'kysely';
import type { SearchHit, SearchQuery, Window } from '../../core/repository.js';
import { searchIndex } from './search-filters.js';

/** What each kind of item contributes to the index. */
interface IndexedKind {
  kind: string;
  table: string;
  /** SQL over NEW/OLD columns (prefix `row.`) giving the author, the time and the text. */
  person: string;
  at: string;
  text: string;
  /** Only rows meeting this are indexed (check-ins once they carry answers). */
  when?: string;
  /** Columns whose change re-indexes a row. */
  columns: string[];
}

const words = (...columns: string[]) =>
  columns.map((column) => `coalesce(row.${column}, '')`).join(` || ' ' || `);

export const INDEXED_KINDS: IndexedKind[] = [
  {
    kind: 'check-in',
    table: 'check_ins',
    person: 'row.person_id',
    // Check-ins are windowed by their date; everything else by its timestamp.
    at: 'row.date',
    text: words('previous', 'intentions', 'blockers'),
    when: 'row.completed_at IS NOT NULL',
    columns: ['previous', 'intentions', 'blockers', 'completed_at'],
  },
  {
    kind: 'goal',
    table: 'goals',
    person: 'row.owner_id',
    at: 'row.created_at',
    text: words('title', 'description'),
    columns: ['title', 'description'],
  },
  {
    kind: 'goal-update',
    table: 'goal_updates',
    person: 'row.person_id',
    at: 'row.created_at',
    text: words('title', 'body'),
    columns: ['title', 'body'],
  },
  {
    kind: 'comment',
    table: 'comments',
    person: 'row.person_id',
    at: 'row.created_at',
    text: words('body'),
    columns: ['body'],
  },
  {
    kind: 'activity',
    table: 'activities',
    person: 'row.person_id',
    at: 'row.recorded_at',
    text: words('group_name', 'title', 'description'),
    columns: ['group_name', 'title', 'description'],
  },
];

const on = (expression: string, row: 'NEW' | 'OLD') => expression.replaceAll('row.', `${row}.`);

function indexStatements(spec: IndexedKind, row: 'NEW'): string {
  const condition = spec.when ? ` AND ${on(spec.when, row)}` : '';
  return `
    INSERT INTO search_items (kind, item_id, person_id, at)
      SELECT '${spec.kind}', ${row}.id, ${on(spec.person, row)}, ${on(spec.at, row)} WHERE 1${condition};
    INSERT INTO search_text (rowid, body)
      SELECT rowid, ${on(spec.text, row)} FROM search_items WHERE item_id = ${row}.id${condition};`;
}

const unindexStatements = (row: 'OLD') => `
    DELETE FROM search_text WHERE rowid = (SELECT rowid FROM search_items WHERE item_id = ${row}.id);
    DELETE FROM search_items WHERE item_id = ${row}.id;`;

/** Creates the index, its triggers, and indexes what the store already holds. */
export async function createSearchIndex(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE search_items (
    rowid INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    item_id TEXT NOT NULL UNIQUE,
    person_id TEXT NOT NULL,
    at TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX search_items_by_kind_time ON search_items (kind, at)`.execute(db);
  // porter: "blocked" finds "blocking" and "blockers"; remove_diacritics: "cafe" finds "café".
  await sql`CREATE VIRTUAL TABLE search_text USING fts5(
    body, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2'
  )`.execute(db);

  for (const spec of INDEXED_KINDS) {
    const prefix = `${spec.table}_search`;
    await sql
      .raw(`CREATE TRIGGER ${prefix}_insert AFTER INSERT ON ${spec.table} BEGIN${indexStatements(spec, 'NEW')}
      END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${prefix}_update AFTER UPDATE OF ${spec.columns.join(', ')} ON ${spec.table}
      BEGIN${unindexStatements('OLD')}${indexStatements(spec, 'NEW')}
      END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${prefix}_delete AFTER DELETE ON ${spec.table} BEGIN${unindexStatements('OLD')}
      END`)
      .execute(db);

    // What the store held before the index existed.
    for (const statement of backfillStatements(spec, 0)) await sql.raw(statement).execute(db);
  }
}

/**
 * Indexes the rows of one kind that are not in the index yet (all of them, for a new index); the new
 * items are those above `lastRowid`, the highest rowid of search_items before.
 */
function backfillStatements(spec: IndexedKind, lastRowid: number): string[] {
  const condition = spec.when ? ` AND ${spec.when}` : '';
  return [
    `INSERT INTO search_items (kind, item_id, person_id, at)
        SELECT '${spec.kind}', row.id, ${spec.person}, ${spec.at} FROM ${spec.table} AS row
        WHERE row.id NOT IN (SELECT item_id FROM search_items)${condition}`,
    `INSERT INTO search_text (rowid, body)
        SELECT items.rowid, ${spec.text} FROM ${spec.table} AS row
        JOIN search_items AS items ON items.item_id = row.id
        WHERE items.rowid > ${Math.trunc(lastRowid)}`,
  ];
}

/**
 * Bulk loading (`pulse admin seed`): what `load` inserts into the indexed tables skips the per-row
 * triggers and is indexed in one pass afterwards, with FTS5's merging deferred during the pass. Runs
 * inside the caller's transaction, so a failure leaves neither rows nor index behind. `exec` runs one
 * SQL statement.
 */
export function withDeferredSearchIndex<T>(
  exec: (statement: string) => void,
  triggers: readonly { name: string; sql: string }[],
  maxRowid: () => number,
  load: () => T,
): T {
  const inserts = triggers.filter((trigger) => trigger.name.endsWith('_search_insert'));
  for (const trigger of inserts) exec(`DROP TRIGGER ${trigger.name}`);
  const result = load();
  exec(`INSERT INTO search_text (search_text, rank) VALUES ('automerge', 0)`);
  for (const spec of INDEXED_KINDS) {
    for (const statement of backfillStatements(spec, maxRowid())) exec(statement);
  }
  // Back to FTS5's default, so later writes merge segments as usual.
  exec(`INSERT INTO search_text (search_text, rank) VALUES ('automerge', 4)`);
  for (const trigger of inserts) exec(trigger.sql);
  return result;
}

/**
 * An FTS5 query matching any of the words (BM25 ranks items with more and rarer matches first). Each
 * word is quoted, so nothing a person types can act as query syntax.
 */
export function anyOf(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' OR ');
}

/** Ranked full-text matches within the window (BM25). */
export function searchSqlite<DB>(db: Kysely<DB>, query: SearchQuery, window: Window): Promise<SearchHit[]> {
  return searchIndex(
    db,
    query,
    window,
    ({ terms, inWindow, byPerson, page }) => sql<SearchHit>`
      SELECT i.kind AS kind, i.item_id AS id, bm25(search_text) AS rank
      FROM search_text JOIN search_items AS i ON i.rowid = search_text.rowid
      WHERE search_text MATCH ${anyOf(terms)} AND ${inWindow} ${byPerson}
      ${page}`,
  );
}

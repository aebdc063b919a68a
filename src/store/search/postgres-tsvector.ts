/**
 * The answer engine's full-text index on PostgreSQL: a tsvector per item with a GIN index, kept by
 * triggers, behind the same Repository.search as SQLite's FTS5 (sqlite-fts.ts, which lists what each
 * kind of item contributes). `search_items` holds, per indexed item, what retrieval filters on (kind,
 * author, time) and its words; the text itself stays in the items' own tables.
 *
 * The 'english' configuration stems as FTS5's porter tokenizer does ("blocked" finds "blocking"); unlike
 * FTS5 it drops stop words, and it keeps diacritics (the unaccent extension is not assumed installed).
 * ts_rank orders matches where SQLite uses BM25, divided by the item's length (normalisation 2) as
 * BM25 favours the shorter of two items with the same matches.
 */
import { type Kysely, sql } from 'kysely';
import type { SearchHit, SearchQuery, Window } from '../../core/repository.js';
import { searchIndex } from './search-filters.js';
import { INDEXED_KINDS } from './sqlite-fts.js';

const CONFIG = 'english';
const on = (expression: string) => expression.replaceAll('row.', 'NEW.');

/** Creates the index, its triggers, and indexes what the store already holds. */
export async function createPostgresSearchIndex(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE search_items (
    item_id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    person_id TEXT NOT NULL,
    at TEXT NOT NULL,
    body TSVECTOR NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX search_items_by_kind_time ON search_items (kind, at)`.execute(db);
  await sql`CREATE INDEX search_items_body ON search_items USING GIN (body)`.execute(db);

  for (const spec of INDEXED_KINDS) {
    const name = `${spec.table}_search`;
    const condition = spec.when ? ` AND ${on(spec.when)}` : '';
    await sql
      .raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN DELETE FROM search_items WHERE item_id = OLD.id; END IF;
        IF TG_OP <> 'DELETE'${condition} THEN
          INSERT INTO search_items (item_id, kind, person_id, at, body)
          VALUES (NEW.id, '${spec.kind}', ${on(spec.person)}, ${on(spec.at)},
            to_tsvector('${CONFIG}', ${on(spec.text)}));
        END IF;
        RETURN NULL;
      END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${name} AFTER INSERT OR UPDATE OF ${spec.columns.join(', ')} OR DELETE
      ON ${spec.table} FOR EACH ROW EXECUTE FUNCTION ${name}()`)
      .execute(db);
    const backfillCondition = spec.when ? `WHERE ${spec.when}` : '';
    await sql
      .raw(`INSERT INTO search_items (item_id, kind, person_id, at, body)
        SELECT row.id, '${spec.kind}', ${spec.person}, ${spec.at}, to_tsvector('${CONFIG}', ${spec.text})
        FROM ${spec.table} AS row ${backfillCondition}`)
      .execute(db);
  }
}

/** Ranked matches of any of the words within the window (ts_rank), as on SQLite. */
export function searchPostgres<DB>(db: Kysely<DB>, query: SearchQuery, window: Window): Promise<SearchHit[]> {
  return searchIndex(db, query, window, ({ terms, inWindow, byPerson, page }) => {
    // Each word through plainto_tsquery, so nothing a person types acts as query syntax; `||` is OR.
    const matching = sql.join(
      terms.map((term) => sql`plainto_tsquery(${sql.lit(CONFIG)}, ${term})`),
      sql` || `,
    );
    // rank as SearchHit has it: lower is better (BM25's sign), so the negated ts_rank.
    return sql<SearchHit>`
      SELECT i.kind AS kind, i.item_id AS id, -ts_rank(i.body, words.q, 2) AS rank
      FROM search_items AS i, (SELECT ${matching} AS q) AS words
      WHERE i.body @@ words.q AND ${inWindow} ${byPerson}
      ${page}`;
  });
}

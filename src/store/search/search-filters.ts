/**
 * What the answer engine's full-text search asks of `search_items` (alias i) besides the words: the
 * window (check-ins by date, everything else by time) and the people. Shared by the FTS5 search on
 * SQLite and the tsvector search on PostgreSQL, which differ only in how words match and rank.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { SearchHit, SearchQuery, Window } from '../../core/repository.js';

export interface SearchFilters {
  /** The query's words, without blank ones. */
  terms: string[];
  /** `(... OR ...)`: inside the window for the item's kind. */
  inWindow: RawBuilder<unknown>;
  /** `AND i.person_id IN (...)`, or nothing. */
  byPerson: RawBuilder<unknown>;
  /** The order (best rank first, ties to the newer item) and the window's rows. */
  page: RawBuilder<unknown>;
}

/** The filters of a search, or undefined when it cannot match anything (no words, kinds or people). */
function searchFilters(query: SearchQuery, window: Window): SearchFilters | undefined {
  const terms = query.terms.filter((term) => term.trim().length > 0);
  if (terms.length === 0 || query.kinds.length === 0) return undefined;
  if (query.personIds !== undefined && query.personIds.length === 0) return undefined;
  const dated = query.kinds.includes('check-in');
  const timed = query.kinds.filter((kind) => kind !== 'check-in');
  const windows = [
    ...(dated ? [sql`(i.kind = 'check-in' AND i.at >= ${query.fromDate} AND i.at <= ${query.toDate})`] : []),
    ...(timed.length
      ? [sql`(i.kind IN (${sql.join(timed)}) AND i.at >= ${query.from} AND i.at < ${query.to})`]
      : []),
  ];
  return {
    terms,
    inWindow: sql`(${sql.join(windows, sql` OR `)})`,
    byPerson: query.personIds ? sql`AND i.person_id IN (${sql.join(query.personIds)})` : sql``,
    page: sql`ORDER BY rank, i.at DESC, i.item_id LIMIT ${window.limit} OFFSET ${window.offset}`,
  };
}

/**
 * Runs a search on either index: `ranked` is the dialect's statement (how words match and rank, as
 * `kind`, `id` and `rank`) over the filters. Nothing runs when the search cannot match anything.
 */
export async function searchIndex<DB>(
  db: Kysely<DB>,
  query: SearchQuery,
  window: Window,
  ranked: (filters: SearchFilters) => RawBuilder<SearchHit>,
): Promise<SearchHit[]> {
  const filters = searchFilters(query, window);
  if (!filters) return [];
  return (await ranked(filters).execute(db)).rows;
}

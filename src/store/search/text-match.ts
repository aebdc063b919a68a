/**
 * A list's `search` (check-ins, goals, activities): the items of one kind whose indexed text holds every
 * word, as a subquery of their ids that the list's own read filters on. It asks the same index the
 * answer engine ranks with (sqlite-fts.ts, postgres-tsvector.ts), so words match the same way there and
 * here: stemmed, without case, and on SQLite without accents. Hand-written SQL (sql/sql.ts), as the
 * list reads are, so `pulse checkin list --search` still runs without Kysely.
 */
import { type Sql, sql } from '../sql/sql.js';

/** A subquery (`SELECT item_id ...`) of the items of `kind` whose text holds every word of `text`. */
export type TextMatch = (kind: string, text: string) => Sql;

/** The words of a search: runs of letters and digits (punctuation alone is no word). */
export const searchWords = (text: string): string[] => text.match(/[\p{L}\p{N}]+/gu) ?? [];

/** Each word quoted, so nothing a person types acts as FTS5 query syntax; side by side, all must match. */
const allOf = (words: readonly string[]) => words.map((word) => `"${word}"`).join(' ');

export const sqliteTextMatch: TextMatch = (kind, text) =>
  sql`SELECT i.item_id FROM search_text JOIN search_items AS i ON i.rowid = search_text.rowid
    WHERE search_text MATCH ${allOf(searchWords(text))} AND i.kind = ${kind}`;

/** plainto_tsquery ANDs the words and treats none of them as syntax. */
export const postgresTextMatch: TextMatch = (kind, text) =>
  sql`SELECT i.item_id FROM search_items AS i
    WHERE i.body @@ plainto_tsquery('english', ${searchWords(text).join(' ')}) AND i.kind = ${kind}`;

/**
 * Indexes found missing by the query-plan test (test/query-plans.test.ts): teams are listed by name
 * (then id), which only the case-folded unique index teams_by_name could not serve, so every page of
 * teams read and sorted the whole table.
 */
import type { Kysely } from 'kysely';
import * as column from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await column.index(db, 'teams_in_name_order', 'teams', ['name', 'id']);
}

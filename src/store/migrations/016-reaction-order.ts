/**
 * Reactions by creation time (issue 25): the v1 list `GET /reactions` reads a team's reactions newest
 * first, walking this index and keeping those on the team's check-ins, as `GET /comments` walks
 * comments_by_time (007). Without it a page cost a probe of every check-in of the team (34 ms a page on
 * a store of 1,000,000 check-ins, with no reactions at all).
 */
import type { Kysely } from 'kysely';
import * as column from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await column.index(db, 'reactions_by_time', 'reactions', [...column.newestFirst('created_at')]);
}

/**
 * A newcomer sees a team's check-ins from the day they joined (issue 27, docs/decisions.md "A newcomer
 * sees a team's check-ins from the day they joined"): `visible_from` is that first date, or null when
 * the member sees the team's whole history. Memberships made before this migration keep seeing
 * everything (null), as they did.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('memberships').addColumn('visible_from', 'text').execute();
}

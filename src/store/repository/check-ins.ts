/** Check-ins, their team inclusions and tags (CheckInRepository), but for the list reads (list-reads.ts). */
import { sql } from 'kysely';
import type { CheckInRepository, ReportCheckInRow } from '../../core/repository.js';
import { flag } from '../sql-values.js';
import { type ListReads, withTeamIds } from './list-reads.js';
import { insertedUnlessPresent, insertOrReplace } from './paging.js';
import type { Store } from './store.js';
import { storedCheckIn } from './stored-rows.js';

export function checkInRepository(store: Store): Omit<CheckInRepository, keyof ListReads> {
  const { rows } = store;

  /**
   * The check-in's inclusions, each with copies of the fields the team reads order and report by
   * (migrations 011 and 012) and whether there are more than one (`shared`, migration 012). Every change
   * of those goes through saveCheckIn, which rewrites the inclusions.
   */
  async function insertTeamInclusions(checkIn: ReportCheckInRow, teamIds: readonly string[]): Promise<void> {
    if (teamIds.length === 0) return;
    const { id: check_in_id, date, completed_at, updated_at } = checkIn;
    const copies = {
      check_in_id,
      date,
      completed_at,
      updated_at,
      blocked: flag(checkIn.blocked),
      previous_completed: checkIn.previous_completed === null ? null : flag(checkIn.previous_completed),
      shared: flag(teamIds.length > 1),
    };
    await store.db
      .insertInto('check_in_teams')
      .values(teamIds.map((team_id) => ({ ...copies, team_id })))
      .execute();
  }

  /**
   * The team's check-ins: those included in it (check_in_teams), as rows of check_ins. Filter and order
   * on ct's copy of completed_at, so the reads walk check_in_teams_by_team_completed in order and fetch
   * only the check-ins of the page.
   */
  function completedCheckInsOfTeam(teamId: string) {
    return store.db
      .selectFrom('check_in_teams as ct')
      .innerJoin('check_ins as c', 'c.id', 'ct.check_in_id')
      .selectAll('c')
      .where('ct.team_id', '=', teamId)
      .where('ct.completed_at', 'is not', null)
      .orderBy('ct.completed_at', 'desc')
      .orderBy('ct.check_in_id', 'desc');
  }

  return {
    async checkInsByIds(ids) {
      if (ids.length === 0) return [];
      return withTeamIds(
        rows,
        await store.db.selectFrom('check_ins').selectAll().where('id', 'in', ids).execute(),
      );
    },

    saveCheckIn(row) {
      return store.transaction(async () => {
        await insertOrReplace(store.db.insertInto('check_ins'), storedCheckIn(row));
        await store.db.deleteFrom('check_in_teams').where('check_in_id', '=', row.id).execute();
        await insertTeamInclusions(row, row.team_ids);
      });
    },

    insertCheckInIfAbsent(row) {
      return store.transaction(async () => {
        if (await insertedUnlessPresent(store.db.insertInto('check_ins'), storedCheckIn(row)))
          await insertTeamInclusions(row, row.team_ids);
      });
    },

    async firstCheckInDateOfTeam(teamId) {
      // One seek into check_in_teams_by_team_date.
      const row = await store.db
        .selectFrom('check_in_teams')
        .select((eb) => eb.fn.min('date').as('first'))
        .where('team_id', '=', teamId)
        .executeTakeFirst();
      return row?.first ?? undefined;
    },

    async listTeamStatuses(teamId, window) {
      const page = await completedCheckInsOfTeam(teamId).limit(window.limit).offset(window.offset).execute();
      return withTeamIds(rows, page);
    },

    setCheckInTags(checkInId, tags) {
      return store.transaction(async () => {
        await store.db.deleteFrom('check_in_tags').where('check_in_id', '=', checkInId).execute();
        const distinct = [...new Set(tags)];
        if (distinct.length === 0) return;
        await store.db
          .insertInto('check_in_tags')
          .values(distinct.map((tag) => ({ check_in_id: checkInId, tag })))
          .execute();
      });
    },

    /**
     * The distinct tags of the team's completed check-ins, in order. The store's distinct tags are walked
     * one index seek each (check_in_tags_by_tag, a recursive skip-scan), and each is kept if one of the
     * team's completed check-ins carries it (the tag's rows probed against check_in_teams' key). The cost
     * grows with the number of distinct tags in the store, not with the team's check-ins; a tag carried
     * often elsewhere but never in this team costs a walk of its rows (there is no per-team tag table).
     */
    async listTeamTags(teamId, window) {
      const result = await sql<{ tag: string }>`
        WITH RECURSIVE distinct_tags(tag) AS (
          SELECT (SELECT min(tag) FROM check_in_tags)
          UNION ALL
          SELECT (SELECT min(t.tag) FROM check_in_tags AS t WHERE t.tag > d.tag)
          FROM distinct_tags AS d WHERE d.tag IS NOT NULL
        )
        SELECT d.tag FROM distinct_tags AS d
        WHERE d.tag IS NOT NULL AND EXISTS (
          SELECT 1 FROM check_in_tags AS t
          JOIN check_in_teams AS ct ON ct.check_in_id = t.check_in_id AND ct.team_id = ${teamId}
          WHERE t.tag = d.tag AND ct.completed_at IS NOT NULL
        )
        LIMIT ${window.limit} OFFSET ${window.offset}`.execute(store.db);
      return result.rows.map((row) => row.tag);
    },

    /**
     * Walks the team's completed check-ins newest first (check_in_teams_by_team_completed), keeping those
     * carrying the tag (check_in_tags' key): a page costs about limit / (the tag's share of the team's
     * check-ins) probes, so a tag rare in the team costs up to a walk of the team's check-ins.
     */
    async listTeamStatusesTagged(teamId, tag, window) {
      const page = await completedCheckInsOfTeam(teamId)
        .innerJoin('check_in_tags as t', (join) =>
          join.onRef('t.check_in_id', '=', 'ct.check_in_id').on('t.tag', '=', tag),
        )
        .limit(window.limit)
        .offset(window.offset)
        .execute();
      return withTeamIds(rows, page);
    },
  };
}

/** Days people or whole teams are away (AbsenceRepository), but for the list reads (list-reads.ts). */
import type { AbsenceRepository } from '../../core/repository.js';
import type { ListReads } from './list-reads.js';
import { added, deleted } from './paging.js';
import type { Store } from './store.js';

export function absenceRepository(store: Store): Omit<AbsenceRepository, keyof ListReads> {
  return {
    async addMemberAbsence(personId, date) {
      const result = await store.db
        .insertInto('member_absences')
        .values({ person_id: personId, date })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return added(result);
    },

    async addTeamAbsence(teamId, date) {
      const result = await store.db
        .insertInto('team_absences')
        .values({ team_id: teamId, date })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return added(result);
    },

    async removeMemberAbsence(personId, date) {
      const result = await store.db
        .deleteFrom('member_absences')
        .where('person_id', '=', personId)
        .where('date', '=', date)
        .executeTakeFirst();
      return deleted(result) > 0;
    },

    async removeTeamAbsence(teamId, date) {
      const result = await store.db
        .deleteFrom('team_absences')
        .where('team_id', '=', teamId)
        .where('date', '=', date)
        .executeTakeFirst();
      return deleted(result) > 0;
    },

    async teamAbsenceDates(teamId, from, to) {
      const rows = await store.db
        .selectFrom('team_absences')
        .select('date')
        .where('team_id', '=', teamId)
        .where('date', '>=', from)
        .where('date', '<=', to)
        .orderBy('date')
        .execute();
      return rows.map((row) => row.date);
    },
  };
}

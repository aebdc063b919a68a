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

    async listMemberAbsences(personIds, { from, to }, window) {
      if (personIds.length === 0) return [];
      let query = store.db
        .selectFrom('member_absences')
        .select(['person_id', 'date'])
        .where('person_id', 'in', personIds);
      if (from !== undefined) query = query.where('date', '>=', from);
      if (to !== undefined) query = query.where('date', '<=', to);
      return query.orderBy('date').orderBy('person_id').limit(window.limit).offset(window.offset).execute();
    },

    async listTeamAbsences(teamId, { from, to }, window) {
      let query = store.db.selectFrom('team_absences').select('date').where('team_id', '=', teamId);
      if (from !== undefined) query = query.where('date', '>=', from);
      if (to !== undefined) query = query.where('date', '<=', to);
      const rows = await query.orderBy('date').limit(window.limit).offset(window.offset).execute();
      return rows.map((row) => row.date);
    },
  };
}

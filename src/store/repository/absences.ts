/** Days people or whole teams are away (AbsenceRepository), but for the list reads (list-reads.ts). */
import type { AbsenceRepository } from '../../core/repository.js';
import type { ListReads } from './list-reads.js';
import { insertedUnlessPresent, removedRow } from './paging.js';
import type { Store } from './store.js';

export function absenceRepository(store: Store): Omit<AbsenceRepository, keyof ListReads> {
  return {
    addMemberAbsence: (personId, date) =>
      insertedUnlessPresent(store.db.insertInto('member_absences'), { person_id: personId, date }),

    addTeamAbsence: (teamId, date) =>
      insertedUnlessPresent(store.db.insertInto('team_absences'), { team_id: teamId, date }),

    removeMemberAbsence: (personId, date) =>
      removedRow(
        store.db.deleteFrom('member_absences').where('person_id', '=', personId).where('date', '=', date),
      ),

    removeTeamAbsence: (teamId, date) =>
      removedRow(store.db.deleteFrom('team_absences').where('team_id', '=', teamId).where('date', '=', date)),

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

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
  };
}

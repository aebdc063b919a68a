/** Goals and their updates (GoalRepository), but for the list reads (list-reads.ts). */
import { idPrefixRange } from '../../core/query-params.js';
import type { GoalRepository } from '../../core/repository.js';
import { deleteDigestOf } from './activities.js';
import { deleteConversationsOf } from './conversations.js';
import type { ListReads } from './list-reads.js';
import { createdBetween, insertOrReplace, newestFirst, rowsById } from './paging.js';
import type { Store } from './store.js';
import { storedGoal } from './stored-rows.js';

export function goalRepository(store: Store): Omit<GoalRepository, keyof ListReads> {
  const goalUpdates = rowsById(() => store.db.selectFrom('goal_updates').selectAll());
  return {
    saveGoal(goal) {
      return store.transaction(async () => {
        const { db } = store;
        await insertOrReplace(db.insertInto('goals'), storedGoal(goal));
        await db.deleteFrom('goal_contributors').where('goal_id', '=', goal.id).execute();
        await db.deleteFrom('goal_teams').where('goal_id', '=', goal.id).execute();
        if (goal.contributor_ids.length) {
          await db
            .insertInto('goal_contributors')
            .values(goal.contributor_ids.map((person_id) => ({ goal_id: goal.id, person_id })))
            .execute();
        }
        if (goal.team_ids.length) {
          await db
            .insertInto('goal_teams')
            .values(goal.team_ids.map((team_id) => ({ goal_id: goal.id, team_id })))
            .execute();
        }
      });
    },

    deleteGoal(id) {
      return store.transaction(async () => {
        const { db } = store;
        await deleteDigestOf(db, 'goal', [id]);
        const updates = await db.selectFrom('goal_updates').select('id').where('goal_id', '=', id).execute();
        await deleteConversationsOf(
          db,
          'goal-update',
          updates.map((update) => update.id),
        );
        await db.updateTable('goals').set({ parent_id: null }).where('parent_id', '=', id).execute();
        await db.deleteFrom('goals').where('id', '=', id).execute();
      });
    },

    findGoalUpdate: goalUpdates.find,
    goalUpdatesByIds: goalUpdates.byIds,

    async listGoalUpdates(goalId, window) {
      return newestFirst(
        store.db.selectFrom('goal_updates').selectAll().where('goal_id', '=', goalId),
        'created_at',
        window,
      );
    },

    async goalUpdatesWithIdPrefix(prefix, after, limit) {
      const { from, to, like } = idPrefixRange(prefix);
      let query = store.db
        .selectFrom('goal_updates')
        .selectAll()
        .where('id', '>=', from)
        .where('id', '<', to)
        .where('id', 'like', like);
      if (after !== undefined) query = query.where('id', '>', after);
      return query.orderBy('id').limit(limit).execute();
    },

    async listGoalUpdatesBetween(from, to, window) {
      return newestFirst(
        createdBetween(store.db.selectFrom('goal_updates').selectAll(), from, to),
        'created_at',
        window,
      );
    },

    saveGoalUpdate: (update) => insertOrReplace(store.db.insertInto('goal_updates'), update),

    deleteGoalUpdate(id) {
      return store.transaction(async () => {
        await deleteConversationsOf(store.db, 'goal-update', [id]);
        await store.db.deleteFrom('goal_updates').where('id', '=', id).execute();
      });
    },
  };
}

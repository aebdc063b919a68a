/** Goals, goal updates, comments and reactions on SQLite: the data access behind SqliteRepository. */
import type { Kysely, Selectable } from 'kysely';
import type {
  CommentRow,
  GoalRow,
  GoalUpdateRow,
  ReactionRow,
  ResourceType,
  Window,
} from '../core/repository.js';
import type { CommentTable, Database, ReactionTable } from './schema.js';

type Db = Kysely<Database>;

export async function saveGoal(db: Db, goal: GoalRow): Promise<void> {
  const { contributor_ids, team_ids, ...fields } = goal;
  const values = { ...fields, private: goal.private ? 1 : 0, archived: goal.archived ? 1 : 0 };
  await db
    .insertInto('goals')
    .values(values)
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
  await db.deleteFrom('goal_contributors').where('goal_id', '=', goal.id).execute();
  await db.deleteFrom('goal_teams').where('goal_id', '=', goal.id).execute();
  if (contributor_ids.length) {
    await db
      .insertInto('goal_contributors')
      .values(contributor_ids.map((person_id) => ({ goal_id: goal.id, person_id })))
      .execute();
  }
  if (team_ids.length) {
    await db
      .insertInto('goal_teams')
      .values(team_ids.map((team_id) => ({ goal_id: goal.id, team_id })))
      .execute();
  }
}

async function deleteConversations(db: Db, type: ResourceType, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  // Digest entries of the item and of its comments go with them.
  const comments = await db
    .selectFrom('comments')
    .select('id')
    .where('resource_type', '=', type)
    .where('resource_id', 'in', ids)
    .execute();
  await deleteDigestOf(
    db,
    'comment',
    comments.map((comment) => comment.id),
  );
  await deleteDigestOf(db, type, ids);
  for (const table of ['comments', 'reactions'] as const) {
    await db.deleteFrom(table).where('resource_type', '=', type).where('resource_id', 'in', ids).execute();
  }
}

async function deleteDigestOf(db: Db, type: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('digest_entries')
    .where('resource_type', '=', type)
    .where('resource_id', 'in', ids)
    .execute();
}

export async function deleteGoal(db: Db, id: string): Promise<void> {
  await deleteDigestOf(db, 'goal', [id]);
  const updates = await db.selectFrom('goal_updates').select('id').where('goal_id', '=', id).execute();
  await deleteConversations(
    db,
    'goal-update',
    updates.map((u) => u.id),
  );
  await db.updateTable('goals').set({ parent_id: null }).where('parent_id', '=', id).execute();
  await db.deleteFrom('goals').where('id', '=', id).execute();
}

export async function findGoalUpdate(db: Db, id: string): Promise<GoalUpdateRow | undefined> {
  return db.selectFrom('goal_updates').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listGoalUpdates(db: Db, goalId: string, window: Window): Promise<GoalUpdateRow[]> {
  return db
    .selectFrom('goal_updates')
    .selectAll()
    .where('goal_id', '=', goalId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function saveGoalUpdate(db: Db, update: GoalUpdateRow): Promise<void> {
  await db
    .insertInto('goal_updates')
    .values(update)
    .onConflict((oc) => oc.column('id').doUpdateSet(update))
    .execute();
}

export async function deleteGoalUpdate(db: Db, id: string): Promise<void> {
  await deleteConversations(db, 'goal-update', [id]);
  await db.deleteFrom('goal_updates').where('id', '=', id).execute();
}

export async function insertComment(db: Db, comment: CommentRow): Promise<void> {
  await db.insertInto('comments').values(comment).execute();
}

export async function listComments(
  db: Db,
  type: ResourceType,
  id: string,
  window: Window,
): Promise<CommentRow[]> {
  const rows: Selectable<CommentTable>[] = await db
    .selectFrom('comments')
    .selectAll()
    .where('resource_type', '=', type)
    .where('resource_id', '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows as CommentRow[];
}

export async function listReactions(
  db: Db,
  type: ResourceType,
  id: string,
  window: Window,
): Promise<ReactionRow[]> {
  const rows: Selectable<ReactionTable>[] = await db
    .selectFrom('reactions')
    .selectAll()
    .where('resource_type', '=', type)
    .where('resource_id', '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows as ReactionRow[];
}

export async function findReaction(
  db: Db,
  type: ResourceType,
  id: string,
  personId: string,
  name: string,
): Promise<ReactionRow | undefined> {
  const row = await db
    .selectFrom('reactions')
    .selectAll()
    .where('resource_type', '=', type)
    .where('resource_id', '=', id)
    .where('person_id', '=', personId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row as ReactionRow | undefined;
}

export async function insertReaction(db: Db, reaction: ReactionRow): Promise<void> {
  await db.insertInto('reactions').values(reaction).execute();
}

export async function deleteReaction(db: Db, id: string): Promise<void> {
  await db.deleteFrom('reactions').where('id', '=', id).execute();
}

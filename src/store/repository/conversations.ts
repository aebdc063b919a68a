/** Comments on and reactions to check-ins and goal updates (ConversationRepository). */
import type { Kysely } from 'kysely';
import type { ConversationRepository, ResourceType, Window } from '../../core/repository.js';
import type { Database } from '../schema.js';
import { deleteDigestOf } from './activities.js';
import { groupPairs } from './list-reads.js';
import { createdBetween, newestFirst } from './paging.js';
import type { Store } from './store.js';

type Conversation = 'comments' | 'reactions';

/** Deletes the comments and reactions on the resources, and the digest entries of them and theirs. */
export async function deleteConversationsOf(
  db: Kysely<Database>,
  type: ResourceType,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
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

export function conversationRepository(store: Store): ConversationRepository {
  /** The comments or reactions on one resource, oldest first. */
  function onResource(table: Conversation, type: ResourceType, id: string, window: Window) {
    return store.db
      .selectFrom(table)
      .selectAll()
      .where('resource_type', '=', type)
      .where('resource_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .limit(window.limit)
      .offset(window.offset)
      .execute();
  }

  /** Ids of the comments or reactions on each resource, oldest first. */
  async function idsOn(table: Conversation, type: ResourceType, resourceIds: readonly string[]) {
    if (resourceIds.length === 0) return new Map<string, string[]>();
    const rows = await store.db
      .selectFrom(table)
      .select(['resource_id as key', 'id as value'])
      .where('resource_type', '=', type)
      .where('resource_id', 'in', resourceIds)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return groupPairs(rows);
  }

  /**
   * The comments or reactions on the check-ins included in a team, newest first: those the v1 single
   * forms find through the team's key. Each of the team's check-ins is probed in <table>_by_resource and
   * the rows are sorted, so the cost grows with the team's comments, not the store's.
   */
  function onTeamCheckIns(table: Conversation, teamId: string, window: Window) {
    return newestFirst(
      store.db
        .selectFrom(table)
        .selectAll()
        .where('resource_type', '=', 'check-in')
        .where('resource_id', 'in', (eb) =>
          eb.selectFrom('check_in_teams').select('check_in_id').where('team_id', '=', teamId),
        ),
      'created_at',
      window,
    );
  }

  return {
    async insertComment(comment) {
      await store.db.insertInto('comments').values(comment).execute();
    },

    async findComment(id) {
      return store.db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async commentsByIds(ids) {
      if (ids.length === 0) return [];
      return store.db.selectFrom('comments').selectAll().where('id', 'in', ids).execute();
    },

    async listComments(type, id, window) {
      return onResource('comments', type, id, window);
    },

    async listCommentsBetween(from, to, window) {
      return newestFirst(
        createdBetween(store.db.selectFrom('comments').selectAll(), from, to),
        'created_at',
        window,
      );
    },

    listTeamComments: (teamId, window) => onTeamCheckIns('comments', teamId, window),

    commentIdsOf: (type, resourceIds) => idsOn('comments', type, resourceIds),

    async listReactions(type, id, window) {
      return onResource('reactions', type, id, window);
    },

    async findReaction(type, id, personId, name) {
      return store.db
        .selectFrom('reactions')
        .selectAll()
        .where('resource_type', '=', type)
        .where('resource_id', '=', id)
        .where('person_id', '=', personId)
        .where('name', '=', name)
        .executeTakeFirst();
    },

    async findReactionById(id) {
      return store.db.selectFrom('reactions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    listTeamReactions: (teamId, window) => onTeamCheckIns('reactions', teamId, window),

    reactionIdsOf: (type, resourceIds) => idsOn('reactions', type, resourceIds),

    async insertReaction(reaction) {
      await store.db.insertInto('reactions').values(reaction).execute();
    },

    async deleteReaction(id) {
      await store.db.deleteFrom('reactions').where('id', '=', id).execute();
    },
  };
}

/** Comments on and reactions to check-ins and goal updates (ConversationRepository). */
import type { Kysely } from 'kysely';
import type { ConversationRepository, ResourceType, Window } from '../../core/repository.js';
import type { Database } from '../schema.js';
import { deleteDigestOf } from './activities.js';
import { groupPairs } from './list-reads.js';
import { createdBetween, newestFirst, rowsById } from './paging.js';
import type { Store } from './store.js';

type Conversation = 'comments' | 'reactions';

/**
 * How far a team's comment list walks the newest comments of the store before probing the team's
 * check-ins instead: this many times the rows the page needs (a team with a fiftieth of the comments
 * fills its page within the walk).
 */
const WALK_SHARE = 50;

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
   * forms find through the team's key. Two ways to read a page, each cheap where the other is not:
   *
   * - walking <table>_by_time from the newest row and keeping those whose check-in the team includes (a
   *   probe of check_in_teams' key each) costs the store's rows down to the page's last; cheap for a team
   *   with its share of the comments, but a team with none would walk the whole table;
   * - probing <table>_by_resource for each check-in of the team and sorting what it finds costs the
   *   team's whole history (60 ms a page for a team of 51,000 check-ins), however few the comments.
   *
   * So the walk is bounded to the newest WALK_SHARE times the rows the page needs; when that stretch
   * does not fill the page (a quiet team, or the last page), the probe reads it.
   */
  async function onTeamCheckIns(table: Conversation, teamId: string, window: Window) {
    const probe = () =>
      newestFirst(
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
    const walk = (window.offset + window.limit) * WALK_SHARE;
    // A page far past any store's end (page=2^53-1) has a stretch no database takes as an offset.
    if (!Number.isSafeInteger(walk)) return probe();
    const boundary = await store.db
      .selectFrom(table)
      .select('created_at')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .offset(walk)
      .executeTakeFirst();
    const team = store.db
      .selectFrom(table)
      .selectAll()
      // The type is tested inside the subquery, where it offers the planner no index: on the outside, an
      // equality on the first column of <table>_by_resource drew SQLite into reading every comment on a
      // check-in and sorting them instead of walking the time index to the page's end.
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('check_in_teams')
            .select('check_in_id')
            .whereRef('check_in_teams.check_in_id', '=', `${table}.resource_id`)
            .where('check_in_teams.team_id', '=', teamId)
            .where(`${table}.resource_type`, '=', 'check-in'),
        ),
      );
    // No row past the stretch: the stretch is the whole table, and the walk reads it all.
    if (boundary === undefined) return newestFirst(team, 'created_at', window);
    const walked = await newestFirst(
      team.where('created_at', '>', boundary.created_at),
      'created_at',
      window,
    );
    return walked.length === window.limit ? walked : probe();
  }

  const comments = rowsById(() => store.db.selectFrom('comments').selectAll());
  return {
    async insertComment(comment) {
      await store.db.insertInto('comments').values(comment).execute();
    },

    findComment: comments.find,
    commentsByIds: comments.byIds,

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

    deleteConversations(type, ids) {
      return store.transaction(() => deleteConversationsOf(store.db, type, ids));
    },
  };
}

/** Activities, and the digest of what happened for each person (ActivityRepository). */
import { type Kysely, sql } from 'kysely';
import { idPrefixRange } from '../../core/query-params.js';
import type { ActivityRepository, DigestResourceType } from '../../core/repository.js';
import type { Database } from '../schema.js';
import { groupPairs } from './list-reads.js';
import { newestFirst, rowsById, updated } from './paging.js';
import type { Store } from './store.js';

/** Removes the digest entries of deleted resources. */
export async function deleteDigestOf(
  db: Kysely<Database>,
  type: DigestResourceType,
  resourceIds: readonly string[],
): Promise<void> {
  if (resourceIds.length === 0) return;
  await db
    .deleteFrom('digest_entries')
    .where('resource_type', '=', type)
    .where('resource_id', 'in', resourceIds)
    .execute();
}

export function activityRepository(store: Store): ActivityRepository {
  const activities = rowsById(() => store.db.selectFrom('activities').selectAll());
  return {
    async insertActivity(activity) {
      await store.db.insertInto('activities').values(activity).execute();
    },

    findActivity: activities.find,
    activitiesByIds: activities.byIds,

    async listActivities(filter, window) {
      let query = store.db.selectFrom('activities').selectAll();
      if (filter.personIds !== undefined) {
        if (filter.personIds.length === 0) return [];
        query = query.where('person_id', 'in', filter.personIds);
      }
      if (filter.since !== undefined) query = query.where('recorded_at', '>=', filter.since);
      if (filter.until !== undefined) query = query.where('recorded_at', '<=', filter.until);
      if (filter.kinds !== undefined)
        query = query.where('kind', 'in', filter.kinds.length ? filter.kinds : ['']);
      if (filter.search !== undefined) {
        const matching = store.dialect.textMatch('activity', filter.search);
        // The hand-written subquery's `?` parameters, bound in order as Kysely values.
        const [first = '', ...rest] = matching.text.split('?');
        const subquery = rest.reduce(
          (built, text, index) => sql`${built}${matching.parameters[index]}${sql.raw(text)}`,
          sql.raw(first),
        );
        query = query.where('id', 'in', sql<string>`(${subquery})`);
      }
      if (filter.idPrefix !== undefined) {
        const { from, to, like } = idPrefixRange(filter.idPrefix);
        return query
          .where('id', '>=', from)
          .where('id', '<', to)
          .where('id', 'like', like)
          .orderBy('id')
          .limit(window.limit)
          .offset(window.offset)
          .execute();
      }
      return newestFirst(query, 'recorded_at', window);
    },

    async statusActivityIdsOf(checkInIds) {
      if (checkInIds.length === 0) return new Map();
      const rows = await store.db
        .selectFrom('activities')
        .select(['check_in_id as key', 'id as value'])
        .where('check_in_id', 'in', checkInIds)
        .orderBy('recorded_at')
        .orderBy('id')
        // check_in_id is never null here (IN matches no null), which the column type cannot say.
        .$narrowType<{ key: string }>()
        .execute();
      return groupPairs(rows);
    },

    // --- digest -----------------------------------------------------------------------------------

    async publishDigest(entries) {
      if (entries.length === 0) return;
      await store.db
        .insertInto('digest_entries')
        .values(entries)
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async listDigest(filter, window) {
      let query = store.db
        .selectFrom('digest_entries')
        .selectAll()
        .where('recipient_id', '=', filter.recipientId);
      if (filter.category !== undefined) query = query.where('category', '=', filter.category);
      if (filter.unreadOnly) query = query.where('read_at', 'is', null);
      if (filter.since !== undefined) query = query.where('published_at', '>=', filter.since);
      return newestFirst(query, 'published_at', window);
    },

    async findDigestEntry(id) {
      return store.db.selectFrom('digest_entries').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async markDigestRead(recipientId, ids, readAt) {
      let query = store.db
        .updateTable('digest_entries')
        .set({ read_at: readAt })
        .where('recipient_id', '=', recipientId)
        .where('read_at', 'is', null);
      if (ids !== undefined) query = query.where('id', 'in', ids.length ? ids : ['']);
      return updated(await query.executeTakeFirst());
    },

    deleteDigestEntries: (type, resourceIds) => deleteDigestOf(store.db, type, resourceIds),
  };
}

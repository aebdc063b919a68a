/** The status page: its components, notices and their updates (StatusRepository). */
import { sql } from 'kysely';
import type { NewNoticeUpdate, NoticeFilter, StatusRepository } from '../../core/status/repository.js';
import type { Store } from './store.js';

export function statusRepository(store: Store): StatusRepository {
  function notices(filter: NoticeFilter) {
    let query = store.db.selectFrom('status_notices');
    if (filter.type) query = query.where('type', '=', filter.type);
    if (filter.states) query = query.where('state', 'in', [...filter.states]);
    if (filter.endedFrom) query = query.where('ended_at', '>=', filter.endedFrom);
    if (filter.endedBefore) query = query.where('ended_at', '<', filter.endedBefore);
    return query;
  }

  async function addUpdate(noticeId: number, update: NewNoticeUpdate): Promise<void> {
    await store.db
      .insertInto('status_notice_updates')
      .values({ notice_id: noticeId, ...update })
      .execute();
  }

  return {
    async statusPage() {
      return store.db
        .selectFrom('status_page')
        .select(['name', 'url', 'created_at', 'updated_at'])
        .where('id', '=', 1)
        .executeTakeFirst();
    },

    async saveStatusPage(page) {
      await store.db
        .insertInto('status_page')
        .values({ id: 1, ...page })
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet({ name: page.name, url: page.url, updated_at: page.updated_at }),
        )
        .execute();
    },

    async countComponents() {
      const row = await store.db
        .selectFrom('status_components')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async listComponents(window) {
      let query = store.db.selectFrom('status_components').selectAll().orderBy('position').orderBy('id');
      if (window) query = query.limit(window.limit).offset(window.offset);
      return query.execute();
    },

    async componentsByIds(ids) {
      if (ids.length === 0) return [];
      return store.db
        .selectFrom('status_components')
        .selectAll()
        .where('id', 'in', [...ids])
        .orderBy('id')
        .execute();
    },

    insertComponent(component) {
      // In a transaction, which takes turns with every other writer (across instances on PostgreSQL), so
      // two components added at once never share the last place.
      return store.transaction(async () => {
        const last = await store.db
          .selectFrom('status_components')
          .select((eb) => eb.fn.max<number | null>('position').as('position'))
          .executeTakeFirstOrThrow();
        const row = await store.db
          .insertInto('status_components')
          .values({ ...component, position: Number(last.position ?? 0) + 1 })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
    },

    moveComponent(id, position, updatedAt) {
      return store.transaction(async () => {
        const { db } = store;
        const moving = await db
          .selectFrom('status_components')
          .select('position')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!moving || moving.position === position) return;
        const from = moving.position;
        // Up the list: the ones from the new place to the old move down one; down the list, the reverse.
        const [low, high, step] = position < from ? [position, from - 1, 1] : [from + 1, position, -1];
        await db
          .updateTable('status_components')
          .set((eb) => ({ position: eb('position', '+', step), updated_at: updatedAt }))
          .where('position', '>=', low)
          .where('position', '<=', high)
          .where('id', '!=', id)
          .execute();
        await db
          .updateTable('status_components')
          .set({ position, updated_at: updatedAt })
          .where('id', '=', id)
          .execute();
      });
    },

    async setComponentState(id, state, updatedAt) {
      await store.db
        .updateTable('status_components')
        .set({ state, updated_at: updatedAt })
        .where('id', '=', id)
        .execute();
    },

    async componentStates() {
      const rows = await store.db.selectFrom('status_components').select('state').distinct().execute();
      return rows.map((row) => row.state);
    },

    async countNotices(filter) {
      const row = await notices(filter)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async listNotices(filter, window) {
      let query = notices(filter).selectAll().orderBy('id', 'desc');
      if (window) query = query.limit(window.limit).offset(window.offset);
      return query.execute();
    },

    async findNotice(id) {
      return store.db.selectFrom('status_notices').selectAll().where('id', '=', id).executeTakeFirst();
    },

    insertNotice(notice, componentIds, update) {
      return store.transaction(async () => {
        const { id } = await store.db
          .insertInto('status_notices')
          .values(notice)
          .returning('id')
          .executeTakeFirstOrThrow();
        if (componentIds.length > 0) {
          await store.db
            .insertInto('status_notice_components')
            .values(componentIds.map((componentId) => ({ notice_id: id, component_id: componentId })))
            .execute();
        }
        await addUpdate(id, update);
        return id;
      });
    },

    changeNotice(id, change, update) {
      return store.transaction(async () => {
        await store.db.updateTable('status_notices').set(change).where('id', '=', id).execute();
        await addUpdate(id, update);
      });
    },

    async latestNoticeUpdates(noticeIds) {
      if (noticeIds.length === 0) return [];
      // The newest update of each notice: the one with the highest id (ids grow with time).
      return store.db
        .selectFrom('status_notice_updates as u')
        .selectAll('u')
        .where('u.notice_id', 'in', [...noticeIds])
        .where(
          'u.id',
          '=',
          sql<number>`(SELECT max(v.id) FROM status_notice_updates v WHERE v.notice_id = u.notice_id)`,
        )
        .execute();
    },

    async noticeUpdates(noticeId) {
      return store.db
        .selectFrom('status_notice_updates')
        .selectAll()
        .where('notice_id', '=', noticeId)
        .orderBy('id', 'desc')
        .execute();
    },

    async noticeComponentIds(noticeId) {
      const rows = await store.db
        .selectFrom('status_notice_components')
        .select('component_id')
        .where('notice_id', '=', noticeId)
        .orderBy('component_id')
        .execute();
      return rows.map((row) => row.component_id);
    },

    async lastStatusChange() {
      const row = await sql<{ at: string | null }>`
        SELECT max(at) AS at FROM (
          SELECT max(updated_at) AS at FROM status_components
          UNION ALL SELECT max(updated_at) AS at FROM status_notices
        ) AS changes`.execute(store.db);
      return row.rows[0]?.at ?? undefined;
    },
  };
}

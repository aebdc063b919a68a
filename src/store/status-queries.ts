/** The status page on SQLite: the data access behind SqliteRepository's StatusRepository methods. */
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Window } from '../core/repository.js';
import type {
  ComponentRow,
  NoticeChange,
  NoticeFilter,
  NoticeRow,
  NoticeUpdateRow,
  StatusPageRow,
} from '../core/status/repository.js';
import type { Database } from './schema.js';

type Db = Kysely<Database>;

const toComponent = (row: Selectable<Database['status_components']>): ComponentRow =>
  ({ ...row }) as ComponentRow;
const toNotice = (row: Selectable<Database['status_notices']>): NoticeRow => ({ ...row }) as NoticeRow;
const toUpdate = (row: {
  notice_id: number;
  state: string;
  content: string;
  created_at: string;
  updated_at: string;
}): NoticeUpdateRow => ({
  notice_id: row.notice_id,
  state: row.state as NoticeUpdateRow['state'],
  content: row.content,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export async function statusPage(db: Db): Promise<StatusPageRow | undefined> {
  return db
    .selectFrom('status_page')
    .select(['name', 'url', 'created_at', 'updated_at'])
    .where('id', '=', 1)
    .executeTakeFirst();
}

export async function saveStatusPage(db: Db, page: StatusPageRow): Promise<void> {
  await db
    .insertInto('status_page')
    .values({ id: 1, ...page })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({ name: page.name, url: page.url, updated_at: page.updated_at }),
    )
    .execute();
}

export async function countComponents(db: Db): Promise<number> {
  const row = await db
    .selectFrom('status_components')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listComponents(db: Db, window?: Window): Promise<ComponentRow[]> {
  let query = db.selectFrom('status_components').selectAll().orderBy('id');
  if (window) query = query.limit(window.limit).offset(window.offset);
  return (await query.execute()).map(toComponent);
}

export async function componentsByIds(db: Db, ids: readonly number[]): Promise<ComponentRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('status_components')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
  return rows.map(toComponent);
}

export async function insertComponent(db: Db, component: Omit<ComponentRow, 'id'>): Promise<number> {
  const row = await db
    .insertInto('status_components')
    .values(component)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setComponentState(db: Db, id: number, state: string, updatedAt: string): Promise<void> {
  await db
    .updateTable('status_components')
    .set({ state, updated_at: updatedAt })
    .where('id', '=', id)
    .execute();
}

export async function componentStates(db: Db): Promise<ComponentRow['state'][]> {
  const rows = await db.selectFrom('status_components').select('state').distinct().execute();
  return rows.map((row) => row.state as ComponentRow['state']);
}

function filtered(db: Db, filter: NoticeFilter) {
  let query = db.selectFrom('status_notices');
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.states) query = query.where('state', 'in', [...filter.states]);
  if (filter.endedFrom) query = query.where('ended_at', '>=', filter.endedFrom);
  if (filter.endedBefore) query = query.where('ended_at', '<', filter.endedBefore);
  return query;
}

export async function countNotices(db: Db, filter: NoticeFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listNotices(db: Db, filter: NoticeFilter, window?: Window): Promise<NoticeRow[]> {
  let query = filtered(db, filter).selectAll().orderBy('id', 'desc');
  if (window) query = query.limit(window.limit).offset(window.offset);
  return (await query.execute()).map(toNotice);
}

export async function findNotice(db: Db, id: number): Promise<NoticeRow | undefined> {
  const row = await db.selectFrom('status_notices').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toNotice(row);
}

export async function insertNotice(
  db: Db,
  notice: Omit<NoticeRow, 'id'>,
  componentIds: readonly number[],
  update: Omit<NoticeUpdateRow, 'notice_id'>,
): Promise<number> {
  const { id } = await db
    .insertInto('status_notices')
    .values(notice)
    .returning('id')
    .executeTakeFirstOrThrow();
  if (componentIds.length > 0) {
    await db
      .insertInto('status_notice_components')
      .values(componentIds.map((componentId) => ({ notice_id: id, component_id: componentId })))
      .execute();
  }
  await db
    .insertInto('status_notice_updates')
    .values({ notice_id: id, ...update })
    .execute();
  return id;
}

export async function changeNotice(
  db: Db,
  id: number,
  change: NoticeChange,
  update: Omit<NoticeUpdateRow, 'notice_id'>,
): Promise<void> {
  await db.updateTable('status_notices').set(change).where('id', '=', id).execute();
  await db
    .insertInto('status_notice_updates')
    .values({ notice_id: id, ...update })
    .execute();
}

export async function latestNoticeUpdates(db: Db, noticeIds: readonly number[]): Promise<NoticeUpdateRow[]> {
  if (noticeIds.length === 0) return [];
  // The newest update of each notice: the one with the highest id (ids grow with time).
  const rows = await db
    .selectFrom('status_notice_updates as u')
    .selectAll('u')
    .where('u.notice_id', 'in', [...noticeIds])
    .where(
      'u.id',
      '=',
      sql<number>`(SELECT max(v.id) FROM status_notice_updates v WHERE v.notice_id = u.notice_id)`,
    )
    .execute();
  return rows.map(toUpdate);
}

export async function noticeUpdates(db: Db, noticeId: number): Promise<NoticeUpdateRow[]> {
  const rows = await db
    .selectFrom('status_notice_updates')
    .selectAll()
    .where('notice_id', '=', noticeId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toUpdate);
}

export async function noticeComponentIds(db: Db, noticeId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('status_notice_components')
    .select('component_id')
    .where('notice_id', '=', noticeId)
    .orderBy('component_id')
    .execute();
  return rows.map((row) => row.component_id);
}

export async function lastStatusChange(db: Db): Promise<string | undefined> {
  const row = await sql<{ at: string | null }>`
    SELECT max(at) AS at FROM (
      SELECT max(updated_at) AS at FROM status_components
      UNION ALL SELECT max(updated_at) AS at FROM status_notices
    ) AS changes`.execute(db);
  return row.rows[0]?.at ?? undefined;
}

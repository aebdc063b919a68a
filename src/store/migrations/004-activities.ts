/** Activities from other tools (and custom ones): one row each, listed newest first per person. */
import type { Kysely } from 'kysely';
import * as column from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activities')
    .$call(column.id)
    .$call(column.personReference())
    .$call(column.required('kind', 'group_name'))
    .$call(column.optional('title'))
    .$call(column.required('description'))
    .$call(column.optional('url'))
    .$call(column.required('recorded_at'))
    .execute();
  await column.index(db, 'activities_by_time', 'activities', [...column.newestFirst('recorded_at')]);
  await column.index(db, 'activities_by_person', 'activities', [
    'person_id',
    ...column.newestFirst('recorded_at'),
  ]);
}

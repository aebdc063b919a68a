/** Activities from other tools (and custom ones): one row each, listed newest first per person. */
import type { Kysely } from 'kysely';
import { idColumn, newestFirstIndex, optionalText, personReference, requiredText } from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activities')
    .$call(idColumn)
    .$call(personReference())
    .$call(requiredText('kind', 'group_name'))
    .$call(optionalText('title'))
    .$call(requiredText('description'))
    .$call(optionalText('url'))
    .$call(requiredText('recorded_at'))
    .execute();
  await newestFirstIndex(db, 'activities_by_time', 'activities', [], 'recorded_at');
  await newestFirstIndex(db, 'activities_by_person', 'activities', ['person_id'], 'recorded_at');
}

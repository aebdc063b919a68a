/** Echo questions: a person's recurring questions and their schedule in the person's zone. */
import type { Kysely } from 'kysely';
import * as column from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('echo_questions')
    .$call(column.id)
    .$call(column.personReference())
    .$call(column.required('prompt', 'title', 'frequency'))
    .$call(column.optional('day'))
    .$call(column.required('time', 'time_zone'))
    .$call(column.optional('anchor_at', 'paused_at'))
    .$call(column.timestamps)
    .execute();
  await column.index(db, 'echo_questions_by_person', 'echo_questions', [
    'person_id',
    ...column.newestFirst('created_at'),
  ]);
}

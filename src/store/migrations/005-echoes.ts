/** Echo questions: a person's recurring questions and their schedule in the person's zone. */
import type { Kysely } from 'kysely';
import {
  idColumn,
  newestFirstIndex,
  optionalText,
  personReference,
  requiredText,
  timestamps,
} from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('echo_questions')
    .$call(idColumn)
    .$call(personReference())
    .$call(requiredText('prompt', 'title', 'frequency'))
    .$call(optionalText('day'))
    .$call(requiredText('time', 'time_zone'))
    .$call(optionalText('anchor_at', 'paused_at'))
    .$call(timestamps)
    .execute();
  await newestFirstIndex(db, 'echo_questions_by_person', 'echo_questions', ['person_id'], 'created_at');
}

/**
 * Echo answers, asks, and the full-text index of the answer engine. Echo questions gain next_due_at,
 * the next occurrence not yet published, so finding due questions is one indexed range read.
 */
import { type Kysely, sql } from 'kysely';
import { type Frequency, nextOccurrence } from '../../core/echo-schedule.js';
import type { Weekday } from '../../core/weekdays.js';
import { createPostgresSearchIndex } from '../search/postgres-tsvector.js';
import { createSearchIndex } from '../search/sqlite-fts.js';
import * as column from './columns.js';
import { onPostgres } from './dialect.js';

interface QuestionRow {
  id: string;
  frequency: string;
  day: string | null;
  time: string;
  time_zone: string;
  anchor_at: string | null;
  created_at: string;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('echo_questions').addColumn('next_due_at', 'text').execute();
  // Questions made before answers existed are answered from their creation on (the catch-up keeps the
  // last 12 occurrences); paused ones get theirs when resumed.
  const questions = await sql<QuestionRow>`
    SELECT id, frequency, day, time, time_zone, anchor_at, created_at FROM echo_questions
    WHERE paused_at IS NULL`.execute(db);
  for (const question of questions.rows) {
    const next = nextOccurrence(
      {
        frequency: question.frequency as Frequency,
        day: question.day as Weekday | null,
        time: question.time,
        zone: question.time_zone,
        anchor: question.anchor_at ? new Date(question.anchor_at) : null,
      },
      new Date(question.created_at),
    );
    await sql`UPDATE echo_questions SET next_due_at = ${next.toISOString()} WHERE id = ${question.id}`.execute(
      db,
    );
  }
  await column.index(db, 'echo_questions_due', 'echo_questions', ['next_due_at']);

  await db.schema
    .createTable('echo_answers')
    .$call(column.id)
    .$call(column.reference('question_id', 'echo_questions.id'))
    .$call(column.personReference())
    .$call(column.required('title'))
    .$call(column.optional('body'))
    .$call(column.required('period_start', 'period_end', 'published_at', 'updated_at'))
    // One answer per occurrence, however many schedulers or readers catch up at once.
    .addUniqueConstraint('echo_answer_once', ['question_id', 'published_at'])
    .execute();
  await column.index(db, 'echo_answers_by_question', 'echo_answers', [
    'question_id',
    ...column.newestFirst('published_at'),
  ]);

  await db.schema
    .createTable('asks')
    .$call(column.id)
    .$call(column.personReference())
    .$call(column.required('prompt'))
    .$call(column.optional('body'))
    .$call(column.timestamps)
    .execute();
  await column.index(db, 'asks_by_person', 'asks', ['person_id', ...column.newestFirst('created_at')]);

  // Answers still being written (a server stopped mid-way resumes them at start).
  await sql`CREATE INDEX echo_answers_pending ON echo_answers (published_at) WHERE body IS NULL`.execute(db);
  await sql`CREATE INDEX asks_pending ON asks (created_at) WHERE body IS NULL`.execute(db);

  // Retrieval by time window without scanning: goal updates and comments by creation time.
  await column.index(db, 'goal_updates_by_time', 'goal_updates', [...column.newestFirst('created_at')]);
  await column.index(db, 'comments_by_time', 'comments', [...column.newestFirst('created_at')]);

  // FTS5 on SQLite, a tsvector with a GIN index on PostgreSQL (the one part of this file that differs).
  await (onPostgres(db) ? createPostgresSearchIndex(db) : createSearchIndex(db));
}

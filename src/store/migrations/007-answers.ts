/**
 * Echo answers, asks, and the full-text index of the answer engine. Echo questions gain next_due_at,
 * the next occurrence not yet published, so finding due questions is one indexed range read.
 */
import { type Kysely, sql } from 'kysely';
import { type Frequency, nextOccurrence } from '../../core/echo-schedule.js';
import type { Weekday } from '../../core/weekdays.js';
import { createPostgresSearchIndex } from '../search/postgres-tsvector.js';
import { createSearchIndex } from '../search/sqlite-fts.js';
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
  await db.schema.createIndex('echo_questions_due').on('echo_questions').columns(['next_due_at']).execute();

  await db.schema
    .createTable('echo_answers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('question_id', 'text', (col) =>
      col.notNull().references('echo_questions.id').onDelete('cascade'),
    )
    .addColumn('person_id', 'text', (col) => col.notNull().references('people.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text')
    .addColumn('period_start', 'text', (col) => col.notNull())
    .addColumn('period_end', 'text', (col) => col.notNull())
    .addColumn('published_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    // One answer per occurrence, however many schedulers or readers catch up at once.
    .addUniqueConstraint('echo_answer_once', ['question_id', 'published_at'])
    .execute();
  await db.schema
    .createIndex('echo_answers_by_question')
    .on('echo_answers')
    .columns(['question_id', 'published_at desc', 'id desc'])
    .execute();

  await db.schema
    .createTable('asks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('person_id', 'text', (col) => col.notNull().references('people.id').onDelete('cascade'))
    .addColumn('prompt', 'text', (col) => col.notNull())
    .addColumn('body', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('asks_by_person')
    .on('asks')
    .columns(['person_id', 'created_at desc', 'id desc'])
    .execute();

  // Answers still being written (a server stopped mid-way resumes them at start).
  await sql`CREATE INDEX echo_answers_pending ON echo_answers (published_at) WHERE body IS NULL`.execute(db);
  await sql`CREATE INDEX asks_pending ON asks (created_at) WHERE body IS NULL`.execute(db);

  // Retrieval by time window without scanning: goal updates and comments by creation time.
  await db.schema
    .createIndex('goal_updates_by_time')
    .on('goal_updates')
    .columns(['created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('comments_by_time')
    .on('comments')
    .columns(['created_at desc', 'id desc'])
    .execute();

  // FTS5 on SQLite, a tsvector with a GIN index on PostgreSQL (the one part of this file that differs).
  await (onPostgres(db) ? createPostgresSearchIndex(db) : createSearchIndex(db));
}

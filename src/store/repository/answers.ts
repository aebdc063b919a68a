/**
 * Echo questions and answers, asks, the jobs that write their answers, and the index answers search
 * (AnswerRepository). The jobs' statements are raw SQL run outside the store's transactions (except
 * adding an ask's job, which goes with the ask): on PostgreSQL pulse_jobs is bookkeeping
 * (postgres/data-version.ts), and a raw statement is not counted as this instance's write
 * (postgres/local-writes.ts counts Kysely's insert, update and delete nodes), so claiming and finishing
 * jobs moves no data version and empties no cache.
 */
import { type Kysely, sql } from 'kysely';
import { newId } from '../../core/ids.js';
import { idPrefixRange } from '../../core/query-params.js';
import type { AnswerRepository, EchoQuestionRow, JobRow } from '../../core/repository.js';
import type { Database, Stored } from '../schema.js';
import { bool, flag } from '../sql-values.js';
import { insertedUnlessPresent, insertOrReplace, newestFirst } from './paging.js';
import type { Store } from './store.js';

/**
 * Never claimed, or its lease ran out. A new job is claimable whatever the clock says, so an instance
 * whose clock is behind the creator's still takes it.
 */
function claimable(now: string) {
  return sql`(attempts = 0 OR leased_until <= ${now})`;
}

function toJob(row: JobRow): JobRow {
  return { ...row, attempts: Number(row.attempts) };
}

async function addJobs(db: Kysely<Database>, jobs: JobRow[]): Promise<void> {
  for (const job of jobs) {
    await sql`INSERT INTO pulse_jobs (id, kind, target_id, leased_until, attempts, created_at)
      VALUES (${job.id}, ${job.kind}, ${job.target_id}, ${job.leased_until}, ${job.attempts}, ${job.created_at})
      ON CONFLICT DO NOTHING`.execute(db);
  }
}

/** The tables of answers whose body a job writes. */
type Answers = 'asks' | 'echo_answers';

export function answerRepository(store: Store): AnswerRepository {
  /**
   * Writes an answer's body only while it is unwritten: an instance that wrote past its job's lease
   * loses to the one that took it over.
   */
  function writeBody(table: Answers) {
    return async (id: string, body: string, updatedAt: string): Promise<void> => {
      await store.db
        .updateTable(table)
        .set({ body, updated_at: updatedAt })
        .where('id', '=', id)
        .where('body', 'is', null)
        .execute();
    };
  }

  const echoAnswers = () => store.db.selectFrom('echo_answers').selectAll();
  const asks = () => store.db.selectFrom('asks').selectAll();

  return {
    // --- Echo questions and answers ---------------------------------------------------------------

    async findEchoQuestion(id) {
      const row = await store.db
        .selectFrom('echo_questions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toEchoQuestion(row);
    },

    async listEchoQuestions(personId, window) {
      const query = store.db.selectFrom('echo_questions').selectAll().where('person_id', '=', personId);
      return (await newestFirst(query, 'created_at', window)).map(toEchoQuestion);
    },

    saveEchoQuestion: (question) =>
      insertOrReplace(store.db.insertInto('echo_questions'), {
        ...question,
        every_day: flag(question.every_day),
      }),

    deleteEchoQuestion(id) {
      return store.transaction(async () => {
        const { db } = store;
        await db
          .deleteFrom('digest_entries')
          .where('resource_type', '=', 'echo-answer')
          .where(
            'resource_id',
            'in',
            db.selectFrom('echo_answers').select('id').where('question_id', '=', id),
          )
          .execute();
        await db.deleteFrom('echo_questions').where('id', '=', id).execute();
      });
    },

    async dueEchoQuestions(now, personId) {
      let query = store.db
        .selectFrom('echo_questions')
        .selectAll()
        .where('next_due_at', '<=', now)
        .where('paused_at', 'is', null);
      if (personId !== undefined) query = query.where('person_id', '=', personId);
      return (await query.orderBy('next_due_at').execute()).map(toEchoQuestion);
    },

    insertEchoAnswers(answers) {
      return store.transaction(async () => {
        const inserted = [];
        for (const answer of answers) {
          if (await insertedUnlessPresent(store.db.insertInto('echo_answers'), answer)) inserted.push(answer);
        }
        return inserted;
      });
    },

    findEchoAnswer: (id) => echoAnswers().where('id', '=', id).executeTakeFirst(),

    listEchoAnswers: (questionId, window) =>
      newestFirst(echoAnswers().where('question_id', '=', questionId), 'published_at', window),

    echoAnswersWithIdPrefix(personId, prefix, window) {
      const { from, to, like } = idPrefixRange(prefix);
      return echoAnswers()
        .where('id', '>=', from)
        .where('id', '<', to)
        .where('id', 'like', like)
        .where('person_id', '=', personId)
        .orderBy('id')
        .limit(window.limit)
        .offset(window.offset)
        .execute();
    },

    setEchoAnswerBody: writeBody('echo_answers'),

    pendingEchoAnswers: () => echoAnswers().where('body', 'is', null).orderBy('published_at').execute(),

    // --- asks -------------------------------------------------------------------------------------

    async insertAsk(ask) {
      await store.db.insertInto('asks').values(ask).execute();
    },

    findAsk: (id) => asks().where('id', '=', id).executeTakeFirst(),

    listAsks: (personId, window) =>
      newestFirst(asks().where('person_id', '=', personId), 'created_at', window),

    setAskBody: writeBody('asks'),

    pendingAsks: () => asks().where('body', 'is', null).orderBy('created_at').execute(),

    // --- answer-writing jobs (bookkeeping) --------------------------------------------------------

    addJobs: (jobs) => addJobs(store.db, jobs),

    async claimNextJob(now, leaseUntil) {
      const result =
        await sql<JobRow>`UPDATE pulse_jobs SET leased_until = ${leaseUntil}, attempts = attempts + 1
        WHERE id = (SELECT id FROM pulse_jobs WHERE ${claimable(now)} ORDER BY created_at, id LIMIT 1 ${store.dialect.claimLock})
        RETURNING id, kind, target_id, leased_until, attempts, created_at`.execute(store.db);
      const row = result.rows[0];
      return row && toJob(row);
    },

    async claimJob(id, now, leaseUntil) {
      // On PostgreSQL a second claim of the row waits for the first to commit, then finds its lease current.
      const result =
        await sql<JobRow>`UPDATE pulse_jobs SET leased_until = ${leaseUntil}, attempts = attempts + 1
        WHERE id = ${id} AND ${claimable(now)}
        RETURNING id, kind, target_id, leased_until, attempts, created_at`.execute(store.db);
      const row = result.rows[0];
      return row && toJob(row);
    },

    async deleteJob(id) {
      await sql`DELETE FROM pulse_jobs WHERE id = ${id}`.execute(store.db);
    },

    async addMissingJobs(now) {
      const missing = await sql<{ kind: JobRow['kind']; id: string }>`
        SELECT 'ask' AS kind, a.id AS id FROM asks AS a
        WHERE a.body IS NULL AND NOT EXISTS (SELECT 1 FROM pulse_jobs AS j WHERE j.kind = 'ask' AND j.target_id = a.id)
        UNION ALL
        SELECT 'echo-answer' AS kind, e.id AS id FROM echo_answers AS e
        WHERE e.body IS NULL
          AND NOT EXISTS (SELECT 1 FROM pulse_jobs AS j WHERE j.kind = 'echo-answer' AND j.target_id = e.id)`.execute(
        store.db,
      );
      const jobs: JobRow[] = [];
      for (const { kind, id } of missing.rows) {
        jobs.push({
          id: await newId(),
          kind,
          target_id: id,
          leased_until: now,
          attempts: 0,
          created_at: now,
        });
      }
      await addJobs(store.db, jobs);
      return jobs.length;
    },

    // --- the answer engine's index ----------------------------------------------------------------

    search: (query, window) => store.dialect.search(store.db, query, window),
  };
}

const toEchoQuestion = (row: Stored<EchoQuestionRow>): EchoQuestionRow => ({
  ...row,
  every_day: bool(row.every_day),
});

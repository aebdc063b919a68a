/**
 * Echo answers, asks and the answer engine's retrieval on SQLite: the data access behind
 * SqliteRepository for them. The ranking query is the only one that knows the FTS5 index.
 */
import { type Kysely, sql } from 'kysely';
import type {
  AskRow,
  CommentRow,
  EchoAnswerRow,
  EchoQuestionRow,
  GoalUpdateRow,
  SearchHit,
  SearchKind,
  SearchQuery,
  Window,
} from '../core/repository.js';
import type { Database } from './schema.js';
import { searchFilters } from './search/search-filters.js';
import { anyOf } from './search/sqlite-fts.js';

type Db = Kysely<Database>;

// --- Echo questions and answers ---------------------------------------------------------------------

export async function deleteEchoQuestion(db: Db, id: string): Promise<void> {
  await db
    .deleteFrom('digest_entries')
    .where('resource_type', '=', 'echo-answer')
    .where('resource_id', 'in', db.selectFrom('echo_answers').select('id').where('question_id', '=', id))
    .execute();
  await db.deleteFrom('echo_questions').where('id', '=', id).execute();
}

export function dueEchoQuestions(db: Db, now: string, personId?: string): Promise<EchoQuestionRow[]> {
  let query = db
    .selectFrom('echo_questions')
    .selectAll()
    .where('next_due_at', '<=', now)
    .where('paused_at', 'is', null);
  if (personId !== undefined) query = query.where('person_id', '=', personId);
  return query.orderBy('next_due_at').execute();
}

export async function insertEchoAnswers(db: Db, answers: EchoAnswerRow[]): Promise<EchoAnswerRow[]> {
  const added: EchoAnswerRow[] = [];
  for (const answer of answers) {
    const result = await db
      .insertInto('echo_answers')
      .values(answer)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) added.push(answer);
  }
  return added;
}

export function findEchoAnswer(db: Db, id: string): Promise<EchoAnswerRow | undefined> {
  return db.selectFrom('echo_answers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listEchoAnswers(db: Db, questionId: string, window: Window): Promise<EchoAnswerRow[]> {
  return db
    .selectFrom('echo_answers')
    .selectAll()
    .where('question_id', '=', questionId)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** Only while the body is unwritten: an instance that wrote past its job's lease loses to the one that took it over. */
export async function setEchoAnswerBody(db: Db, id: string, body: string, updatedAt: string): Promise<void> {
  await db
    .updateTable('echo_answers')
    .set({ body, updated_at: updatedAt })
    .where('id', '=', id)
    .where('body', 'is', null)
    .execute();
}

export function pendingEchoAnswers(db: Db): Promise<EchoAnswerRow[]> {
  return db
    .selectFrom('echo_answers')
    .selectAll()
    .where('body', 'is', null)
    .orderBy('published_at')
    .execute();
}

// --- asks -------------------------------------------------------------------------------------------

export async function insertAsk(db: Db, ask: AskRow): Promise<void> {
  await db.insertInto('asks').values(ask).execute();
}

export function findAsk(db: Db, id: string): Promise<AskRow | undefined> {
  return db.selectFrom('asks').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listAsks(db: Db, personId: string, window: Window): Promise<AskRow[]> {
  return db
    .selectFrom('asks')
    .selectAll()
    .where('person_id', '=', personId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** Only while the body is unwritten, as setEchoAnswerBody. */
export async function setAskBody(db: Db, id: string, body: string, updatedAt: string): Promise<void> {
  await db
    .updateTable('asks')
    .set({ body, updated_at: updatedAt })
    .where('id', '=', id)
    .where('body', 'is', null)
    .execute();
}

export function pendingAsks(db: Db): Promise<AskRow[]> {
  return db.selectFrom('asks').selectAll().where('body', 'is', null).orderBy('created_at').execute();
}

// --- retrieval --------------------------------------------------------------------------------------

/** Ranked full-text matches within the window; ties go to the newer item. */
export async function search(db: Db, query: SearchQuery, window: Window): Promise<SearchHit[]> {
  const filters = searchFilters(query);
  if (!filters) return [];
  const { terms, inWindow, byPerson } = filters;
  const result = await sql<{ kind: SearchKind; id: string; rank: number }>`
    SELECT i.kind AS kind, i.item_id AS id, bm25(search_text) AS rank
    FROM search_text JOIN search_items AS i ON i.rowid = search_text.rowid
    WHERE search_text MATCH ${anyOf(terms)} AND ${inWindow} ${byPerson}
    ORDER BY rank, i.at DESC, i.item_id
    LIMIT ${window.limit} OFFSET ${window.offset}`.execute(db);
  return result.rows;
}

export function goalUpdatesByIds(db: Db, ids: readonly string[]): Promise<GoalUpdateRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('goal_updates').selectAll().where('id', 'in', ids).execute();
}

export async function commentsByIds(db: Db, ids: readonly string[]): Promise<CommentRow[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('comments').selectAll().where('id', 'in', ids).execute()) as CommentRow[];
}

export function listGoalUpdatesBetween(
  db: Db,
  from: string,
  to: string,
  window: Window,
): Promise<GoalUpdateRow[]> {
  return db
    .selectFrom('goal_updates')
    .selectAll()
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function listCommentsBetween(
  db: Db,
  from: string,
  to: string,
  window: Window,
): Promise<CommentRow[]> {
  return (await db
    .selectFrom('comments')
    .selectAll()
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute()) as CommentRow[];
}

/** The shapes the repository's queries share: a window of a list, and what a write reports. */
import type { DeleteResult, InsertResult, UpdateResult } from 'kysely';
import type { Window } from '../../core/repository.js';

/** What paging needs of a select query (Kysely's SelectQueryBuilder offers it). */
interface Pageable<Query, Rows> {
  orderBy(column: string, direction: 'asc' | 'desc'): Query;
  limit(limit: number): Query;
  offset(offset: number): Query;
  execute(): Promise<Rows>;
}

/** Reads the window of the query's rows, newest first by `time`, then by id descending. */
export function newestFirst<Query extends Pageable<Query, Rows>, Rows>(
  query: Query & Pageable<Query, Rows>,
  time: string,
  window: Window,
): Promise<Rows> {
  return query
    .orderBy(time, 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** Reads the window of the query's rows by name, then by id (how people and teams are listed). */
export function byName<Query extends Pageable<Query, Rows>, Rows>(
  query: Query & Pageable<Query, Rows>,
  window: Window,
): Promise<Rows> {
  return query
    .orderBy('name', 'asc')
    .orderBy('id', 'asc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** What a time range needs of a select query. */
interface Filterable<Query> {
  where(column: string, operator: '>=' | '<', value: string): Query;
}

/** The query's rows created in [from, to). */
export function createdBetween<Query extends Filterable<Query>>(
  query: Query,
  from: string,
  to: string,
): Query {
  return query.where('created_at', '>=', from).where('created_at', '<', to);
}

/** Whether an insert (with ON CONFLICT DO NOTHING) added its row. */
export const added = (result: InsertResult) => Number(result.numInsertedOrUpdatedRows ?? 0) > 0;

/** How many rows a delete removed. */
export const deleted = (result: DeleteResult) => Number(result.numDeletedRows);

/** How many rows an update changed. */
export const updated = (result: UpdateResult) => Number(result.numUpdatedRows);

/** What reading rows by id needs of a select query (Kysely's SelectQueryBuilder offers it). */
interface SelectsById<Row> {
  where(column: 'id', operator: '=', value: string): { executeTakeFirst(): Promise<Row | undefined> };
  where(column: 'id', operator: 'in', value: readonly string[]): { execute(): Promise<Row[]> };
}

/** Reads of one table's rows by id: `select` starts a fresh query each time (inside a transaction, on it). */
export function rowsById<Row>(select: () => SelectsById<Row>) {
  return {
    find: (id: string) => select().where('id', '=', id).executeTakeFirst(),
    byIds: async (ids: readonly string[]): Promise<Row[]> =>
      ids.length === 0 ? [] : select().where('id', 'in', ids).execute(),
  };
}

/** Runs an insert (with ON CONFLICT DO NOTHING) and tells whether it added its row. */
export const insertedRow = async (query: { executeTakeFirst(): Promise<InsertResult> }) =>
  added(await query.executeTakeFirst());

/** Runs a delete and tells whether it removed a row. */
export const removedRow = async (query: { executeTakeFirst(): Promise<DeleteResult> }) =>
  deleted(await query.executeTakeFirst()) > 0;

/** Runs an update and tells whether it changed a row. */
export const changedRow = async (query: { executeTakeFirst(): Promise<UpdateResult> }) =>
  updated(await query.executeTakeFirst()) > 0;

/** What an insert needs to skip a row already there (Kysely's InsertQueryBuilder offers it). */
interface IgnoresConflicts<Row> {
  values(row: Row): {
    onConflict(build: (conflict: { doNothing(): unknown }) => unknown): {
      executeTakeFirst(): Promise<InsertResult>;
    };
  };
}

/** Inserts the row unless one with its key is there (`into` is `db.insertInto(table)`); whether it did. */
export const insertedUnlessPresent = async <Row>(into: IgnoresConflicts<NoInfer<Row>>, row: Row) =>
  added(
    await into
      .values(row)
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst(),
  );

/** What an insert needs to replace the row with the same id (Kysely's InsertQueryBuilder offers it). */
interface ReplacesById<Row> {
  values(row: Row): {
    onConflict(build: (conflict: { column(name: 'id'): { doUpdateSet(row: Row): unknown } }) => unknown): {
      execute(): Promise<unknown>;
    };
  };
}

/** Inserts the row, or replaces the one with its id (`into` is `db.insertInto(table)`). */
export async function insertOrReplace<Row>(into: ReplacesById<NoInfer<Row>>, row: Row): Promise<void> {
  await into
    .values(row)
    .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
    .execute();
}

/**
 * Input validation shared by every path into the core. Shapes are checked with zod; a value of the wrong
 * type or form is a 400, a well-formed value that breaks a rule is a 422 (raised by the rule's owner).
 * Query values may arrive as strings (HTTP) or typed values (the CLI); both are accepted and checked alike.
 */
// zod/mini: the same validator as zod with a fraction of the start-up cost (every command loads it).
import * as z from 'zod/mini';
import { BadRequestError } from './errors.js';
import { isUuid } from './ids.js';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './page-size.js';
import type { Window } from './repository.js';
import { isCalendarDate } from './time.js';
import type { Page } from './types.js';

/** Parses input against a schema whose messages name their field; any issue becomes a 400. */
export function parseInput<T>(schema: z.ZodMiniType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new BadRequestError([...new Set(result.error.issues.map((issue) => issue.message))]);
}

const integerText = (value: unknown) =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
const booleanText = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : value);
const asList = (value: unknown) => (typeof value === 'string' ? [value] : value);

export function integerParam(name: string, min: number, max?: number) {
  const message =
    max === undefined
      ? `${name} must be an integer of at least ${min}`
      : `${name} must be an integer from ${min} to ${max}`;
  const bounds = [
    z.minimum(min, { error: message }),
    ...(max === undefined ? [] : [z.maximum(max, { error: message })]),
  ];
  return z.pipe(z.transform(integerText), z.int({ error: message }).check(...bounds));
}

export function dateParam(name: string) {
  const message = `${name} must be a date (YYYY-MM-DD)`;
  return z.string({ error: message }).check(z.refine(isCalendarDate, { error: message }));
}

export function booleanParam(name: string) {
  return z.pipe(z.transform(booleanText), z.boolean({ error: `${name} must be true or false` }));
}

export function idListParam(name: string) {
  const message = `${name}[] must be a list of ids (UUIDs)`;
  return z.pipe(
    z.transform(asList),
    z.array(z.string({ error: message }).check(z.refine(isUuid, { error: message })), { error: message }),
  );
}

export const pageParams = {
  page: z.optional(integerParam('page', 1)),
  per_page: z.optional(integerParam('per_page', 1, MAX_PER_PAGE)),
};

const pageSchema = z.object(pageParams);

export interface Paging {
  page: number;
  perPage: number;
}

/** page and per_page with their defaults; anything out of range is a 400. */
export function toPaging(query: { page?: number | undefined; per_page?: number | undefined }): Paging {
  return { page: query.page ?? 1, perPage: query.per_page ?? DEFAULT_PER_PAGE };
}

/** The rows to read for a page: one past it tells whether another page follows, without counting. */
export function windowOf(paging: Paging): Window {
  return { offset: (paging.page - 1) * paging.perPage, limit: paging.perPage + 1 };
}

/** The page of rows read through windowOf, its items made from the rows that belong to it. */
export async function pageOf<Row, Item>(
  rows: Row[],
  paging: Paging,
  items: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<Page<Item>> {
  return {
    items: await items(rows.slice(0, paging.perPage)),
    ...paging,
    hasNext: rows.length > paging.perPage,
  };
}

export function parsePaging(input: unknown): Paging {
  return toPaging(parseInput(pageSchema, input ?? {}));
}

/** An id in a path: anything but a UUID names nothing, so it is simply not found. */
export function isIdKey(key: string): boolean {
  return isUuid(key);
}

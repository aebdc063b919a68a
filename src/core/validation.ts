/**
 * Input validation shared by every path into the core. Shapes are checked with zod; a value of the wrong
 * type or form is a 400, a well-formed value that breaks a rule is a 422 (raised by the rule's owner).
 * Query values may arrive as strings (HTTP) or typed values (the CLI); both are accepted and checked alike.
 */
import { z } from 'zod';
import { BadRequestError } from './errors.js';
import { isUuid } from './ids.js';
import { isCalendarDate } from './time.js';

export const MAX_PER_PAGE = 50;
export const DEFAULT_PER_PAGE = 30;

/** Parses input against a schema whose messages name their field; any issue becomes a 400. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
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
  const base = z.number({ error: message }).int({ error: message }).min(min, { error: message });
  return z.preprocess(integerText, max === undefined ? base : base.max(max, { error: message }));
}

export function dateParam(name: string) {
  const message = `${name} must be a date (YYYY-MM-DD)`;
  return z.string({ error: message }).refine(isCalendarDate, { error: message });
}

export function booleanParam(name: string) {
  return z.preprocess(booleanText, z.boolean({ error: `${name} must be true or false` }));
}

export function idListParam(name: string) {
  const message = `${name}[] must be a list of ids (UUIDs)`;
  return z.preprocess(
    asList,
    z.array(z.string({ error: message }).refine(isUuid, { error: message }), { error: message }),
  );
}

export const pageParams = {
  page: integerParam('page', 1).optional(),
  per_page: integerParam('per_page', 1, MAX_PER_PAGE).optional(),
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

export function parsePaging(input: unknown): Paging {
  return toPaging(parseInput(pageSchema, input ?? {}));
}

/** An id in a path: anything but a UUID names nothing, so it is simply not found. */
export function isIdKey(key: string): boolean {
  return isUuid(key);
}

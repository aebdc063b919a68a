/**
 * Query parameters of the lists: each a flat value (a string from HTTP, a typed value from the CLI) checked
 * by one small function, without zod. The check-in and goal lists are what a person runs most, and zod
 * is a twelfth of such a command's start-up (docs/performance.md); request bodies, which nest, are
 * checked with zod (validation.ts). A value of the wrong type or form is a 400 naming the parameter.
 */
import { BadRequestError, ValidationError } from './errors.js';
import { isUuid } from './ids.js';
import { MAX_PER_PAGE } from './page-size.js';
import { longerThan, textErrors } from './text.js';
import { dateOutOfRange, isCalendarDate } from './time.js';

const INVALID = Symbol('invalid');

/** A JSON Schema of a parameter's values, for the interface's OpenAPI documents. */
export type ParamSchema = Record<string, unknown>;

/** A value refused for a reason other than the parameter's usual message (too long, say). */
interface Refused {
  readonly refused: string;
}

const isRefused = (result: unknown): result is Refused =>
  typeof result === 'object' && result !== null && 'refused' in result;

/** Checks one parameter's value (never undefined: an absent parameter is not checked). */
export interface Param<T> {
  (value: unknown): T | typeof INVALID | Refused;
  readonly message: string;
  readonly schema: ParamSchema;
}

/** A parameter whose value `parse` gives, or INVALID for any value it returns undefined for. */
export function param<T>(
  message: string,
  parse: (value: unknown) => T | undefined,
  schema: ParamSchema = { type: 'string' },
): Param<T> {
  return Object.assign((value: unknown) => parse(value) ?? INVALID, { message, schema });
}

export type Parsed<Params> = { [K in keyof Params]?: Params[K] extends Param<infer T> ? T : never };

/**
 * The parameters of `input` that `params` names, checked; any other key is ignored, and an absent one
 * stays absent. Every invalid parameter is reported at once, each message once.
 */
export function parseQuery<Params extends Record<string, Param<unknown>>>(
  params: Params,
  input: unknown,
): Parsed<Params> {
  if (input != null && (typeof input !== 'object' || Array.isArray(input)))
    throw new BadRequestError(['the query must be a set of named parameters']);
  const query = (input ?? {}) as Record<string, unknown>;
  const parsed: Record<string, unknown> = {};
  const errors = new Set<string>();
  for (const [name, check] of Object.entries(params)) {
    const value = query[name];
    if (value === undefined) continue;
    const result = check(value);
    if (result === INVALID) errors.add(check.message);
    else if (isRefused(result)) errors.add(result.refused);
    else parsed[name] = result;
  }
  if (errors.size > 0) throw new BadRequestError([...errors]);
  // Every parameter is one line (a search, an id): held to the text rule like a body's fields.
  const textProblems = textErrors(parsed, []);
  if (textProblems.length > 0) throw new ValidationError(textProblems);
  return parsed as Parsed<Params>;
}

const integerOf = (value: unknown) =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;

export function integerParam(name: string, min: number, max?: number): Param<number> {
  const message =
    max === undefined
      ? `${name} must be an integer of at least ${min}`
      : `${name} must be an integer from ${min} to ${max}`;
  const schema = { type: 'integer', minimum: min, ...(max === undefined ? {} : { maximum: max }) };
  return param(
    message,
    (value) => {
      const number = integerOf(value);
      return Number.isSafeInteger(number) &&
        (number as number) >= min &&
        (max === undefined || (number as number) <= max)
        ? (number as number)
        : undefined;
    },
    schema,
  );
}

/** A date pulse accepts (time.ts): one that is no date, or is out of range, says which. */
export function dateParam(name: string): Param<string> {
  const check = (value: unknown): string | typeof INVALID | Refused => {
    if (typeof value !== 'string') return INVALID;
    const outOfRange = dateOutOfRange(name, value);
    if (outOfRange) return { refused: outOfRange };
    return isCalendarDate(value) ? value : INVALID;
  };
  return Object.assign(check, {
    message: `${name} must be a date (YYYY-MM-DD)`,
    schema: { type: 'string', format: 'date' },
  });
}

export function booleanParam(name: string): Param<boolean> {
  return param(
    `${name} must be true or false`,
    (value) => {
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      return undefined;
    },
    { type: 'boolean' },
  );
}

/** One of `values`. */
export function enumParam<T extends string>(message: string, values: readonly T[]): Param<T> {
  return param(message, (value) => (values.includes(value as T) ? (value as T) : undefined), {
    type: 'string',
    enum: values,
  });
}

/** A list of what `item` accepts; a single string is a list of one. */
export function listParam<T>(
  message: string,
  item: (value: unknown) => T | undefined,
  itemSchema: ParamSchema = { type: 'string' },
): Param<T[]> {
  return param(
    message,
    (value) => {
      const list = typeof value === 'string' ? [value] : value;
      if (!Array.isArray(list)) return undefined;
      const items = list.map(item);
      return items.every((each) => each !== undefined) ? (items as T[]) : undefined;
    },
    { type: 'array', items: itemSchema },
  );
}

export function idListParam(name: string): Param<string[]> {
  return listParam(
    `${name}[] must be a list of ids (UUIDs)`,
    (value) => (typeof value === 'string' && isUuid(value) ? value : undefined),
    { type: 'string', format: 'uuid' },
  );
}

/** One string of at most `max` characters (a search text). */
export function textParam(name: string, max: number): Param<string> {
  const check = (value: unknown): string | typeof INVALID | Refused => {
    if (typeof value !== 'string') return INVALID;
    return longerThan(value, max) ? { refused: `${name} must be at most ${max} characters` } : value;
  };
  return Object.assign(check, {
    message: `${name} must be a single string`,
    schema: { type: 'string', maxLength: max },
  });
}

/** A parameter only `pulse serve` takes (docs/reference/v2.md), so marked in the OpenAPI documents. */
export function extensionParam<T>(param: Param<T>): Param<T> {
  const check = (value: unknown) => param(value);
  return Object.assign(check, {
    message: param.message,
    schema: { ...param.schema, 'x-pulse-extension': true },
  });
}

/** The longest text a list's `search` takes. */
export const MAX_SEARCH_LENGTH = 200;

/**
 * A list's `search` (a pulse extension of the v2 lists): words an item's text must all contain, matched
 * by the full-text index as `ask` matches them (stems, without accents or case). Text without a word
 * (only spaces or punctuation) could match nothing and is refused.
 */
export function searchParam(): Param<string> {
  const text = textParam('search', MAX_SEARCH_LENGTH);
  const check = (value: unknown): string | typeof INVALID | Refused => {
    const result = text(value);
    if (typeof result !== 'string') return result;
    return /[\p{L}\p{N}]/u.test(result) ? result.trim() : { refused: 'search must contain a word' };
  };
  return extensionParam(Object.assign(check, { message: text.message, schema: text.schema }));
}

/**
 * A list's `id_prefix` (a pulse extension of the v2 lists): only the items whose id starts with these
 * characters, in id order, which is how a short id (short-ids.ts) is expanded without walking the list.
 */
export function idPrefixParam(): Param<string> {
  return extensionParam(
    param(
      'id_prefix must be 1 to 36 characters of an id (0-9, a-f and -, starting with a digit or letter)',
      (value) =>
        typeof value === 'string' && /^[0-9a-f][0-9a-f-]{0,35}$/i.test(value)
          ? value.toLowerCase()
          : undefined,
      { type: 'string', pattern: '^[0-9a-fA-F][0-9a-fA-F-]{0,35}$' },
    ),
  );
}

/**
 * The ids an id prefix covers, as a range of the primary key's order (a seek in its index in both
 * dialects): from the prefix up to its successor, the prefix with its last character moved one up, and
 * `like`, the pattern that keeps exactly the ids starting with the prefix. Trailing hyphens are left out
 * of the range (every id has its hyphens at the same places, which PostgreSQL's collations may skip
 * over), so it ends in a digit or letter; `like` still holds them.
 */
export function idPrefixRange(prefix: string): { from: string; to: string; like: string } {
  const lower = prefix.toLowerCase();
  const from = lower.replace(/-+$/, '');
  const last = from.at(-1) ?? '0';
  const next = last === '9' ? 'a' : String.fromCharCode(last.charCodeAt(0) + 1);
  return { from, to: from.slice(0, -1) + next, like: `${lower}%` };
}

/**
 * page and per_page: the one check of the page parameters, for every interface (v1 and the status page
 * take only page; their page sizes are fixed).
 */
export const pageParams = {
  page: integerParam('page', 1),
  per_page: integerParam('per_page', 1, MAX_PER_PAGE),
};

/**
 * The lists that only find items by id (goal updates and Echo answers of every goal or question, pulse
 * extensions): id_prefix, which they require, and the page. In id order.
 */
export const idPrefixListParams = { ...pageParams, id_prefix: idPrefixParam() };

/** The prefix and page of an id-prefix list's query; a query without id_prefix is a 400. */
export function parseIdPrefixQuery(input: unknown): { prefix: string; page: number; perPage: number } {
  const parsed = parseQuery(idPrefixListParams, input);
  if (parsed.id_prefix === undefined)
    throw new BadRequestError(['id_prefix is required: this list finds items by id']);
  return { prefix: parsed.id_prefix, page: parsed.page ?? 1, perPage: parsed.per_page ?? 30 };
}

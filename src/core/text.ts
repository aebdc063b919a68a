/**
 * The text rule: which strings pulse accepts into any store (docs/decisions.md, "Text every store
 * accepts"). Every store must be able to hold what one store holds, so text that PostgreSQL cannot
 * (NUL) or that is not Unicode (an unpaired UTF-16 surrogate, which SQLite stores as invalid UTF-8) is
 * refused everywhere, and so are control characters, which only ever reach a store to disturb a terminal:
 *
 * - everywhere: NUL, unpaired surrogates, the C0 controls but tab, line feed and CR LF, DEL, the C1 controls;
 * - in single-line fields (titles, names, emails, ...) line breaks too: a tab is the only control allowed.
 *
 * A lone carriage return is refused in both: it only ever rewrites what a terminal shows.
 */
import { ValidationError } from './errors.js';

/** Multi-line fields (answers, comments, descriptions) allow line breaks; every other field does not. */
export type TextKind = 'single-line' | 'multi-line';

/**
 * The fields, by name in every interface, that hold prose: check-in answers, descriptions, the bodies of
 * comments and goal updates, the prompts of Echo questions and asks, status notices' content.
 */
export const MULTI_LINE_FIELDS: readonly string[] = [
  'previous',
  'intentions',
  'blockers',
  'description',
  'body',
  'prompt',
  'content',
];

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/;
const LINE_BREAK = /[\n\r]/;
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with `value` as text of a `kind` field, as the end of a message ("must not contain ..."); none when it is fine. */
export function textProblem(value: string, kind: TextKind): string | undefined {
  if (value.includes('\u0000')) return 'must not contain NUL (\\u0000)';
  if (UNPAIRED_SURROGATE.test(value)) return 'must be valid Unicode (it holds an unpaired surrogate)';
  if (CONTROL.test(value)) return 'must not contain control characters (only tab and line breaks)';
  if (kind === 'single-line' && LINE_BREAK.test(value)) return 'must be one line (no line breaks)';
  return undefined;
}

/** The message naming `field` for a text problem, or none. */
export function textError(field: string, value: string, kind: TextKind): string | undefined {
  const problem = textProblem(value, kind);
  return problem === undefined ? undefined : `${field} ${problem}`;
}

/**
 * The messages for every string inside `value` (a parsed request: objects, arrays, strings) that breaks
 * the rule, each naming its field by path (`team_ids[1]`). A field is single-line unless the last key of
 * its path is one of `multiLine`: so a field added later is held to the stricter rule until someone
 * decides otherwise.
 */
export function textErrors(
  value: unknown,
  multiLine: readonly string[] = MULTI_LINE_FIELDS,
  path = '',
): string[] {
  if (typeof value === 'string') {
    const key =
      path
        .replace(/\[\d+\]$/, '')
        .split('.')
        .pop() ?? '';
    const error = textError(
      path || 'the value',
      value,
      multiLine.includes(key) ? 'multi-line' : 'single-line',
    );
    return error === undefined ? [] : [error];
  }
  if (Array.isArray(value))
    return value.flatMap((item, index) => textErrors(item, multiLine, `${path}[${index}]`));
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.entries(value).flatMap(([key, item]) =>
      textErrors(item, multiLine, path === '' ? key : `${path}.${key}`),
    );
  }
  return [];
}

/**
 * Throws a 422 naming each of `fields` (name -> value; absent values are skipped) that breaks the rule:
 * for inputs that do not come through parseInput (the operator's commands).
 */
export function refuseBadText(fields: Record<string, unknown>): void {
  const errors = textErrors(fields);
  if (errors.length > 0) throw new ValidationError(errors);
}

/**
 * How many characters `text` has, as people and Unicode-aware tools count them: code points. An emoji
 * beyond the Basic Multilingual Plane is one character (String.length says two); a letter with a
 * combining accent is two, and a CJK character one. Every length rule of every interface counts so.
 */
export function characterCount(text: string): number {
  let count = 0;
  for (const _codePoint of text) count++;
  return count;
}

/** Whether `text` has more than `max` characters (code points; cheap when its UTF-16 length is within). */
export function longerThan(text: string, max: number): boolean {
  return text.length > max && characterCount(text) > max;
}

/**
 * Lower case without accents, one character for one, so that positions in the folded text are positions
 * in the original too ("Céline" reads as "celine"). A character whose folded form is longer stays as it is.
 */
export function fold(text: string): string {
  let folded = '';
  for (let index = 0; index < text.length; index++) {
    const character = text.charAt(index);
    const plain = character.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
    folded +=
      plain.length === 1 ? plain : character.toLowerCase().length === 1 ? character.toLowerCase() : character;
  }
  return folded;
}

/**
 * fast-check generators of bad input for the HTTP interfaces: values that a field, a query parameter or
 * a path segment of a given kind must refuse, malformed bodies, and unusual text that is not wrong in
 * itself but must never break anything. The suites in this folder combine them per endpoint (requests.ts).
 */
import fc from 'fast-check';

/** Characters that tend to break text handling: controls, NUL, lone surrogates, bidi and zero-width marks. */
const ODD_CHARACTERS = [
  '\u0000',
  '\u0007',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085',
  '\n',
  '\r',
  '\t',
  '\ud800',
  '\udfff',
  '\u202e',
  '\u200f',
  '\u2066',
  '\u200b',
  '\ufeff',
  '\u0301',
  '\ufffe',
  '\uffff',
  '𝕏',
  '👩‍👩‍👧',
  '%',
  '"',
  "'",
  '\\',
  '<script>',
  '#tag',
  '@ben',
];

/** Text made of odd characters mixed with ordinary ones: legal in a text field, but never a reason to fail. */
export const oddText = fc.string({
  unit: fc.oneof(fc.constantFrom(...ODD_CHARACTERS), fc.string({ unit: 'grapheme', maxLength: 1 })),
  minLength: 1,
  maxLength: 40,
});

/**
 * Characters no text field accepts (the text rule, src/core/text.ts): NUL, which PostgreSQL cannot store,
 * unpaired surrogates (sent as JSON escapes, "\ud800"), and control characters but tab and line feed.
 */
const UNSTORABLE = [
  '\u0000',
  '\ud800',
  '\udfff',
  '\u0001',
  '\u0007',
  '\u001b',
  '\r',
  '\u007f',
  '\u0085',
  '\u009b',
];

/** Ordinary text with one character no text field accepts somewhere in it. */
export const unstorableText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...UNSTORABLE), fc.string({ maxLength: 8 }))
  .filter(([before, , after]) => !/[\ud800-\udfff]$/.test(before) && !/^[\ud800-\udfff]/.test(after))
  .map(([before, bad, after]) => `${before}${bad}${after}`);

/** Like unstorableText, for a URL: no surrogates, which have no UTF-8 form to percent-encode. */
export const unstorableQueryText = unstorableText.filter((text) => !/[\ud800-\udfff]/.test(text));

/** Text longer than `max` characters (and well short of the body limit). */
export const overlong = (max: number) =>
  fc
    .tuple(fc.integer({ min: 1, max: 2000 }), fc.constantFrom('x', 'é', '𝕏', '\u0000'))
    .map(([extra, unit]) => unit.repeat(max + extra));

/** Values of a JSON type other than string (null excluded: text fields accept it). */
export const notAString = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant({}),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** Strings that are not UUIDs: near misses, other id forms, odd text and overlong runs. */
export const invalidUuid = fc.oneof(
  fc.uuid().map((id) => `${id.slice(0, 35)}g`),
  fc.tuple(fc.uuid(), fc.integer({ min: 1, max: 35 })).map(([id, end]) => id.slice(0, end)),
  fc.uuid().map((id) => `{${id}}`),
  fc.uuid().map((id) => `${id}0`),
  fc.uuid().map((id) => id.replaceAll('-', '')),
  fc.uuid().map((id) => ` ${id}`),
  fc.uuid().map((id) => `${id}\u0000`),
  fc.integer().map(String),
  fc.constantFrom('null', 'undefined', '..', '0', '-1', "' OR 1=1 --", 'me'),
  oddText,
  // Long, but short of Node's 16 KiB limit on a request's head (past it, Node answers 431 itself).
  fc.integer({ min: 37, max: 400 }).map((length) => 'a'.repeat(length)),
);

/**
 * Dates that do not exist, are not written YYYY-MM-DD, or fall outside the dates pulse accepts
 * (2000-01-01 to 2100-12-31, core/time.ts).
 */
export const impossibleDate = fc.oneof(
  fc.constantFrom(
    '1900-01-01',
    '1999-12-31',
    '2101-01-01',
    '9999-12-31',
    '0001-01-01',
    '2026-02-30',
    '2026-02-29',
    '2025-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '2026-12-32',
    '0000-00-00',
    '2026-1-1',
    '26-01-01',
    '2026/01/05',
    '20260105',
    '2026-01-05T00:00:00Z',
    '+02026-01-05',
    '2026-01-05\u0000',
    ' 2026-01-05',
    'today',
    '',
  ),
  // Months past December, days past the month's end.
  fc
    .tuple(
      fc.integer({ min: 1000, max: 9999 }),
      fc.integer({ min: 13, max: 99 }),
      fc.integer({ min: 1, max: 28 }),
    )
    .map(([y, m, d]) => `${y}-${m}-${String(d).padStart(2, '0')}`),
  fc
    .tuple(
      fc.integer({ min: 1000, max: 9999 }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 32, max: 99 }),
    )
    .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${d}`),
);

/** Date-times that do not exist or are not date-times. */
export const impossibleDateTime = fc.oneof(
  impossibleDate.map((date) => `${date}T10:00:00Z`),
  fc.constantFrom(
    '2026-11-23T25:00:00Z',
    '2026-11-23T10:61:00Z',
    '2026-11-23T10:00:00+25:00',
    '2026-11-23T10:00:00 Mars/Olympus',
    'yesterday',
    'NaN',
  ),
);

/** Time-zone names that do not exist. */
export const badTimeZone = fc.constantFrom(
  'Mars/Olympus_Mons',
  'Europe/Atlantis',
  'UTC+25',
  'America/New York',
  'Etc/GMT+99',
  '../../etc/passwd',
  '',
);

/** A time of day that is not HH:MM (24-hour). */
export const badTime = fc.oneof(
  fc.constantFrom('24:00', '12:60', '7:00', '12:00:00', 'noon', '-01:00', '12:5', '１２:００', ''),
  fc.tuple(fc.integer({ min: 24, max: 99 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${h}:${m}`),
);

/** Values of page / per_page that are not an integer in range (per_page: 1..max). */
export const badPage = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    'abc',
    '1.5',
    '1e3',
    '',
    ' 1',
    '0x10',
    '１',
    'NaN',
    'Infinity',
    '99999999999999999999',
  ),
  fc.integer({ max: 0 }).map(String),
);
export const badPerPage = (max: number) => fc.oneof(badPage, fc.integer({ min: max + 1 }).map(String));

/** A string that is none of `values`. */
export const notOneOf = (values: readonly string[]) =>
  fc.oneof(fc.string({ maxLength: 12 }), oddText).filter((value) => !values.includes(value));

/** URLs that are not absolute http(s) URLs. */
export const badUrl = fc.constantFrom(
  'ftp://example.com/x',
  'javascript:alert(1)',
  'not a url',
  '//example.com',
  'http://',
  'file:///etc/passwd',
  'data:text/html,hi',
);

/** Bodies that are not JSON, or are JSON cut short. */
export const malformedJson = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '{"title": }',
    "{'title': 'x'}",
    '{"title": "x",}',
    '{"title": NaN}',
    '{"title": undefined}',
    '{"title": "x"} trailing',
    '{"title": "x" /* note */}',
    '\u0000',
    'null null',
    '{"title": "\\ud800"',
  ),
  fc.string({ minLength: 1, maxLength: 30 }).filter((text) => !isJson(text)),
);

/** A strict prefix of an object's JSON text: never valid JSON. */
export const truncated = (value: object) => {
  const text = JSON.stringify(value);
  return fc.integer({ min: 1, max: text.length - 1 }).map((end) => text.slice(0, end));
};

/** JSON values that are not objects (null excluded: the routes read a missing body as `{}`). */
export const notAnObject = fc.oneof(
  fc.constant([]),
  fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
  fc.integer(),
  fc.string({ maxLength: 8 }),
  fc.boolean(),
);

/** JSON text nested `depth` deep, arrays or objects. */
export const deeplyNested = fc
  .tuple(fc.integer({ min: 1_000, max: 20_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** Content types the interfaces do not take. */
export const badContentType = fc.constantFrom(
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonx',
  'application/octet-stream',
  'image/png',
);

/** Unknown fields and query parameters, with values of any kind (they must be ignored or refused). */
export const extraKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'id', 'created_at', 'time_zone', 'admin', 'person_id'),
  fc.string({ minLength: 1, maxLength: 12 }),
);
export const extraValue = fc.oneof(oddText, notAString, badTimeZone, fc.constant(null));

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

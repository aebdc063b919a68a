/**
 * Bad requests per endpoint, as fast-check arbitraries. An endpoint is described by its path parameters,
 * query parameters and body fields, each with a kind; a request is a valid one with one fault applied
 * (a bad path segment, query value, body field, a missing field, a body that is not an object, JSON that
 * does not parse, a wrong Content-Type, a body over the limit, another method, an Accept without JSON),
 * plus noise that must not matter (unknown fields and query parameters with odd values). Faults that
 * make a request wrong set `mustReject`; the rest (odd but legal text, huge page numbers) only must not
 * break anything.
 */
import fc from 'fast-check';
import {
  badContentType,
  badPage,
  badPerPage,
  badTime,
  badTimeZone,
  badUrl,
  deeplyNested,
  extraKey,
  extraValue,
  impossibleDate,
  impossibleDateTime,
  invalidUuid,
  malformedJson,
  notAnObject,
  notAString,
  notOneOf,
  oddText,
  overlong,
  truncated,
  unstorableQueryText,
  unstorableText,
} from './arbitraries.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export type FieldKind =
  | { type: 'text'; max?: number }
  | { type: 'date' | 'id' | 'ids' | 'bool' | 'score' | 'time' | 'url' }
  | { type: 'enum'; values: readonly string[] };

export type QueryKind =
  | { type: 'page' | 'date' | 'datetime' | 'bool' | 'ids' | 'text' | 'true' }
  | { type: 'per_page'; max: number }
  | { type: 'enum'; values: readonly string[] }
  /** `name[]`, each value one of these. */
  | { type: 'list'; values: readonly string[] };

/** id: a UUID; key: a UUID or a date; slug: an id or a slug; int: a positive integer; tag: any text. */
export type ParamKind = 'id' | 'date' | 'key' | 'slug' | 'int' | 'tag';

export interface Endpoint {
  method: Method;
  /** Fastify's form, relative to the interface's prefix: /goals/:id */
  path: string;
  /** A valid value of each path parameter (an existing resource the actors may reach). */
  params?: Record<string, { valid: string; kind: ParamKind }>;
  query?: Record<string, QueryKind>;
  /** The body the endpoint reads: a valid one, its fields' kinds, and the fields it cannot do without. */
  body?: { base: Record<string, unknown>; fields: Record<string, FieldKind>; required?: string[] };
}

export interface Interface {
  name: string;
  prefix: string;
  endpoints: Endpoint[];
  /** Headers that get a request past authentication. */
  credentials: fc.Arbitrary<Record<string, string>>;
  /** The status of a known path with another method: 405 (v1, status) or 404 (v2). */
  otherMethodStatus: number;
  /** Whether an Accept without JSON is a 406. */
  acceptChecked: boolean;
}

/** A request as sent: plain data, so fast-check prints a failing one whole. */
export interface Attempt {
  fault: string;
  mustReject: boolean;
  /** The one status the fault must get, when there is one. */
  expect?: number;
  method: string;
  /** Path and query, percent-encoded, under the interface's prefix. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** A body of this many bytes, made when sent (too big to print), streamed when chunked. */
  huge?: { bytes: number; chunked: boolean };
}

/** What a fault changes in an endpoint's valid request. */
interface Fault {
  fault: string;
  mustReject: boolean;
  expect?: number;
  method?: string;
  /** Percent-encoded path segments replacing valid ones. */
  params?: Record<string, string>;
  query?: [string, string][];
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  accept?: string;
  huge?: { bytes: number; chunked: boolean };
}

/** Percent-encodes every byte but the unreserved ones; lone surrogates go as U+FFFD, as UTF-8 would. */
export function percentEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Path segments that are not valid percent-encoded UTF-8, sent as they are. */
const rawSegments = fc.constantFrom('%FF', '%E0%80', '%C0%AF', '%', '%zz', '%00', '%2e%2e', '%2F');

const shorten = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 60)}...(${text.length})` : text;
};

function badParam(kind: ParamKind): fc.Arbitrary<string> {
  switch (kind) {
    case 'id':
      return fc.oneof(invalidUuid, fc.uuid());
    case 'date':
      return impossibleDate.filter((date) => date !== '');
    case 'key':
      // "today" is a key: the caller's check-in of their today (PATCH and clear take it).
      return fc.oneof(
        invalidUuid,
        fc.uuid(),
        impossibleDate.filter((date) => date !== '' && date !== 'today'),
      );
    case 'slug':
      return fc.oneof(invalidUuid, fc.uuid());
    case 'int':
      return fc.oneof(
        fc.constantFrom('0', '-1', '1.5', 'abc', '1e3', '0x1', '99999999999999999999'),
        fc.integer({ min: 1000 }).map(String),
      );
    case 'tag':
      return oddText;
  }
}

function badQueryValue(kind: QueryKind): fc.Arbitrary<string> | undefined {
  switch (kind.type) {
    case 'page':
      return badPage;
    case 'per_page':
      return badPerPage(kind.max);
    case 'date':
      return impossibleDate;
    case 'datetime':
      return impossibleDateTime;
    case 'bool':
      return notOneOf(['true', 'false']);
    case 'true':
      return notOneOf(['true']);
    case 'ids':
      return invalidUuid;
    case 'enum':
    case 'list':
      return notOneOf(kind.values);
    case 'text':
      return undefined;
  }
}

/** A plausible valid value of a query parameter, for repeating it. */
function someQueryValue(kind: QueryKind): fc.Arbitrary<string> {
  switch (kind.type) {
    case 'page':
      return fc.integer({ min: 1, max: 3 }).map(String);
    case 'per_page':
      return fc.integer({ min: 1, max: kind.max }).map(String);
    case 'date':
      return fc.constantFrom('2026-11-20', '2026-11-23');
    case 'datetime':
      return fc.constantFrom('2026-11-20T00:00:00Z', '2026-11-23T00:00:00Z');
    case 'bool':
      return fc.constantFrom('true', 'false');
    case 'true':
      return fc.constant('true');
    case 'ids':
      return fc.uuid();
    case 'enum':
    case 'list':
      return fc.constantFrom(...kind.values);
    case 'text':
      return fc.string({ maxLength: 5 });
  }
}

function badField(kind: FieldKind): fc.Arbitrary<unknown> {
  switch (kind.type) {
    case 'text':
      return kind.max === undefined ? notAString : fc.oneof(notAString, overlong(kind.max));
    case 'date':
      return fc.oneof(impossibleDate, notAString);
    case 'id':
      return fc.oneof(invalidUuid, notAString);
    case 'ids':
      return fc.oneof(
        fc.array(invalidUuid, { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
        fc.oneof(fc.integer(), fc.boolean(), fc.string(), fc.constant({})),
      );
    case 'bool':
      return fc.oneof(fc.constantFrom('true', 'false', 0, 1, 'yes', [], {}), fc.string());
    case 'score':
      return fc.oneof(
        fc.integer({ min: 101 }),
        fc.integer({ max: -1 }),
        fc.double({ min: 0.01, max: 99.99, noNaN: true }).filter((n) => !Number.isInteger(n)),
        fc.constantFrom('50', true, [], {}),
      );
    case 'time':
      return fc.oneof(badTime, notAString);
    case 'url':
      return fc.oneof(badUrl, notAString);
    case 'enum':
      return fc.oneof(notOneOf(kind.values), notAString);
  }
}

/** Sets a key as an own, enumerable property, even `__proto__`. */
function withKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

/** Every fault that applies to an endpoint of an interface. */
function faultsOf(api: Interface, endpoint: Endpoint): fc.Arbitrary<Fault>[] {
  const faults: fc.Arbitrary<Fault>[] = [];
  const { body } = endpoint;

  for (const [name, param] of Object.entries(endpoint.params ?? {})) {
    faults.push(
      fc.oneof(badParam(param.kind).map(percentEncode), rawSegments).map((segment) => ({
        fault: `path ${name}=${segment}`,
        // Any text may name a tag: an unknown one is an empty list.
        mustReject: param.kind !== 'tag',
        params: { [name]: segment },
      })),
    );
  }

  for (const [name, kind] of Object.entries(endpoint.query ?? {})) {
    const list = kind.type === 'ids' || kind.type === 'list';
    const key = list ? `${name}[]` : name;
    if (kind.type === 'text') {
      faults.push(
        unstorableQueryText.map((value) => ({
          fault: `query ${key}=${shorten(value)} (text no store accepts)`,
          mustReject: true,
          expect: 422,
          query: [[key, value]],
        })),
      );
    }
    const bad = badQueryValue(kind);
    if (bad) {
      faults.push(
        bad.map((value) => ({
          fault: `query ${key}=${shorten(value)}`,
          mustReject: true,
          query: [[key, value]],
        })),
      );
    }
    // A scalar parameter given twice, the values alike or conflicting.
    if (!list) {
      faults.push(
        fc.tuple(someQueryValue(kind), someQueryValue(kind)).map(([a, b]) => ({
          fault: `query ${key} repeated (${a}, ${b})`,
          mustReject: true,
          query: [
            [key, a],
            [key, b],
          ],
        })),
      );
    }
    if (kind.type === 'page') {
      faults.push(
        fc
          .oneof(fc.constantFrom('9007199254740991', '4294967296'), fc.integer({ min: 1000 }).map(String))
          .map((page) => ({
            fault: `query page=${page} (far past the end)`,
            mustReject: false,
            query: [['page', page]],
          })),
      );
    }
  }

  if (body) {
    for (const [name, kind] of Object.entries(body.fields)) {
      faults.push(
        badField(kind).map((value) => ({
          fault: `body ${name}=${shorten(value)}`,
          mustReject: true,
          body: withKey({ ...body.base }, name, value),
        })),
      );
      if (kind.type === 'text') {
        faults.push(
          unstorableText.map((value) => ({
            fault: `body ${name}=${shorten(value)} (text no store accepts)`,
            mustReject: true,
            expect: 422,
            body: withKey({ ...body.base }, name, value),
          })),
        );
        // Odd but legal text, or a time zone that does not exist where a text is taken.
        faults.push(
          fc.oneof(oddText, badTimeZone).map((value) => ({
            fault: `body ${name}=${shorten(value)} (odd text)`,
            mustReject: false,
            body: withKey({ ...body.base }, name, value),
          })),
        );
      }
    }
    if (body.required && body.required.length > 0) {
      const required = body.required;
      faults.push(
        fc.constant({
          fault: `body without ${required.join(', ')}`,
          mustReject: true,
          body: Object.fromEntries(Object.entries(body.base).filter(([key]) => !required.includes(key))),
        }),
      );
    }
    faults.push(
      notAnObject.map((value) => ({
        fault: `body ${shorten(value)} (not an object)`,
        mustReject: true,
        body: value,
      })),
    );
    const first = Object.keys(body.fields)[0] as string;
    faults.push(
      deeplyNested.map((nested) => ({
        fault: `body ${first} nested ${nested.length / 2} deep`,
        mustReject: true,
        rawBody: `{${JSON.stringify(first)}:${nested}}`,
      })),
    );
  }

  if (endpoint.method !== 'GET') {
    faults.push(
      fc.oneof(malformedJson, truncated(body?.base ?? { note: 'x' })).map((text) => ({
        fault: `body ${shorten(text)} (not JSON)`,
        mustReject: true,
        rawBody: text,
      })),
      badContentType.map((type) => ({
        fault: `Content-Type: ${type}`,
        mustReject: true,
        rawBody: JSON.stringify(body?.base ?? {}),
        contentType: type,
      })),
      fc
        .record({ extra: fc.integer({ min: 1, max: 256 * 1024 }), chunked: fc.boolean() })
        .map(({ extra, chunked }) => ({
          fault: `body of limit + ${extra} bytes${chunked ? ', chunked' : ''}`,
          mustReject: true,
          expect: 413,
          huge: { bytes: 1024 * 1024 + extra, chunked },
        })),
    );
  }

  // Methods another route answers at this path (PATCH /check-ins/:id answers /check-ins/today) are not
  // wrong methods here.
  const taken = new Set(
    api.endpoints
      .filter((other) => answersSamePath(other.path, endpoint.path))
      .map((other) => other.method as string),
  );
  if (taken.has('GET')) taken.add('HEAD');
  const others = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter((method) => !taken.has(method));
  faults.push(
    fc.constantFrom(...others).map((method) => ({
      fault: `method ${method}`,
      mustReject: true,
      expect: api.otherMethodStatus,
      method,
    })),
  );
  if (api.acceptChecked) {
    faults.push(
      fc.constantFrom('text/html', 'application/xml', 'application/json;q=0', 'image/*').map((accept) => ({
        fault: `Accept: ${accept}`,
        mustReject: true,
        expect: 406,
        accept,
      })),
    );
  }
  return faults;
}

/** Bad requests to one endpoint. */
export function badRequests(api: Interface, endpoint: Endpoint): fc.Arbitrary<Attempt> {
  return fc
    .record({
      credentials: api.credentials,
      fault: fc.oneof(...faultsOf(api, endpoint)),
      extraFields: fc.array(fc.tuple(extraKey, extraValue), { maxLength: 3 }),
      extraQuery: fc.array(fc.tuple(extraKey, oddText), { maxLength: 2 }),
    })
    .map(({ credentials, fault, extraFields, extraQuery }) => {
      const method = fault.method ?? endpoint.method;
      let path = endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
        const param = endpoint.params?.[name];
        if (!param) throw new Error(`${endpoint.path}: no valid value for :${name}`);
        return fault.params?.[name] ?? percentEncode(param.valid);
      });
      const query = [...(fault.query ?? [])];
      // Unknown query parameters on reads: ignored or refused, never a failure.
      if (endpoint.method === 'GET' && !fault.method) {
        const known = new Set(Object.keys(endpoint.query ?? {}));
        query.push(...extraQuery.filter(([key]) => !known.has(key.replace(/\[\]$/, ''))));
      }
      if (query.length > 0)
        path += `?${query.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&')}`;

      let text: string | undefined = fault.rawBody;
      if (text === undefined && !fault.method && !fault.huge) {
        let value = fault.body ?? endpoint.body?.base;
        if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
          // A copy (generated values are not changed in place), with unknown fields of odd values:
          // ignored, never a reason to fail or to store anything.
          const copy: Record<string, unknown> = {};
          for (const [key, field] of Object.entries(value)) withKey(copy, key, field);
          for (const [key, extra] of extraFields) {
            if (!(endpoint.body && Object.hasOwn(endpoint.body.fields, key))) withKey(copy, key, extra);
          }
          value = copy;
        }
        if (value !== undefined) text = JSON.stringify(value);
      }
      const headers: Record<string, string> = { ...credentials };
      if (text !== undefined || fault.huge) headers['content-type'] = fault.contentType ?? 'application/json';
      if (fault.accept) headers.accept = fault.accept;
      const attempt: Attempt = {
        fault: fault.fault,
        mustReject: fault.mustReject,
        method,
        path: `${api.prefix}${path}`,
        headers,
      };
      if (fault.expect !== undefined) attempt.expect = fault.expect;
      if (text !== undefined) attempt.body = text;
      if (fault.huge) attempt.huge = fault.huge;
      return attempt;
    });
}

/**
 * Whether a route of pattern `other` answers every request to pattern `path`: segment by segment, the same
 * literal, or a parameter in `other` (one that is a parameter in `path` too, or a literal there).
 */
function answersSamePath(other: string, path: string): boolean {
  const mine = path.split('/');
  const theirs = other.split('/');
  if (mine.length !== theirs.length) return false;
  return theirs.every((segment, index) => {
    const own = mine[index] as string;
    if (segment.startsWith(':')) return true;
    return !own.startsWith(':') && segment === own;
  });
}

/**
 * What `pulse api`'s flags ask for, as one request: the method, the target below the interface's root,
 * headers and body. Pure: files and stdin are read by the caller and passed in.
 */
import { encodeQuery, type Query } from '../../../remote/http-client.js';
import { UsageError } from '../../errors.js';

export interface ApiRequest {
  method: string;
  /** Path and query below the interface's root, starting with `/`. */
  target: string;
  headers: Record<string, string>;
  body?: string;
}

type FieldValue = string | number | boolean | null;

/** `-F` values: true, false, null and integers become JSON; everything else stays a string. */
export function typedValue(raw: string): FieldValue {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null') return null;
  if (/^-?(0|[1-9]\d{0,15})$/.test(raw)) return Number(raw);
  return raw;
}

/** Splits `key=value` at its first `=`; a missing `=` or an empty key is a usage error. */
export function splitField(flag: string, field: string): [string, string] {
  const at = field.indexOf('=');
  if (at <= 0) throw new UsageError(`${flag} takes key=value, not ${JSON.stringify(field)}`);
  return [field.slice(0, at), field.slice(at + 1)];
}

/** `Name: value` of -H; a name HTTP would refuse is a usage error. */
export function parseHeader(header: string): [string, string] {
  const at = header.indexOf(':');
  const name = at > 0 ? header.slice(0, at).trim() : '';
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
    throw new UsageError(`--header (-H) takes "Name: value", not ${JSON.stringify(header)}`);
  const value = header.slice(at + 1).trim();
  if (/[\r\n\0]/.test(value))
    throw new UsageError(`--header (-H): the value of ${name} has a line break or NUL`);
  return [name, value];
}

/**
 * The fields, in order: `key[]` appends to an array, a repeated plain key keeps the last value (as
 * `gh api` does).
 */
export function collectFields(fields: [string, FieldValue][]): Record<string, FieldValue | FieldValue[]> {
  const result: Record<string, FieldValue | FieldValue[]> = {};
  for (const [key, value] of fields) {
    if (key.endsWith('[]')) {
      const name = key.slice(0, -2);
      const previous = result[name];
      result[name] = [...(Array.isArray(previous) ? previous : []), value];
    } else result[key] = value;
  }
  return result;
}

/** The methods the interfaces answer (any other is a 405 or 404 at best); inject() knows no others. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The request: GET unless fields or an input body are given (then POST); fields go to the query string
 * for GET, HEAD and DELETE, and when the body comes from --input; to a JSON body otherwise.
 */
export function buildRequest(options: {
  method?: string;
  path: string;
  fields: Record<string, FieldValue | FieldValue[]>;
  input?: string;
  headers: [string, string][];
}): ApiRequest {
  const hasFields = Object.keys(options.fields).length > 0;
  if (options.method !== undefined && !METHODS.includes(options.method.toUpperCase()))
    throw new UsageError(
      `--method (-X) takes one of ${METHODS.join(', ')}, not ${JSON.stringify(options.method)}`,
    );
  const method = (
    options.method ?? (hasFields || options.input !== undefined ? 'POST' : 'GET')
  ).toUpperCase();
  const inQuery = options.input !== undefined || ['GET', 'HEAD', 'DELETE'].includes(method);
  const headers: Record<string, string> = {};
  let target = options.path;
  let body = options.input;
  if (hasFields && inQuery) {
    const query = encodeQuery(
      Object.fromEntries(
        Object.entries(options.fields).map(([key, value]) => [
          key,
          Array.isArray(value) ? value.map(String) : String(value),
        ]),
      ) as Query,
    );
    target += (target.includes('?') ? '&' : '?') + query.slice(1);
  } else if (hasFields) body = JSON.stringify(options.fields);
  if (body !== undefined) headers['content-type'] = 'application/json';
  for (const [name, value] of options.headers) headers[name.toLowerCase()] = value;
  return { method, target, headers, ...(body !== undefined ? { body } : {}) };
}

/**
 * PATH as a target below the interface's root (`rootUrl`, e.g. https://host/api/v2): relative (a leading
 * / optional), or a full URL on the same origin, taken from the origin's root. Another origin is refused:
 * the credentials go nowhere else.
 */
export function targetOf(path: string, rootUrl: string): { target: string; fromOrigin: boolean } {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: what a request line cannot carry
  if (/[\s\u0000-\u001f\u007f]/.test(path) || path === '')
    throw new UsageError(
      `PATH must be a path or URL without spaces or control characters: ${JSON.stringify(path)}`,
    );
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
    let url: URL;
    try {
      url = new URL(path);
    } catch {
      throw new UsageError(`not a URL: ${path}`);
    }
    const root = new URL(rootUrl);
    if (url.origin !== root.origin) {
      throw new UsageError(
        `${url.origin} is not ${root.origin}: pulse api sends requests (and credentials) to the configured deployment only`,
      );
    }
    return { target: `${url.pathname}${url.search}`, fromOrigin: true };
  }
  if (path.startsWith('//')) throw new UsageError(`PATH must be a path below the interface, not ${path}`);
  return { target: path.startsWith('/') ? path : `/${path}`, fromOrigin: false };
}

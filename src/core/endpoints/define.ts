/**
 * Endpoints as data. Each interface (v2, v1, status) is one table of endpoints: the method and path, what
 * the request carries, how the response is cached, its success status, and the call into the interface's
 * service. The server's routes (server/routes), the remote client (remote/endpoint-caller.ts) and the
 * OpenAPI documents (openapi.ts) are all made from the same tables, so the three cannot drift apart.
 *
 * The tables are loaded by every remote command: what only the documents need (the query parameters and
 * the body schemas, which bring zod and parts of the core) is behind a function that imports it.
 */
import type { $ZodType } from 'zod/v4/core';
import type { ResourceShape } from './resources.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * How a response may be reused. `cached`: a GET answered from the server's cache while the data holds
 * (and revalidated by the client with If-None-Match where the interface has ETags); `timely`: a GET whose
 * answer follows the clock, never cached; `write`: anything else.
 */
export type Caching = 'cached' | 'timely' | 'write';

/** What a response carries: one resource, a page of a list (with paging), or nothing (204). */
export type Shape = 'one' | 'page' | 'none';

/** The names of a path's parameters: `/goals/:id/goal-updates` has `id`. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<Path extends string> = { [Name in PathParamNames<Path>]: string };

/**
 * A request as the service call sees it: the path's parameters (decoded), the query (arrays named
 * without their `[]`), and the body, typed as the service method takes it (the core validates it).
 */
export interface EndpointRequest<Path extends string = string, Body = unknown> {
  params: PathParams<Path>;
  query: Record<string, unknown>;
  body: Body;
}

/**
 * The query parameters as documented, by name: each with the JSON Schema of its values (the core's checks,
 * query-params.ts, carry theirs).
 */
export type QueryParams = Record<string, { readonly schema: JsonSchema }>;

/** A JSON Schema (2020-12), as OpenAPI 3.1 takes it. */
export type JsonSchema = Record<string, unknown>;

/** What a success response is on the wire: its status and the value the interface's body holds. */
export interface WireResult {
  status: number;
  value: unknown;
}

/**
 * One endpoint. `Svc` is the interface's service, `Result` what its call returns. The methods are
 * declared as methods (not function properties) so that a table's endpoints, each with its own path and
 * types, fit one list of `AnyEndpoint` for the generators.
 */
export interface Endpoint<Svc, Path extends string = string, Body = unknown, Result = unknown> {
  /** Unique in its table: the OpenAPI operationId. */
  name: string;
  /** One line for the reference. */
  summary: string;
  method: HttpMethod;
  /** Relative to the interface's base, with `:name` parameters. */
  path: Path;
  caching: Caching;
  shape: Shape;
  /** The success status when toWire does not choose it: 200, or 204 for `none`. */
  status?: number;
  /** Other success statuses toWire may choose (reactions: 200 when it was there), for the documents. */
  otherStatuses?: readonly number[];
  /**
   * What the response's resource is (each item's, for a page), as far as the client relies on it: the
   * client checks every response against it before use (resources.ts). None: a list of other values.
   */
  resource?: ResourceShape;
  /** The key a body wraps its value in, where the interface wraps (v1: `{"member": {...}}`). */
  key?: string;
  /** Whether the client may send it again after a failure (default: every method but POST). */
  idempotent?: boolean;
  /** Query parameters that are lists: sent as `name[]=value`, also when one value is given as a string. */
  lists?: readonly string[];
  /** An extension of `pulse serve`, which another deployment may lack (it answers 404 or 405). */
  extension?: Extension<Svc>;
  /** The query parameters, for the documents. */
  query?(): Promise<QueryParams>;
  /** The body's schema, for the documents: a zod schema, or a JSON Schema of its own. */
  body?(): Promise<BodySchema>;
  /**
   * The JSON Schema of the success body, for the documents; without it they leave the body to the
   * reference in docs/reference.
   */
  response?(): Promise<JsonSchema>;
  call(service: Svc, request: EndpointRequest<Path, Body>): Promise<Result>;
  /** When the result is not the body as it is: the status and the value to send (the server). */
  toWire?(result: Result): WireResult;
  /** The inverse of toWire (the client): the result from the value and status received. */
  fromWire?(value: unknown, status: number): Result;
}

/** An extension of `pulse serve`: what it does, for the client's message when a deployment lacks it. */
export interface Extension<Svc> {
  what: string;
  /**
   * How the client tells a 404 for a missing item from a missing operation: the endpoint that reads the
   * item (same path parameters; a list is asked for one item); `null` when the path names no item, so any
   * 404 means the operation is missing. Without it, a 404 is the item's.
   */
  probe?: AnyEndpoint<Svc> | null;
}

/** A zod schema (converted with z.toJSONSchema) or a JSON Schema. */
export type BodySchema = { zod: $ZodType } | { json: JsonSchema };

/** Any endpoint of an interface whose service is `Svc`: what the generators take. */
export type AnyEndpoint<Svc> = Endpoint<Svc, string, unknown, unknown>;

/** A table: its endpoints by name. */
export type EndpointTable<Svc> = Record<string, AnyEndpoint<Svc>>;

/** Declares an endpoint, checking its call against its path and service. */
export const endpointOf =
  <Svc>() =>
  <Path extends string, Body, Result>(endpoint: Endpoint<Svc, Path, Body, Result>) =>
    endpoint;

/** The success status of a result that toWire does not place. */
export function successStatus(endpoint: { status?: number; shape: Shape }): number {
  return endpoint.status ?? (endpoint.shape === 'none' ? 204 : 200);
}

/** The status and value of a result on the wire. */
export function toWire<Svc>(endpoint: AnyEndpoint<Svc>, result: unknown): WireResult {
  return endpoint.toWire ? endpoint.toWire(result) : { status: successStatus(endpoint), value: result };
}

/** Fills a path's parameters, each encoded as one segment. */
export function pathOf(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs its ${name}`);
    return encodeURIComponent(value);
  });
}

/** The path as OpenAPI and the 405 messages write it: `/goals/{id}`. */
export const templateOf = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

/** The names of a path's parameters, in order. */
export const paramNamesOf = (path: string): string[] =>
  [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);

/** Where a list's page stands, for the Link header of its response. */
export interface PagePosition {
  page: number;
  hasNext: boolean;
}

/** A response as the client received it (its header names in lower case). */
export interface ReceivedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/**
 * An interface's serializer layer over the wire: how its bodies hold a value or a page (the server), and
 * how the client reads them back into what the service returns. The values themselves are made by the
 * core's serializers (serialize.ts, v1/serialize.ts, status/serialize.ts); this is only their envelope.
 */
export interface Representation {
  /** The body of a result, and for a page where it stands (then the response links its neighbours). */
  write(endpoint: { shape: Shape; key?: string }, value: unknown): { body: unknown; position?: PagePosition };
  /**
   * The value of a response to `request` (`METHOD path`, for messages): a page for `page` endpoints, whose
   * number the query asked for.
   */
  read(
    endpoint: { shape: Shape; key?: string },
    response: ReceivedResponse,
    query: Record<string, unknown>,
    request: string,
  ): unknown;
}

/** Whether a value is a page of a list as the services return them. */
export function isPagePosition(value: unknown): value is PagePosition & { items: unknown[] } {
  return (
    value !== null &&
    typeof value === 'object' &&
    'items' in value &&
    Array.isArray(value.items) &&
    'page' in value &&
    typeof value.page === 'number' &&
    'hasNext' in value &&
    typeof value.hasNext === 'boolean'
  );
}

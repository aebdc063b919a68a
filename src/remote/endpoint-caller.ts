/**
 * The client side of an endpoint table: one generic call that builds the request from the endpoint (its
 * method, its path with the parameters filled in, the query and body), sends it, and reads the response
 * back into what the service method returns, through the interface's representation. The remote services
 * are this call, once per method.
 */
import {
  type Endpoint,
  type HttpMethod,
  type PathParams,
  pathOf,
  type Representation,
} from '../core/endpoints/define.js';
import { checkResponse } from '../core/endpoints/resources.js';
import { ServiceError, UnsupportedError } from '../core/errors.js';
import type { EtagCache } from './etag-cache.js';
import type { HttpResponse, Query, SendInit } from './http-client.js';
import { requestLine } from './request-line.js';

/** Sends one request: the HttpClient's send, or a wrapper of it (v1 paces its requests). */
export type Send = (method: HttpMethod, path: string, init: SendInit) => Promise<HttpResponse>;

/** What a call gives for the request: the path's parameters, the query, the body. */
export interface CallRequest<Path extends string, Body> {
  params: PathParams<Path>;
  query?: object;
  body?: Body;
}

type CallArgs<Path extends string, Body> = [PathParams<Path>] extends [Record<string, never>]
  ? [request?: Omit<CallRequest<Path, Body>, 'params'>]
  : [request: CallRequest<Path, Body>];

export class EndpointCaller<Svc> {
  constructor(
    private readonly send: Send,
    private readonly representation: Representation,
    /** Single resources revalidated with If-None-Match (v2's ETags). */
    private readonly cache?: EtagCache,
  ) {}

  /** Calls the endpoint; an extension the deployment lacks is an UnsupportedError. */
  async call<Path extends string, Body, Result>(
    endpoint: Endpoint<Svc, Path, Body, Result>,
    ...[request]: CallArgs<Path, Body>
  ): Promise<Result> {
    const params: Record<string, string> = request && 'params' in request ? request.params : {};
    const query = { ...request?.query };
    try {
      return await this.exchange(endpoint, params, query, request?.body);
    } catch (error) {
      const { extension } = endpoint;
      if (!extension || !(error instanceof ServiceError) || (error.status !== 404 && error.status !== 405))
        throw error;
      // 405, or 404 while the item is there, means the operation is missing; otherwise the 404 stands.
      if (error.status === 404 && extension.probe === undefined) throw error;
      if (error.status === 404 && extension.probe) {
        const probeQuery = extension.probe.shape === 'page' ? { per_page: 1 } : {};
        // Only whether the item is there matters: its body is not used, so not checked.
        await this.exchange(extension.probe, params, probeQuery, undefined, false);
      }
      throw new UnsupportedError(
        `this deployment does not support ${extension.what} (a pulse serve extension)`,
      );
    }
  }

  private async exchange<Path extends string, Body, Result>(
    endpoint: Endpoint<Svc, Path, Body, Result>,
    params: Record<string, string>,
    query: Record<string, unknown>,
    body: Body | undefined,
    checked = true,
  ): Promise<Result> {
    const path = pathOf(endpoint.path, params);
    const { method } = endpoint;
    const revalidated = method === 'GET' && endpoint.shape === 'one' ? this.cache : undefined;
    const cached = await revalidated?.get(path);
    const response = await this.send(method, path, {
      query: wireQuery(query, endpoint.lists ?? []),
      ...(body === undefined ? {} : { body }),
      ...(endpoint.idempotent === undefined ? {} : { idempotent: endpoint.idempotent }),
      ...(cached ? { headers: { 'if-none-match': cached.etag } } : {}),
    });
    const request = requestLine(method, response.url);
    let value: unknown;
    if (response.status === 304 && cached) value = cached.body;
    else if (endpoint.shape !== 'none') {
      value = this.representation.read(endpoint, response, query, request);
      // What the commands use is checked once, here: a body of another shape is an error naming the request.
      if (checked) checkResponse(endpoint.shape, value, endpoint.resource, request);
    }
    const etag = response.headers.etag;
    if (revalidated && response.status !== 304 && typeof etag === 'string')
      await revalidated.set(path, { etag, body: value });
    return endpoint.fromWire ? endpoint.fromWire(value, response.status) : (value as Result);
  }
}

/**
 * The query as sent: absent values left out, the lists as lists (sent `name[]=value`, even with one
 * value), other values as they are.
 */
function wireQuery(query: Record<string, unknown>, lists: readonly string[]): Query {
  const wire: Query = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (lists.includes(name) && typeof value === 'string') wire[name] = [value];
    else if (Array.isArray(value)) wire[name] = value.map(String);
    else if (typeof value === 'number' || typeof value === 'boolean') wire[name] = value;
    else wire[name] = String(value);
  }
  return wire;
}

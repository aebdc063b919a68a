/**
 * The JSON interfaces' wrapper keys (v1 and status: `{"member": {...}}`, `{"notices": [...], "meta": ...}`),
 * read back by the client. An answer without its key is reported as one that may not come from that
 * interface at all (a proxy's page, another service on the same path).
 */
import { UnavailableError } from '../errors.js';

/** The error for an answer to `request` (`METHOD path`) that lacks `key`. */
export function malformed(request: string, key: string, interfaceName: string): UnavailableError {
  return new UnavailableError(
    `the server's answer to ${request} has no "${key}" (is this ${interfaceName}?)`,
  );
}

/** The value under `key` of a body; a body without it is malformed. */
export function unwrap(body: unknown, key: string, request: string, interfaceName: string): unknown {
  if (body === null || typeof body !== 'object' || !(key in body))
    throw malformed(request, key, interfaceName);
  return (body as Record<string, unknown>)[key];
}

/** The key an endpoint of a wrapping interface names; a table that leaves it out is a programming error. */
export function keyOf(endpoint: { key?: string; shape: string }): string {
  if (endpoint.key === undefined)
    throw new Error(`a ${endpoint.shape} endpoint of a wrapping interface needs its key`);
  return endpoint.key;
}

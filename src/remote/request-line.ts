/**
 * How messages name a request: its method and its whole address, base URL included (a wrong base URL is
 * the usual cause), without the query (its parameters say nothing of where the request went).
 */
export function requestLine(method: string, url: string): string {
  return `${method} ${url.replace(/[?#].*$/, '')}`;
}

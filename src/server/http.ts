/** HTTP details shared by the routes: ETags, Link headers, WWW-Authenticate, query normalisation. */
import { createHash } from 'node:crypto';

/** A strong ETag of a serialised body: the same representation always has the same tag. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match with weak comparison (RFC 9110 13.1.2): a list of tags or `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * Array parameters arrive as `name[]=a&name[]=b`; the core names them without brackets. Repeated scalar
 * parameters stay arrays, which the core rejects as malformed.
 */
export function normaliseQuery(query: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key.endsWith('[]')) result[key.slice(0, -2)] = Array.isArray(value) ? value : [value];
    else result[key] = value;
  }
  return result;
}

/** The RFC 8288 Link header of a page: absolute URLs, other parameters preserved. */
export function linkHeader(baseUrl: string, rawUrl: string, page: number, hasNext: boolean): string {
  const url = new URL(rawUrl, 'http://placeholder');
  const link = (target: number, rel: string) => {
    const params = new URLSearchParams(url.search);
    params.set('page', String(target));
    return `<${baseUrl}${url.pathname}?${params.toString().replaceAll('%5B%5D', '[]')}>; rel="${rel}"`;
  };
  const links = [link(1, 'first')];
  if (page > 1) links.push(link(page - 1, 'prev'));
  if (hasNext) links.push(link(page + 1, 'next'));
  return links.join(', ');
}

/** RFC 6750 challenge: the realm, plus the error when a token was sent and refused. */
export function bearerChallenge(error?: { code: string; description: string }): string {
  const quote = (text: string) => text.replace(/["\\]/g, '');
  return error
    ? `Bearer realm="pulse", error="${error.code}", error_description="${quote(error.description)}"`
    : 'Bearer realm="pulse"';
}

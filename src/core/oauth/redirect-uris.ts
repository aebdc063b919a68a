/**
 * Redirect URIs: what may be registered and how a request's URI is matched. Loopback URIs match on any
 * port (RFC 8252 §7.3: a native app listens on whatever port it gets); every other URI matches exactly.
 */

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]']);

function parse(uri: string): URL | undefined {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}

export function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Why a URI cannot be registered, or undefined when it can: absolute, no fragment (RFC 6749 §3.1.2), and
 * https unless it is a loopback address (plain http elsewhere would hand codes to the network).
 */
export function redirectUriProblem(uri: string): string | undefined {
  const url = parse(uri);
  if (!url) return `${uri} is not an absolute URI`;
  if (url.hash !== '' || uri.includes('#')) return `${uri} has a fragment`;
  if (url.username !== '' || url.password !== '') return `${uri} has credentials`;
  if (url.protocol === 'https:' || isLoopback(url)) return undefined;
  if (url.protocol === 'http:')
    return `${uri} is plain http: use https, or a loopback address (127.0.0.1 or [::1])`;
  return `${uri} must be https, or http on a loopback address`;
}

/** Whether `given` is one of the registered URIs (loopback ones on any port). */
export function redirectUriMatches(registered: readonly string[], given: string): boolean {
  if (registered.includes(given)) return true;
  const url = parse(given);
  if (!url || !isLoopback(url) || given.includes('#')) return false;
  const withoutPort = (u: URL) => `${u.protocol}//${u.hostname}${u.pathname}${u.search}`;
  return registered.some((uri) => {
    const candidate = parse(uri);
    return candidate !== undefined && isLoopback(candidate) && withoutPort(candidate) === withoutPort(url);
  });
}

/** The redirect URI with `params` added to its query (any query it has is kept). */
export function withParams(uri: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) url.searchParams.append(name, value);
  }
  return url.toString();
}

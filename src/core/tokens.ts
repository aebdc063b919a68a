/**
 * Access tokens: personal access tokens now, OAuth access and refresh tokens later, all with the same
 * scopes. Only a SHA-256 hash of a token is stored; tokens carry 32 random bytes, so a fast hash is
 * enough and a lookup by hash reveals nothing.
 */
export type Scope = 'read' | 'write';
export type TokenKind = 'pat' | 'oauth-access' | 'oauth-refresh';

export const PAT_PREFIX = 'service_pat_';
/** OAuth access tokens (refresh tokens, service_ort_, are never bearer tokens). */
export const OAT_PREFIX = 'service_oat_';
export const SCOPES: Scope[] = ['read', 'write'];

export interface TokenRow {
  id: string;
  person_id: string;
  kind: TokenKind;
  name: string | null;
  scope: Scope;
  hash: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  /** OAuth tokens: the authorization (code) they descend from, revoked together on reuse. */
  grant_id?: string | null;
  /** OAuth tokens: the client they were issued to. */
  client_id?: string | null;
}

/** What a token proves: who is calling and what they may do. */
export interface Principal {
  personId: string;
  scope: Scope;
  tokenId: string;
  /** An OAuth access token's grant: the authorization every token refreshed from it shares. */
  grantId?: string;
}

/**
 * What the per-credential rate limits (v2) count against: an OAuth token's grant, so that refreshing a
 * token does not buy a fresh burst (a new grant takes a new sign-in, whose code an operator issues); a
 * personal access token itself (an operator issues each one too).
 */
export function rateLimitKey(principal: Principal): string {
  return principal.grantId !== undefined ? `grant:${principal.grantId}` : `token:${principal.tokenId}`;
}

export function isScope(value: string): value is Scope {
  return (SCOPES as string[]).includes(value);
}

/** write includes read. */
export function allows(granted: Scope, needed: Scope): boolean {
  return granted === 'write' || needed === 'read';
}

/** The SHA-256 of a token in hex: the form tokens and team keys are stored in. */
export async function hashToken(token: string): Promise<string> {
  return (await tokenHasher())(token);
}

/**
 * hashToken without a promise per call: node:crypto is loaded once (not at start-up), then every token is
 * hashed synchronously; for authenticating every request of the server.
 */
export async function tokenHasher(): Promise<(token: string) => string> {
  const { createHash } = await import('node:crypto');
  return (token) => createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new secret: the prefix and 32 random bytes in base64url (43 characters). */
export async function newTokenSecret(prefix: string): Promise<string> {
  const { randomBytes } = await import('node:crypto');
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** Compares two hex digests without leaking where they differ. */
export async function sameDigest(a: string, b: string): Promise<boolean> {
  const { timingSafeEqual } = await import('node:crypto');
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

const DURATION = /^(\d+)([smhd])$/;
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** Parses 90s, 15m, 12h, 30d into seconds; undefined when the text is not such a duration. */
export function parseDuration(text: string): number | undefined {
  const match = DURATION.exec(text.trim());
  if (!match) return undefined;
  const seconds = Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
  return seconds > 0 ? seconds : undefined;
}

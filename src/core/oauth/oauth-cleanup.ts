/**
 * Which spent OAuth rows may go (docs/guide/oauth.md, "Listing, revoking, cleanup"). Nothing that could still
 * be accepted is deleted, and a spent refresh token is kept until its own lifetime ends: until then a replay
 * of it must find the row to trigger reuse detection; after it the token would be refused as expired anyway.
 */
import type { Clock } from '../clock.js';
import { timestamp } from '../time.js';
import type { OAuthPruneCounts, OAuthRepository } from './repository.js';

/** How long an expired or revoked token outlives its end, so an operator can still see what happened. */
export const OAUTH_PRUNE_GRACE_SECONDS = 86_400;

export function pruneOAuth(repo: OAuthRepository, clock: Clock): Promise<OAuthPruneCounts> {
  const now = clock.now();
  const before = new Date(now.getTime() - OAUTH_PRUNE_GRACE_SECONDS * 1000);
  return repo.pruneOAuthRows(timestamp(now), timestamp(before));
}

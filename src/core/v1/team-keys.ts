/**
 * Team API keys of the v1 interface: one per team, random, kept only as a SHA-256 hash (like personal
 * access tokens), compared in constant time. A request names its team (X-Team-ID) and key (X-API-Key).
 */
import { UnauthenticatedError } from '../errors.js';
import { isUuid } from '../ids.js';
import type { Repository, TeamKeyRow } from '../repository.js';
import { hashToken, newTokenSecret, sameDigest } from '../tokens.js';

export const TEAM_KEY_PREFIX = 'service_team_';
const KEY_SHAPE = /^[A-Za-z0-9_-]{16,256}$/;

/** A new key for a team: the secret, shown once, and the row that keeps its hash. */
export async function createTeamKey(
  teamId: string,
  createdAt: string,
): Promise<{ apiKey: string; key: TeamKeyRow }> {
  const apiKey = await newTokenSecret(TEAM_KEY_PREFIX);
  return { apiKey, key: { team_id: teamId, hash: await hashToken(apiKey), created_at: createdAt } };
}

export class TeamAuthenticator {
  constructor(private readonly repo: Repository) {}

  /**
   * The team id the headers prove, or a 401. Every failure says only that the credentials are invalid,
   * so a caller cannot learn which teams exist.
   */
  async authenticate(teamIdHeader: string | undefined, apiKeyHeader: string | undefined): Promise<string> {
    const teamId = teamIdHeader?.trim().toLowerCase() ?? '';
    const apiKey = apiKeyHeader?.trim() ?? '';
    if (teamId === '' || apiKey === '') {
      throw new UnauthenticatedError('the X-Team-ID and X-API-Key headers are required');
    }
    const invalid = new UnauthenticatedError('the team id or API key is not valid');
    if (!isUuid(teamId) || !KEY_SHAPE.test(apiKey)) throw invalid;
    const [stored, presented] = await Promise.all([this.repo.findTeamKey(teamId), hashToken(apiKey)]);
    // Compare even when there is no key, so an unknown team takes as long as a wrong key.
    const matches = await sameDigest(stored?.hash ?? '0'.repeat(64), presented);
    if (!stored || !matches) throw invalid;
    return teamId;
  }
}

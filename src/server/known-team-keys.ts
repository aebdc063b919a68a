/**
 * The v1 interface's credentials, checked once per team and data version: the core's TeamAuthenticator
 * proves a team id and key against the store, and the key's hash is then remembered while the store's data
 * version holds (rotating a key or removing a team changes it), so a team's later requests are compared in
 * memory, in constant time, instead of read from the store. Anything not remembered goes to the core.
 */
import { timingSafeEqual } from 'node:crypto';
import { tokenHasher } from '../core/tokens.js';
import type { TeamAuthenticator } from '../core/v1/team-keys.js';

interface KnownKey {
  version: string;
  hash: Buffer;
}

const MAX_TEAMS = 10_000;

export class KnownTeamKeys {
  private readonly known = new Map<string, KnownKey>();
  private hash?: (key: string) => string;

  constructor(private readonly authenticator: TeamAuthenticator) {}

  /** The team id the headers prove at data version `version`, or the core's 401. */
  async authenticate(
    teamIdHeader: string | undefined,
    apiKeyHeader: string | undefined,
    version: string,
  ): Promise<string> {
    // The core reads the headers so: an id in any case, both trimmed.
    const teamId = teamIdHeader?.trim().toLowerCase() ?? '';
    const apiKey = apiKeyHeader?.trim() ?? '';
    this.hash ??= await tokenHasher();
    const known = this.known.get(teamId);
    if (known?.version === version && apiKey !== '') {
      const presented = Buffer.from(this.hash(apiKey), 'hex');
      if (timingSafeEqual(presented, known.hash)) return teamId;
    }
    const proven = await this.authenticator.authenticate(teamIdHeader, apiKeyHeader);
    if (this.known.size >= MAX_TEAMS) this.known.clear();
    this.known.set(proven, { version, hash: Buffer.from(this.hash(apiKey), 'hex') });
    return proven;
  }
}

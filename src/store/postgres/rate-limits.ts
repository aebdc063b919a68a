/**
 * The shared rate limits' states on PostgreSQL (src/core/shared-rate-limit.ts): one row per limiter and
 * key in `pulse_rate_limits`. Its name makes it bookkeeping (data-version.ts): no trigger, so counting a
 * request neither moves the data version nor waits for the writers' lock; and its statements run outside
 * the store's transactions and past the CountWrites plugin, so they are no write of this instance either.
 *
 * UNLOGGED: no write-ahead log, so a count costs less; a crash of the database empties the table, which
 * forgets recent counts (clients get a fresh quota once), an acceptable loss for a rate limit.
 */
import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { RateStateStore, StoredRateState } from '../../core/shared-rate-limit.js';

/** Creates the table if missing: run when the store opens (after the migrations), by every instance. */
export async function installRateLimits(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNLOGGED TABLE IF NOT EXISTS pulse_rate_limits (
    key TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    version BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS pulse_rate_limits_expires_at ON pulse_rate_limits (expires_at)`.execute(
    db,
  );
}

/**
 * The key as stored: a hash, so the table never holds a token's or a key's identity, nor a client's
 * address, in clear (the limiter's name is part of what is hashed).
 */
const hashed = (key: string) => createHash('sha256').update(key).digest('base64url');

export function postgresRateStates(db: Kysely<unknown>): RateStateStore {
  // No plugins: CountWrites would count these as this instance's writes and empty its caches.
  const raw = db.withoutPlugins();
  return {
    async read(key) {
      const result = await sql<StoredRateState>`
        SELECT state, version::int AS version FROM pulse_rate_limits WHERE key = ${hashed(key)}`.execute(raw);
      return result.rows[0];
    },
    async create(key, state, expiresAt) {
      const result = await sql`
        INSERT INTO pulse_rate_limits (key, state, version, expires_at)
        VALUES (${hashed(key)}, ${state}, 1, ${expiresAt})
        ON CONFLICT DO NOTHING RETURNING 1`.execute(raw);
      return result.rows.length === 1;
    },
    async replace(key, state, version, expiresAt) {
      const result = await sql`
        UPDATE pulse_rate_limits SET state = ${state}, version = version + 1, expires_at = ${expiresAt}
        WHERE key = ${hashed(key)} AND version = ${version} RETURNING 1`.execute(raw);
      return result.rows.length === 1;
    },
    async prune(now) {
      const result = await sql`DELETE FROM pulse_rate_limits WHERE expires_at < ${now}`.execute(raw);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}

/**
 * `pulse serve --database postgres://...` (and PULSE_DATABASE_URL): the real binary serving a database
 * on the test run's PostgreSQL (test/helpers/postgres.ts), two instances on one database, and the
 * addresses it refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.js';
import { isolatedEnv, runInProcess } from '../helpers/cli.js';
import { createDatabase, databaseWithAccount, dropDatabase } from '../helpers/postgres.js';
import { startServe } from '../helpers/serve-process.js';
import { openInstance } from '../helpers/store.js';
import { postgresServer } from '../helpers/system-parts.js';

// The run's PostgreSQL when it answers; without it these tests skip, saying why (CI requires it).
const server = await postgresServer();

describe.skipIf(!server)('pulse serve --database', () => {
  let database: string;
  let token: string;
  let tokenId: string;

  beforeAll(async () => {
    const made = await databaseWithAccount(server as string);
    database = made.database;
    ({ token, id: tokenId } = made.tokens[0] as { token: string; id: string });
  });
  afterAll(async () => {
    if (database) await dropDatabase(database);
  });

  const me = (url: string) => fetch(`${url}/api/v2/me`, { headers: { authorization: `Bearer ${token}` } });

  it('serves the database, and another instance sees a write made elsewhere at its next request', async () => {
    // One public address for both, as behind one reverse proxy: their links (and so their bodies) agree.
    const publicUrl = ['--public-url', 'https://pulse.test'];
    const first = await startServe([], isolatedEnv(), ['--database', database, ...publicUrl]);
    const second = await startServe([], isolatedEnv({ PULSE_DATABASE_URL: database }), publicUrl);
    for (const url of [first.url, second.url]) {
      const response = await me(url);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { name: string }).name).toBe('Ana Diaz');
    }
    // Either instance answers a resource with the same ETag, so a client's cache works behind a balancer.
    const etags = await Promise.all(
      [first.url, second.url].map(async (url) =>
        (await fetch(`${url}/api/v2/me`, { headers: { authorization: `Bearer ${token}` } })).headers.get(
          'etag',
        ),
      ),
    );
    expect(etags[0]).toMatch(/^(W\/)?"/);
    expect(etags[1]).toBe(etags[0]);
    // Both instances now hold the token as valid (cached on the data version); a revocation written by
    // a third party must reach both at once.
    const store = await openInstance(database, { clock: systemClock, publicUrl: 'https://pulse.test' });
    expect(await store.admin.revokeToken(tokenId)).toBe(true);
    await store.close();
    expect((await me(first.url)).status).toBe(401);
    expect((await me(second.url)).status).toBe(401);
    expect((await first.stop()).exitCode).toBe(0);
    expect((await second.stop()).exitCode).toBe(0);
  });

  it('refuses a database with no account, naming it without its password', async () => {
    const empty = await createDatabase(server as string);
    const withPassword = empty.replace('//pulse@', '//pulse:s3cret@');
    try {
      const result = await runInProcess(['serve', '--port', '0', '--database', withPassword]);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain('has no account yet');
      expect(result.stderr).not.toContain('s3cret');
    } finally {
      await dropDatabase(empty);
    }
  });
});

describe('pulse serve --database, refused addresses', () => {
  it('takes only a postgres:// address, from the flag or PULSE_DATABASE_URL', async () => {
    const flag = await runInProcess(['serve', '--database', 'pulse.db']);
    expect(flag.exitCode).toBe(2);
    expect(flag.stderr).toContain('--database must be a PostgreSQL address');
    const env = await runInProcess(['serve'], {
      env: isolatedEnv({ PULSE_DATABASE_URL: 'mysql://db/pulse' }),
    });
    expect(env.exitCode).toBe(2);
    expect(env.stderr).toContain('PULSE_DATABASE_URL must be a PostgreSQL address');
  });
});

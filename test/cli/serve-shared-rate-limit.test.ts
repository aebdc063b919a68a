/**
 * Two real `pulse serve --database postgres://...` processes on one database, as behind one address:
 * the v2 burst of a token counts across both, alternating and concurrent (issue 11).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv } from '../helpers/cli.js';
import { databaseWithAccount, dropDatabase } from '../helpers/postgres.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';
import { postgresServer } from '../helpers/system-parts.js';

// The run's PostgreSQL when it answers; without it these tests skip, saying why (CI requires it).
const server = await postgresServer();

describe.skipIf(!server)('pulse serve --database: rate limits across instances', () => {
  let database: string;
  const tokens: string[] = [];
  let instances: ServeProcess[] = [];

  beforeAll(async () => {
    const made = await databaseWithAccount(server as string, ['alternating', 'concurrent']);
    database = made.database;
    tokens.push(...made.tokens.map((each) => each.token));
    // A minute-long window: the test is over long before it ends, whatever the machine's speed.
    const args = ['--database', database, '--public-url', 'https://pulse.test', '--rate-limit', 'burst=5/60'];
    instances = await Promise.all([startServe([], isolatedEnv(), args), startServe([], isolatedEnv(), args)]);
  });
  afterAll(async () => {
    for (const instance of instances) await instance.stop();
    if (database) await dropDatabase(database);
  });

  const me = (url: string, token: string) =>
    fetch(`${url}/api/v2/me`, { headers: { authorization: `Bearer ${token}` } });

  it('grants a token its burst once across both, alternating, then 429 with Retry-After', async () => {
    const responses: Response[] = [];
    for (let i = 0; i < 7; i++)
      responses.push(await me(instances[i % 2]?.url as string, tokens[0] as string));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(responses.map((response) => /r=(\d+)/.exec(response.headers.get('ratelimit') ?? '')?.[1])).toEqual(
      ['4', '3', '2', '1', '0', '0', '0'],
    );
    expect(Number(responses[5]?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('grants no more than the burst to requests at both at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => me(instances[i % 2]?.url as string, tokens[1] as string)),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(5);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(15);
  });
});

/**
 * Closing the server lets handlers finish whose clients have left: `pulse serve` closes the store right
 * after the server, and a write still under way for a client that hung up (autocannon stopped, a tab
 * closed) would otherwise fail half way on a closed store.
 */
import { request as httpRequest } from 'node:http';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.js';
import { buildServer } from '../../src/server/app.js';
import { eventually } from '../helpers/eventually.js';
import { createDatabase, dropDatabase } from '../helpers/postgres.js';
import { openInstance } from '../helpers/store.js';
import { postgresServer } from '../helpers/system-parts.js';

// The run's PostgreSQL when it answers; without it these tests skip, saying why (CI requires it).
const server = await postgresServer();

describe.skipIf(!server)('closing pulse serve', () => {
  const cleanUps: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });

  it('waits for a write whose client has left, before the store closes under it', async () => {
    const url = await createDatabase(server as string);
    cleanUps.push(() => dropDatabase(url));
    const store = await openInstance(url, { clock: systemClock, publicUrl: 'http://pulse.test' });
    await store.admin.initialise({ name: 'Ana Diaz', email: 'ana@example.com', timeZone: 'UTC' });
    const { token } = await store.admin.createToken({ person: 'ana@example.com' });
    const failures: string[] = [];
    const app = await buildServer({
      instance: store,
      clock: systemClock,
      publicUrl: () => 'http://pulse.test',
      rateLimit: null,
      onRequestFailure: (line) => failures.push(line),
    });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });

    // Someone holds the memberships table, so the handler waits in a read of it (the viewer's teams),
    // and goes on to take further connections from the pool only after the server has begun to close.
    // (A table the credentials check reads would hold the request before its handler: not waited for.)
    const other = new pg.Client({ connectionString: url });
    other.on('error', () => {});
    await other.connect();
    cleanUps.push(() => other.end());
    // pg_stat_activity is read from outside the transaction (inside, it is one snapshot).
    const watcher = new pg.Client({ connectionString: url });
    watcher.on('error', () => {});
    await watcher.connect();
    cleanUps.push(() => watcher.end());
    await other.query('BEGIN');
    await other.query('LOCK TABLE memberships IN ACCESS EXCLUSIVE MODE');

    const sent = httpRequest(`${address}/api/v2/goals`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    sent.on('error', () => {});
    sent.end(JSON.stringify({ title: 'Written after its client left' }));
    // The handler is waiting for its turn; the client hangs up; the server closes, then the store.
    await eventually(async () => {
      const waiting = await watcher.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
      );
      return waiting.rows[0].n > 0 ? true : undefined;
    }, 'the handler to wait for the memberships table');
    sent.destroy();
    const closing = (async () => {
      await app.close();
      await store.close();
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await other.query('COMMIT');
    await closing;

    expect(failures).toEqual([]);
    const goals = await other.query('SELECT title FROM goals');
    expect(goals.rows.map((row) => row.title)).toEqual(['Written after its client left']);
  });
});

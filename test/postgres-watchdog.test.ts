/**
 * The tests' throwaway PostgreSQL does not outlive the process that started it: killed without its
 * teardown (kill -9 of a test run), the watchdog stops the server and deletes its directory.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { eventually } from './helpers/eventually.js';
import { startPostgres } from './helpers/postgres.js';
import { missingParts } from './helpers/system-parts.js';

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: `${url}/postgres`, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

// The run's server answering shows that PostgreSQL is installed and starts here.
describe.skipIf(await missingParts('postgres'))('the test PostgreSQL watchdog', () => {
  it('stops the server and deletes its directory once its owner is killed', async () => {
    const owner = spawn('sleep', ['300'], { stdio: 'ignore' });
    const server = await startPostgres({ owner: owner.pid as number });
    try {
      expect(await answers(server.url)).toBe(true);
      // Still there while the owner lives (the watchdog looks twice a second).
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(await answers(server.url)).toBe(true);

      owner.kill('SIGKILL');
      await eventually(
        () => (existsSync(server.directory) ? undefined : true),
        'the directory to go',
        60_000,
      );
      expect(await answers(server.url)).toBe(false);
    } finally {
      owner.kill('SIGKILL');
      await server.stop();
    }
  }, 120_000);
});

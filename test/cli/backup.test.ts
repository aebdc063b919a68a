/** `pulse backup FILE`: a consistent copy of a store in use, through the real binary and `pulse serve`. */
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/store/sqlite-driver.js';
import { execPulse, initAnaAndBen, isolatedEnv } from '../helpers/cli.js';
import { startServe } from '../helpers/serve-process.js';
import { tempDir } from '../helpers/temp.js';

function storeIn(): { env: Record<string, string>; folder: string; store: string } {
  const folder = tempDir('pulse-backup-');
  return { env: isolatedEnv(), folder, store: join(folder, 'pulse.db') };
}

describe('pulse backup', () => {
  it('copies the store while pulse serve writes to it: complete, consistent, integrity ok, 0600', async () => {
    const { env, folder, store } = storeIn();
    const local = (args: string[]) => execPulse(['--store', store, ...args], { env });
    await initAnaAndBen(local);
    const token = (await local(['admin', 'token', 'create', '--person', 'ana@example.com'])).stdout.trim();
    const server = await startServe(['--store', store], env, ['--rate-limit', 'off']);

    // Activities written one after another, each acknowledged before the next: the backup must hold
    // every one acknowledged before it began, and none that was not yet written when it ended.
    const acknowledged: string[] = [];
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const response = await fetch(`${server.url}/api/v2/activities`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ group: 'deploys', description: `deploy ${acknowledged.length}` }),
        });
        if (response.status !== 201) throw new Error(`writing an activity: ${response.status}`);
        acknowledged.push(((await response.json()) as { id: string }).id);
      }
    })();
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));

    const before = acknowledged.length;
    const target = join(folder, 'copy.db');
    const backup = await local(['backup', target]);
    const after = acknowledged.length;
    writing = false;
    await writer;
    await server.stop();

    expect(backup.exitCode, backup.stderr).toBe(0);
    expect(backup.stdout).toBe('');
    expect(backup.stderr).toMatch(
      new RegExp(`^Backed up ${store} to ${target} \\([\\d,]+ KiB, integrity ok\\)\\.$`),
    );
    expect((statSync(target).mode & 0o777).toString(8)).toBe('600');
    expect(readdirSync(folder).filter((name) => name.includes('partial'))).toEqual([]);

    const copy = openSqlite(target, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = copy.prepare('SELECT id FROM activities').pluck().all() as string[];
      expect(ids.length).toBeGreaterThanOrEqual(before);
      expect(ids.length).toBeLessThanOrEqual(after + 1);
      expect(new Set(ids)).toEqual(new Set(acknowledged.slice(0, ids.length)));
      // The search index is written by triggers in the same transactions: a copy of one moment agrees.
      const indexed = copy.prepare("SELECT count(*) FROM search_items WHERE kind = 'activity'").pluck().get();
      expect(indexed).toBe(ids.length);
      expect(copy.prepare('SELECT count(*) FROM people').pluck().get()).toBe(2);
    } finally {
      copy.close();
    }
    // The copy is a store: pulse reads it as it reads the original.
    const people = await execPulse(['--store', target, 'people', 'list', '--json', 'email'], { env });
    expect(people.exitCode, people.stderr).toBe(0);
    expect(JSON.parse(people.stdout)).toEqual([{ email: 'ana@example.com' }, { email: 'ben@example.com' }]);
  });

  it('never overwrites a file without --force; with it, replaces the file', async () => {
    const { env, folder, store } = storeIn();
    const local = (args: string[]) => execPulse(['--store', store, ...args], { env });
    await initAnaAndBen(local);
    const target = join(folder, 'kept.db');
    writeFileSync(target, 'an earlier file\n');

    const refused = await local(['backup', target]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toBe(
      `pulse: ${target} exists: name a new file, or add --force to replace it\nRun with --help for usage.`,
    );
    expect(statSync(target).size).toBe('an earlier file\n'.length);

    const forced = await local(['backup', target, '--force']);
    expect(forced.exitCode, forced.stderr).toBe(0);
    const copy = openSqlite(target, { readonly: true });
    expect(copy.prepare('SELECT count(*) FROM people').pluck().get()).toBe(2);
    copy.close();
  });

  it('on a PostgreSQL store says to use pg_dump, exit 2, writing nothing', async () => {
    const { folder } = storeIn();
    const target = join(folder, 'never.db');
    const result = await execPulse(['backup', target], {
      env: isolatedEnv({ PULSE_STORE: 'postgres://pulse@db.internal:5432/pulse' }),
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      'pulse: postgres://pulse@db.internal:5432/pulse is a PostgreSQL database: back it up with pg_dump ' +
        '(pg_dump --format=custom --file=FILE DATABASE_URL), which copies it consistently while in use\n' +
        'Run with --help for usage.',
    );
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a FILE it cannot write, naming why: a missing folder, control characters, a name too long', async () => {
    const { env, folder, store } = storeIn();
    const local = (args: string[]) => execPulse(['--store', store, ...args], { env });
    await initAnaAndBen(local);
    const cases: [string, string][] = [
      [join(folder, 'no', 'copy.db'), `pulse: ${join(folder, 'no')} does not exist: make it first`],
      ['copy\u001b[2J.db', 'pulse: FILE must be a file name without control characters'],
      [join(folder, 'x'.repeat(300)), `pulse: cannot write ${join(folder, 'x'.repeat(300))}: ENAMETOOLONG`],
    ];
    for (const [file, message] of cases) {
      const result = await local(['backup', file]);
      expect(result.exitCode, file).toBe(2);
      expect(result.stderr).toBe(`${message}\nRun with --help for usage.`);
    }
    expect(readdirSync(folder).sort()).toEqual(['pulse.db']);
  });

  it('refuses a store that does not exist yet, creating none', async () => {
    const { env, folder, store } = storeIn();
    const result = await execPulse(['--store', store, 'backup', join(folder, 'copy.db')], { env });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      `pulse: ${store} does not exist yet: there is no store to back up\nRun with --help for usage.`,
    );
    expect(readdirSync(folder)).toEqual([]);
  });
});

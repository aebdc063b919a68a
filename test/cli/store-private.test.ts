/** The store is private: its file, -wal and -shm are 0600 in a 0700 folder, through the real binary. */
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { execPulse, isolatedEnv } from '../helpers/cli.js';
import { startServe } from '../helpers/serve-process.js';
import { tempDir } from '../helpers/temp.js';

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('the store is private', () => {
  it('creates the default store 0600 in a 0700 folder; its -wal and -shm while served are 0600 too', async () => {
    const env = isolatedEnv();
    const init = await execPulse(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com'], { env });
    expect(init.exitCode, init.stderr).toBe(0);
    const folder = join(env.XDG_DATA_HOME as string, 'pulse');
    const store = join(folder, 'pulse.db');
    expect(modeOf(folder)).toBe('700');
    expect(modeOf(store)).toBe('600');

    const server = await startServe([], env);
    const checkIn = await execPulse(
      ['checkin', '--previous', 'shipped', '--intentions', 'review', '--blockers', 'none'],
      { env },
    );
    expect(checkIn.exitCode, checkIn.stderr).toBe(0);
    // While `pulse serve` holds the store open, SQLite keeps its -wal and -shm beside it.
    expect(modeOf(`${store}-wal`)).toBe('600');
    expect(modeOf(`${store}-shm`)).toBe('600');
    await server.stop();
  });

  it('creates a missing folder of a chosen store 0700, and leaves an existing chosen folder as it is', async () => {
    const env = isolatedEnv();
    const root = tempDir();
    const created = join(root, 'new', 'store');
    const first = await execPulse(['--store', join(created, 'pulse.db'), 'me', '--json', 'id'], { env });
    expect(first.exitCode, first.stderr).toBe(0);
    expect(modeOf(created)).toBe('700');
    expect(modeOf(join(created, 'pulse.db'))).toBe('600');

    const shared = join(root, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o755);
    const second = await execPulse(['--store', join(shared, 'pulse.db'), 'me', '--json', 'id'], { env });
    expect(second.exitCode, second.stderr).toBe(0);
    expect(modeOf(shared)).toBe('755');
    expect(modeOf(join(shared, 'pulse.db'))).toBe('600');
  });

  it('tightens a store left readable by others on its next open, with one note, once', async () => {
    const env = isolatedEnv();
    const init = await execPulse(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com'], { env });
    expect(init.exitCode, init.stderr).toBe(0);
    const folder = join(env.XDG_DATA_HOME as string, 'pulse');
    const store = join(folder, 'pulse.db');
    chmodSync(store, 0o644);
    chmodSync(folder, 0o755);

    const first = await execPulse(['me', '--json', 'name'], { env });
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stdout).toBe('{\n  "name": "Ana Diaz"\n}');
    expect(first.stderr).toBe(`pulse: made ${folder}, ${store} private to you (0600 files, 0700 folder)`);
    expect(modeOf(store)).toBe('600');
    expect(modeOf(folder)).toBe('700');

    const second = await execPulse(['me', '--json', 'name'], { env });
    expect(second.exitCode, second.stderr).toBe(0);
    expect(second.stderr).toBe('');
  });

  it('only takes bits away: a read-only store readable by others becomes 0400, still read-only', async () => {
    const env = isolatedEnv();
    const store = join(tempDir(), 'pulse.db');
    const init = await execPulse(
      ['--store', store, 'init', '--name', 'Ana Diaz', '--email', 'ana@example.com'],
      {
        env,
      },
    );
    expect(init.exitCode, init.stderr).toBe(0);
    chmodSync(store, 0o444);
    await execPulse(['--store', store, 'people', 'list'], { env });
    expect(modeOf(store)).toBe('400');
  });
});

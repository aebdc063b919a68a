/**
 * Serialises OAuth refreshes between pulse processes. Refresh tokens rotate and the server treats a spent
 * one as stolen (it revokes the whole grant), so two processes refreshing the same tokens at once would
 * sign the person out: the second must wait, then read the tokens the first one kept.
 *
 * The lock is a file created exclusively (O_EXCL) holding the owner's pid; a lock whose owner is gone (a
 * process killed mid-refresh) is taken over.
 */
import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CliError } from '../errors.js';

export interface LockOptions {
  /** How the waits between tries pass (the command context's sleep). */
  sleep: (ms: number) => Promise<void>;
  /** Between tries. */
  pollMs?: number;
  /** Tries before giving up (with the defaults, about 30 seconds). */
  maxTries?: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function tryCreate(path: string): Promise<boolean> {
  try {
    const handle = await open(path, 'wx', 0o600);
    await handle.writeFile(String(process.pid));
    await handle.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Removes the lock when its owner no longer runs (read twice, so a lock just retaken is left alone). */
async function breakIfStale(path: string): Promise<void> {
  const owner = await readFile(path, 'utf8').catch(() => '');
  const pid = Number(owner);
  // An empty file is a lock being written right now.
  if (!Number.isInteger(pid) || pid <= 0 || alive(pid)) return;
  if ((await readFile(path, 'utf8').catch(() => '')) !== owner) return;
  await unlink(path).catch(() => {});
}

/** Runs `work` holding the lock at `path`; the lock is released however `work` ends. */
export async function withRefreshLock<T>(
  path: string,
  options: LockOptions,
  work: () => Promise<T>,
): Promise<T> {
  const { sleep, pollMs = 50, maxTries = 600 } = options;
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  for (let tries = 0; !(await tryCreate(path)); tries++) {
    if (tries >= maxTries) {
      throw new CliError(
        `another pulse process has been refreshing the OAuth tokens for too long (lock ${path}); try again, or remove the file if no pulse is running`,
      );
    }
    await breakIfStale(path);
    await sleep(pollMs);
  }
  try {
    return await work();
  } finally {
    await unlink(path).catch(() => {});
  }
}

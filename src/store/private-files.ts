/**
 * The store holds people's check-ins: its file and SQLite's -wal and -shm beside it are the owner's
 * alone (0600), and a folder pulse creates for it is too (0700). SQLite gives the -wal and -shm files
 * the database file's mode, so creating the file 0600 before SQLite opens it makes all three private.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

const PRIVATE_FILE = 0o600;
const PRIVATE_FOLDER = 0o700;

export interface PrivateStoreOptions {
  /**
   * The store's folder is pulse's own (the default data folder), so an existing one is made 0700 as
   * well; a folder the person chose is theirs and only created 0700 when missing.
   */
  ownsFolder?: boolean | undefined;
  /** Told once, with the paths whose mode was tightened (a store made by an earlier version). */
  onTightened?: ((paths: string[]) => void) | undefined;
}

function tryTo(work: () => void): void {
  try {
    work();
  } catch {
    // See the callers: what failed here fails again, reported, when SQLite opens the store.
  }
}

function tighten(path: string, wanted: number): boolean {
  let mode: number;
  try {
    mode = statSync(path).mode & 0o777;
  } catch {
    return false;
  }
  if ((mode & ~wanted) === 0) return false;
  try {
    // Bits are only taken away: a read-only file stays read-only.
    chmodSync(path, mode & wanted);
    return true;
  } catch {
    // Another user's file, or a read-only file system: not ours to change, and SQLite reports
    // what it cannot do with the file in its own words (storage-errors.ts).
    return false;
  }
}

/**
 * Makes the store's folder (0700) and an empty store file (0600) when missing, and tightens a store
 * file, -wal and -shm (and a folder pulse owns) that others could read, before SQLite opens the file.
 */
export function prepareStoreFiles(path: string, options: PrivateStoreOptions = {}): void {
  const folder = dirname(path);
  const tightened: string[] = [];
  if (!existsSync(folder)) {
    // Where it cannot be made, SQLite cannot open the store either, and says so naming it.
    tryTo(() => mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER }));
  } else if (options.ownsFolder && tighten(folder, PRIVATE_FOLDER)) {
    tightened.push(folder);
  }
  // An empty file is an empty SQLite database; 'wx' leaves a file another process just made alone.
  // Where it cannot be made (a folder not ours), SQLite's own attempt fails and says so.
  if (!existsSync(path)) tryTo(() => closeSync(openSync(path, 'wx', PRIVATE_FILE)));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (tighten(file, PRIVATE_FILE)) tightened.push(file);
  }
  if (tightened.length > 0) options.onTightened?.(tightened);
}

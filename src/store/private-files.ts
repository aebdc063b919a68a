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

function tighten(path: string, wanted: number): boolean {
  let mode: number;
  try {
    mode = statSync(path).mode & 0o777;
  } catch {
    return false;
  }
  if ((mode & ~wanted) === 0) return false;
  chmodSync(path, wanted);
  return true;
}

/**
 * Makes the store's folder (0700) and an empty store file (0600) when missing, and tightens a store
 * file, -wal and -shm (and a folder pulse owns) that others could read, before SQLite opens the file.
 */
export function prepareStoreFiles(path: string, options: PrivateStoreOptions = {}): void {
  const folder = dirname(path);
  const tightened: string[] = [];
  if (!existsSync(folder)) {
    mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER });
    // The umask may have taken bits away, never added any: mkdir's mode is already the most it gives.
  } else if (options.ownsFolder && tighten(folder, PRIVATE_FOLDER)) {
    tightened.push(folder);
  }
  if (!existsSync(path)) {
    // An empty file is an empty SQLite database; 'wx' leaves a file another process just made alone.
    try {
      closeSync(openSync(path, 'wx', PRIVATE_FILE));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (tighten(file, PRIVATE_FILE)) tightened.push(file);
  }
  if (tightened.length > 0) options.onTightened?.(tightened);
}

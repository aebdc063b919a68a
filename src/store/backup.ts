/**
 * A consistent copy of a SQLite store while other processes use it: SQLite's online backup reads the
 * store page by page under its read lock, restarting when a writer changes a page it has copied, so the
 * copy is the store as of one moment. Copying the file (`cp`) is not: committed transactions may still
 * sit in the -wal file beside it, and a copy taken mid-checkpoint mixes two moments.
 */
import { closeSync, existsSync, linkSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { openSqlite } from './sqlite-driver.js';
import { storageError } from './storage-errors.js';

const BUSY_TIMEOUT_MS = 10_000;
/** SQLite's largest backup step: the rest of the store at once. */
const ALL_PAGES = 0x7fffffff;

/** The target exists and overwriting was not asked for. */
export class BackupTargetExistsError extends Error {}

/** The copy cannot be written where asked (a name too long, a folder not ours): the code says why. */
export class BackupTargetError extends Error {}

/** The source is not a store file. */
export class BackupSourceError extends Error {}

export interface BackupResult {
  bytes: number;
  /** `PRAGMA integrity_check` of the copy: 'ok', or SQLite's first complaint. */
  integrity: string;
}

/**
 * Copies the store at `source` to `target` (0600), checking the copy's integrity. The copy is written
 * beside the target under a temporary name and moved into place only when complete, so a failed or
 * interrupted backup leaves no half file; without `overwrite` an existing target is never replaced.
 */
export async function backupSqliteStore(
  source: string,
  target: string,
  overwrite: boolean,
): Promise<BackupResult> {
  if (!overwrite && existsSync(target)) throw new BackupTargetExistsError(`${target} exists`);
  if (!existsSync(source)) throw new BackupSourceError(`${source} does not exist`);
  const partial = join(dirname(target), `.${basename(target)}.${process.pid}.partial`);
  // Made 0600 before SQLite writes to it: SQLite keeps a file's mode.
  try {
    closeSync(openSync(partial, 'wx', 0o600));
  } catch (error) {
    throw new BackupTargetError((error as NodeJS.ErrnoException).code ?? String(error));
  }
  try {
    const db = openSqlite(source, { fileMustExist: true });
    try {
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      // Every page in one step, under one read lock: in steps, each commit by another process between
      // two of them would start the copy over, and a busy server could keep it from ever ending.
      await db.backup(partial, { progress: () => ALL_PAGES });
    } catch (error) {
      throw storageError(source, error);
    } finally {
      db.close();
    }
    const copy = openSqlite(partial, { fileMustExist: true });
    let integrity: string;
    try {
      // The copy stands alone: no -wal beside it, whatever mode the store was in.
      copy.pragma('journal_mode = DELETE');
      integrity = copy.pragma('integrity_check', { simple: true }) as string;
    } finally {
      copy.close();
    }
    if (overwrite) renameSync(partial, target);
    else {
      // link fails when the target appeared meanwhile: never replaced without --force.
      try {
        linkSync(partial, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          throw new BackupTargetExistsError(`${target} exists`);
        throw error;
      }
      rmSync(partial);
    }
    return { bytes: statSync(target).size, integrity };
  } finally {
    rmSync(partial, { force: true });
  }
}

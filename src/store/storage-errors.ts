/**
 * SQLite's complaints about the store's file (read-only, disk full, I/O failed, cannot open) as one line
 * that names the file and what to look at: the person who must fix it needs the path, and SQLite's own
 * "attempt to write a readonly database" names neither.
 */

/** The store's file could not be opened, read or written. */
export class StorageError extends Error {
  constructor(message: string, options: ErrorOptions) {
    super(message, options);
    this.name = 'StorageError';
  }
}

function problem(code: string): string | undefined {
  if (code.startsWith('SQLITE_READONLY'))
    return 'is read-only: pulse must be able to write the file and its directory (for the -wal and -shm files)';
  if (code === 'SQLITE_FULL') return 'could not be written: the disk is full';
  if (code.startsWith('SQLITE_IOERR'))
    return `could not be read or written (${code}): is the disk full or failing?`;
  if (code.startsWith('SQLITE_CANTOPEN'))
    return 'cannot be opened: check that its directory exists and that pulse may read and write there';
  return undefined;
}

/** `error` as a StorageError naming the store at `path` when it is one of those; otherwise unchanged. */
export function storageError(path: string, error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  const what = typeof code === 'string' ? problem(code) : undefined;
  return what === undefined ? error : new StorageError(`the store ${path} ${what}`, { cause: error });
}

/** Runs `work`, rethrowing a file error as a StorageError naming the store. */
export function onStore<T>(path: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw storageError(path, error);
  }
}

/** SQLite found no room on the disk (the error as SQLite gave it, or as storageError named it). */
export function isDiskFull(error: unknown): boolean {
  const cause = error instanceof StorageError ? error.cause : error;
  return (cause as { code?: unknown } | null)?.code === 'SQLITE_FULL';
}

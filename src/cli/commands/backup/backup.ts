/**
 * `pulse backup FILE`: a consistent copy of the local SQLite store (store/backup.ts) while other
 * processes use it. A PostgreSQL store is backed up with PostgreSQL's own tools.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isPostgresUrl, withoutPassword } from '../../../store/database-url.js';
import type { CommandContext } from '../../command-context.js';
import { CliError, UsageError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';
import { isRemote } from '../../settings.js';

// C0 controls and DEL: no file name a person means holds them, and a terminal would act on them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is refused
const hasControlCharacter = (text: string) => /[\u0000-\u001f\u007f]/.test(text);

export interface BackupOptions {
  force?: boolean;
}

export async function backup(cc: CommandContext, file: string, options: BackupOptions): Promise<void> {
  const store = cc.settings.storePath;
  if (isRemote(cc.settings))
    throw new UsageError(
      'pulse backup copies a local store: name it with --store PATH (the deployment backs up its own)',
    );
  if (isPostgresUrl(store))
    throw new UsageError(
      `${withoutPassword(store)} is a PostgreSQL database: back it up with pg_dump ` +
        '(pg_dump --format=custom --file=FILE DATABASE_URL), which copies it consistently while in use',
    );
  if (store === ':memory:') throw new UsageError('--store :memory: has nothing to back up');
  if (file.length === 0 || hasControlCharacter(file))
    throw new UsageError('FILE must be a file name without control characters');
  const target = resolve(cc.ctx.cwd, file);
  if (target === resolve(cc.ctx.cwd, store))
    throw new UsageError(`${file} is the store itself: name another file`);
  if (!existsSync(dirname(target))) throw new UsageError(`${dirname(file)} does not exist: make it first`);
  const { backupSqliteStore, BackupSourceError, BackupTargetError, BackupTargetExistsError } = await import(
    '../../../store/backup.js'
  );
  const result = await backupSqliteStore(store, target, options.force === true).catch((error: unknown) => {
    if (error instanceof BackupTargetExistsError)
      throw new UsageError(`${file} exists: name a new file, or add --force to replace it`);
    if (error instanceof BackupTargetError) throw new UsageError(`cannot write ${file}: ${error.message}`);
    if (error instanceof BackupSourceError)
      throw new UsageError(`${store} does not exist yet: there is no store to back up`);
    throw error;
  });
  if (result.integrity !== 'ok') {
    throw new CliError(
      `the copy in ${file} fails SQLite's integrity check (${result.integrity}): run pulse doctor on ${store}`,
      ExitCode.error,
    );
  }
  const size = `${Math.ceil(result.bytes / 1024).toLocaleString('en')} KiB`;
  cc.out.note(`Backed up ${store} to ${file} (${size}, integrity ok).`);
}

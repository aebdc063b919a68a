/** `pulse admin migrate`: copies a team's SQLite store into a PostgreSQL database, then verifies the copy. */
import { isPostgresUrl, withoutPassword } from '../../../store/database-url.js';
import type { CommandContext } from '../../command-context.js';
import { CliError, UsageError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';
import { type Progress, progressBar } from '../../progress.js';

export interface MigrateOptions {
  from: string;
  to: string;
  json?: boolean;
}

/**
 * Prints a line a table (rows in the source, copied by this run, in the target, verified) on stdout, or
 * the same as JSON; on stderr the totals and the rate. Exits 1 when a table's count or checksum differs,
 * and 1 without writing anything when the target holds data that is not the source's or the source
 * holds text PostgreSQL cannot store.
 */
export async function migrate(cc: CommandContext, options: MigrateOptions): Promise<void> {
  if (isPostgresUrl(options.from))
    throw new UsageError('--from names the SQLite store file to copy, not a database address');
  // The value is not echoed: an address that is not PostgreSQL's may still hold a password.
  if (!/^postgres(ql)?:\/\/[^/]/i.test(options.to))
    throw new UsageError('--to must be a PostgreSQL address, postgres://USER[:PASSWORD]@HOST:PORT/DB');
  const target = withoutPassword(options.to);
  const { copyStoreToPostgres, CopyBadTextError, CopyConflictError, CopySourceError } = await import(
    '../../../store/copy-store.js'
  );
  const started = cc.ctx.clock.now().getTime();
  let bar: Progress | undefined;
  const result = await copyStoreToPostgres(options.from, options.to, {
    onStart: (batches) => {
      bar = progressBar(cc.ctx.streams.stderr, batches, { label: 'batches' });
    },
    onBatch: () => bar?.tick(),
  })
    .catch((error: unknown) => {
      if (error instanceof CopySourceError) throw new UsageError(`--from: ${error.message}`);
      if (error instanceof CopyBadTextError) throw new CliError(error.message, ExitCode.error);
      if (error instanceof CopyConflictError)
        throw new CliError(`${target}: ${error.message}`, ExitCode.error);
      throw error;
    })
    .finally(() => bar?.done());
  const seconds = Math.max(0.001, (cc.ctx.clock.now().getTime() - started) / 1000);

  if (options.json) cc.out.json(result.tables);
  else
    await cc.out.table(result.tables, [
      { header: 'TABLE', cell: (row) => row.table },
      { header: 'SOURCE', cell: (row) => String(row.source) },
      { header: 'COPIED', cell: (row) => String(row.copied) },
      { header: 'TARGET', cell: (row) => String(row.target) },
      { header: 'VERIFIED', cell: (row) => (row.matches ? 'yes' : 'MISMATCH') },
    ]);
  const count = (n: number) => n.toLocaleString('en');
  const copied = result.tables.reduce((sum, row) => sum + row.copied, 0);
  const mismatched = result.tables.filter((row) => !row.matches).map((row) => row.table);
  if (mismatched.length > 0) {
    throw new CliError(
      `the copy in ${target} differs from ${options.from} in ${mismatched.join(', ')}: ` +
        'its row counts or checksums do not match',
      ExitCode.error,
    );
  }
  cc.out.note(
    `Copied ${count(copied)} rows from ${options.from} to ${target} in ${seconds.toFixed(1)} s ` +
      `(${count(Math.round(copied / seconds))} rows/s); every table's row count and checksum match.`,
  );
}

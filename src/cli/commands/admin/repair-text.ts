/**
 * `pulse admin repair-text`: replaces, in a SQLite store file, every value that is not text every store
 * accepts (a NUL, bytes that are not UTF-8: what stores written before the text rule may hold) with the
 * same text where each invalid part is U+FFFD, in one transaction. `pulse doctor` finds such values and
 * `pulse admin migrate` refuses to copy them.
 */
import { existsSync } from 'node:fs';
import { isPostgresUrl } from '../../../store/database-url.js';
import type { CommandContext } from '../../command-context.js';
import { UsageError } from '../../errors.js';

export interface RepairTextOptions {
  dryRun?: boolean;
  json?: boolean;
}

/** Prints a line a value (table, id, column, what was wrong) on stdout, or the same as JSON; the total on stderr. */
export async function repairText(cc: CommandContext, options: RepairTextOptions): Promise<void> {
  const path = cc.settings.storePath;
  if (isPostgresUrl(path))
    throw new UsageError(
      'repair-text mends SQLite store files: PostgreSQL refuses such text, so its stores hold none',
    );
  if (path === ':memory:' || !existsSync(path)) throw new UsageError(`--store: ${path} is not a store file`);
  const [{ findBadText, repairBadText }, { openSqlite }] = await Promise.all([
    import('../../../store/bad-text.js'),
    import('../../../store/sqlite-driver.js'),
  ]);
  const db = openSqlite(path, { readonly: options.dryRun === true, fileMustExist: true });
  let cells: ReturnType<typeof findBadText>;
  try {
    // A server may be writing the same file: wait for its transaction rather than fail.
    db.pragma('busy_timeout = 5000');
    cells = options.dryRun ? findBadText(db) : repairBadText(db);
  } finally {
    db.close();
  }
  if (options.json) cc.out.json(cells);
  else
    await cc.out.table(cells, [
      { header: 'TABLE', cell: (cell) => cell.table },
      { header: 'ID', cell: (cell) => cell.id },
      { header: 'COLUMN', cell: (cell) => cell.column },
      { header: 'PROBLEM', cell: (cell) => cell.problem },
    ]);
  const values = `${cells.length} ${cells.length === 1 ? 'value' : 'values'}`;
  if (cells.length === 0) cc.out.note(`${path} holds no NUL or invalid UTF-8: nothing to repair.`);
  else if (options.dryRun)
    cc.out.note(`Would replace the invalid parts of ${values} with U+FFFD (dry run: nothing changed).`);
  else cc.out.note(`Replaced the invalid parts of ${values} with U+FFFD.`);
}

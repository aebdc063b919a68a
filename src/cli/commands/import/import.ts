/**
 * `pulse import FILE`: a JSON export read into the local store (core/importer.ts), ids kept. Prints
 * what each list added and what the store already held; importing the same file again adds nothing.
 */
import { ServiceError } from '../../../core/errors.js';
import { type ExportDocument, parseExportDocument } from '../../../core/export-document.js';
import type { CommandContext } from '../../command-context.js';
import { messageFor, UsageError } from '../../errors.js';
import { readInputFile } from '../../input.js';

export async function importData(cc: CommandContext, file: string): Promise<void> {
  const text = await readInputFile(cc, file, 'import');
  let document: ExportDocument;
  try {
    document = parseExportDocument(text);
  } catch (error) {
    // Named by the file, as every input file's problems are: the document does not know its name.
    if (error instanceof ServiceError)
      throw new UsageError(`${file === '-' ? 'stdin' : file}: ${messageFor(error)}`);
    throw error;
  }
  const instance = await cc.backends.operator();
  const counts = await instance.importExport(document);
  await cc.out.table(
    counts.filter((count) => count.added + count.present > 0),
    [
      { header: 'LIST', cell: (count) => count.list.replaceAll('_', ' ') },
      { header: 'ADDED', cell: (count) => String(count.added) },
      { header: 'PRESENT', cell: (count) => String(count.present) },
    ],
  );
  const added = counts.reduce((sum, count) => sum + count.added, 0);
  const store = cc.settings.storePath;
  cc.out.note(
    added === 0
      ? `Nothing changed: ${store} already holds everything in ${file}.`
      : `Imported ${added} ${added === 1 ? 'item' : 'items'} from ${file} into ${store}.`,
  );
}

/**
 * CSV absences: `member,date` or `member,from,to` rows (dates YYYY-MM-DD, ranges inclusive). A first
 * row whose date column is not a date is a header (unless it starts with a digit: a mistyped date is a
 * malformed row, reported, not silently dropped); blank lines and lines starting with # are ignored.
 */
import { dateOutOfRange, isCalendarDate } from '../../../core/time.js';
import { UsageError } from '../../errors.js';
import { datesBetween, rangeProblem } from './date-selection.js';

/** One data row: its member reference and dates, or why it cannot be used. */
export type CsvRow =
  | { line: number; member: string; dates: string[] }
  | { line: number; member: string | null; date: string | null; error: string };

interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/** The rows of a CSV text; a text that is not CSV at all (an unclosed quote) is a usage error. */
export async function parseAbsenceCsv(text: string, source: string): Promise<CsvRow[]> {
  const { parse } = await import('csv-parse/sync');
  let records: CsvRecord[];
  try {
    records = parse(text, {
      bom: true,
      comment: '#',
      comment_no_infix: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
    }) as unknown as CsvRecord[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new UsageError(
      `${source}${line ? `: line ${line}` : ''}: not CSV: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const first = records[0];
  const heading = first?.record[1];
  if (heading !== undefined && !isCalendarDate(heading) && !/^\d/.test(heading)) records = records.slice(1);
  return records.map(({ record, info }) => readRow(record, info.lines));
}

function readRow(fields: string[], line: number): CsvRow {
  const [member = '', from = '', to = ''] = fields;
  const fail = (error: string) => ({
    line,
    member: member || null,
    date: from || null,
    error: `line ${line}: ${error}`,
  });
  if (fields.length < 2 || fields.length > 3)
    return fail(
      `expected member,date or member,from,to (found ${fields.length} ${fields.length === 1 ? 'field' : 'fields'})`,
    );
  if (member === '') return fail('no member');
  for (const value of to === '' ? [from] : [from, to]) {
    if (!isCalendarDate(value))
      return fail(dateOutOfRange('the date', value) ?? `not a date: ${value || '(empty)'} (use YYYY-MM-DD)`);
  }
  if (to === '') return { line, member, dates: [from] };
  const problem = rangeProblem(from, to, { from: 'from', to: 'to' });
  if (problem) return fail(problem);
  return { line, member, dates: datesBetween(from, to) };
}

/**
 * CSV absences (dates YYYY-MM-DD, ranges inclusive; blank lines and lines starting with # are ignored).
 * A first row naming its columns (`member` or `email`, `date` or `from` or `start`, `to` or `end`, in any
 * order and case) says where they are, and any other column (an export's `type`, `note`) is ignored.
 * Without one, rows are positional: `member,date` or `member,from,to`, and a first row whose date column
 * is not a date is a header all the same (unless it starts with a digit: a mistyped date is a malformed
 * row, reported, not silently dropped).
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

/** The rows of a CSV file, and the columns its header named that the import does not read. */
export interface AbsenceCsv {
  rows: CsvRow[];
  ignoredColumns: string[];
}

/** Where a row's fields are: by the header's names, or by position. */
interface Columns {
  member: number;
  from: number;
  to: number | undefined;
  /** How many columns the header names; undefined without one (rows of two or three fields). */
  named: number | undefined;
}

const POSITIONAL: Columns = { member: 0, from: 1, to: 2, named: undefined };
const COLUMN_NAMES = {
  member: ['member', 'email'],
  from: ['date', 'from', 'start'],
  to: ['to', 'end'],
} as const;

/** The rows of a CSV text; a text that is not CSV at all (an unclosed quote) is a usage error. */
export async function parseAbsenceCsv(text: string, source: string): Promise<AbsenceCsv> {
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
  const header = records[0] === undefined ? undefined : namedColumns(records[0].record);
  if (header) {
    const { columns, ignored } = header;
    const rows = records.slice(1).map(({ record, info }) => readRow(record, info.lines, columns));
    return { rows, ignoredColumns: ignored };
  }
  const heading = records[0]?.record[1];
  if (heading !== undefined && !isCalendarDate(heading) && !/^\d/.test(heading)) records = records.slice(1);
  return {
    rows: records.map(({ record, info }) => readRow(record, info.lines, POSITIONAL)),
    ignoredColumns: [],
  };
}

/**
 * The columns a header row names, or undefined when the row names no member and date columns (then it is
 * data, or a header of other words, read by position). Of two names for one column the first is read.
 */
function namedColumns(fields: string[]): { columns: Columns; ignored: string[] } | undefined {
  const names = fields.map((field) => field.trim().toLowerCase());
  const find = (wanted: readonly string[]) => {
    const index = names.findIndex((name) => wanted.includes(name));
    return index === -1 ? undefined : index;
  };
  const member = find(COLUMN_NAMES.member);
  const from = find(COLUMN_NAMES.from);
  if (member === undefined || from === undefined) return undefined;
  const to = find(COLUMN_NAMES.to);
  const used = new Set([member, from, to]);
  const ignored = fields.filter((field, index) => !used.has(index) && field.trim() !== '');
  return { columns: { member, from, to, named: fields.length }, ignored };
}

function readRow(fields: string[], line: number, columns: Columns): CsvRow {
  const member = fields[columns.member] ?? '';
  const from = fields[columns.from] ?? '';
  const to = columns.to === undefined ? '' : (fields[columns.to] ?? '');
  const fail = (error: string) => ({
    line,
    member: member || null,
    date: from || null,
    error: `line ${line}: ${error}`,
  });
  const found = `${fields.length} ${fields.length === 1 ? 'field' : 'fields'}`;
  if (columns.named === undefined && (fields.length < 2 || fields.length > 3))
    return fail(`expected member,date or member,from,to (found ${found})`);
  // Empty fields past the header's columns are a spreadsheet's trailing commas; others are misplaced.
  if (columns.named !== undefined && fields.slice(columns.named).some((field) => field !== ''))
    return fail(`the header names ${columns.named} columns (found ${found})`);
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

/**
 * All output goes through here: data on stdout (a table on a terminal, tab-separated rows when piped,
 * or JSON), messages on stderr. Colour follows the streams and NO_COLOR, never the global process.
 */
import type { Streams } from './context.js';
import { harmless } from './control-characters.js';
import { type JqFilter, selectFields } from './json-view.js';
import { relativeTime } from './relative-time.js';
import { newStyleTag, type Style, styleOf } from './style.js';

/** What --json FIELDS and --jq ask of JSON output. */
export interface JsonShaping {
  /** Only these fields of each object (undefined: every field). */
  fields?: readonly string[];
  /** Print jq's results instead of the JSON. */
  jq?: JqFilter;
}

export interface Column<T> {
  header: string;
  /** The cell on a terminal (may be styled). */
  cell: (row: T) => string;
  /** The field in plain output; defaults to the terminal cell. */
  plain?: (row: T) => string;
  /** Shown only in plain rows (ids, which scripts need and people rarely read). */
  plainOnly?: boolean;
}

/** Makes a value safe for one tab-separated field: no tabs or line breaks. */
export function plainField(value: string | null | undefined): string {
  return (value ?? '').replace(/[\t\r\n]+/g, ' ').trim();
}

export function firstLine(value: string | null | undefined, max: number): string {
  const line = (value ?? '').split('\n', 1)[0]?.trim() ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export class Output {
  readonly style: Style;
  /** What marks pulse's own colours in the text it prints (style.ts); none when not colouring. */
  private readonly styleTag: string | undefined;

  constructor(
    private readonly streams: Streams,
    color: boolean,
    private readonly shaping: JsonShaping,
    /** The command context's clock, for relative times ("3 hours ago"). */
    private readonly now: () => Date,
  ) {
    this.styleTag = color ? newStyleTag() : undefined;
    this.style = styleOf(this.styleTag);
  }

  /** stdout is a person's terminal (tables, relative wording) rather than a pipe. */
  get isTerminal(): boolean {
    return this.streams.stdout.isTTY === true;
  }

  /** The terminal's width; a terminal that reports none (0, as some pseudo-terminals do) counts as 100. */
  get width(): number {
    return this.streams.stdout.columns || 100;
  }

  /** The documented JSON, narrowed to --json FIELDS and run through --jq when given. */
  /**
   * A timestamp for a table cell: relative to now on a terminal ("3 hours ago", "in 2 days"), the exact
   * ISO time when piped. Plain dates (a check-in's day, an absence) are not timestamps: print them as they are.
   */
  time(at: string): string {
    return this.isTerminal ? relativeTime(at, this.now()) : at;
  }

  json(value: unknown): void {
    const { fields, jq } = this.shaping;
    const shown = fields ? selectFields(value, fields) : value;
    this.streams.stdout.write(jq ? jq(shown) : `${JSON.stringify(shown, null, 2)}\n`);
  }

  /**
   * A line of text for a person (or a plain row): escape sequences other than pulse's own colours removed,
   * other controls escaped. JSON (which escapes them itself) and piped Markdown are not.
   */
  line(text = ''): void {
    this.streams.stdout.write(`${harmless(text, this.styleTag)}\n`);
  }

  /**
   * A Markdown body: rendered for the terminal on a terminal; when piped, the Markdown exactly as given
   * (with a final line break), so a script can save it as a .md file.
   */
  async markdown(body: string): Promise<void> {
    if (!this.isTerminal) {
      this.streams.stdout.write(body.endsWith('\n') ? body : `${body}\n`);
      return;
    }
    const { renderMarkdown } = await import('./markdown.js');
    this.line(await renderMarkdown(body, { style: this.style, width: this.width }));
  }

  /**
   * A Markdown body as text to print within a view (a check-in's answers, a comment, a goal update),
   * indented by `indent` spaces: rendered for the terminal on a terminal, the Markdown as written when
   * piped. Leading and trailing blank lines are dropped.
   */
  async markdownText(body: string, indent = 0): Promise<string> {
    const pad = ' '.repeat(indent);
    const trimmed = body.trim();
    if (!this.isTerminal) return trimmed.replace(/^/gm, pad);
    const { renderMarkdown } = await import('./markdown.js');
    const rendered = await renderMarkdown(trimmed, { style: this.style, width: this.width - indent });
    return rendered.replace(/^(?=.)/gm, pad);
  }

  /**
   * The last line of a view: the item's id and the command that shows it (`pulse goal view ID`), which
   * works locally and remotely; the v2 address in the JSON's url field is for programs, not people.
   */
  reference(id: string, command: string): void {
    this.line(this.style.dim(`${id}  ${command} ${id}`));
  }

  /** A message for the person, on stderr so it never mixes with data. */
  note(text: string): void {
    this.streams.stderr.write(`${harmless(text, this.styleTag)}\n`);
  }

  /** A list: its JSON with --json, else its table, or `empty` as a note on a terminal when it has no rows. */
  async list<T>(rows: T[], json: boolean | undefined, empty: string, columns: Column<T>[]): Promise<void> {
    if (json) return this.json(rows);
    if (rows.length === 0 && this.isTerminal) return this.note(empty);
    await this.table(rows, columns);
  }

  async table<T>(rows: T[], columns: Column<T>[]): Promise<void> {
    if (!this.isTerminal) {
      for (const row of rows) {
        const fields = columns.map((column) => (column.plain ?? column.cell)(row));
        this.line(fields.map(plainField).join('\t'));
      }
      return;
    }
    columns = columns.filter((column) => !column.plainOnly);
    const { default: Table } = await import('cli-table3');
    const table = new Table({
      head: columns.map((column) => this.style.bold(column.header)),
      style: { head: [], border: [], compact: true, 'padding-left': 0, 'padding-right': 2 },
      chars: {
        top: '',
        'top-mid': '',
        'top-left': '',
        'top-right': '',
        bottom: '',
        'bottom-mid': '',
        'bottom-left': '',
        'bottom-right': '',
        left: '',
        'left-mid': '',
        mid: '',
        'mid-mid': '',
        right: '',
        'right-mid': '',
        middle: '',
      },
    });
    for (const row of rows) table.push(columns.map((column) => column.cell(row)));
    this.line(table.toString());
  }
}

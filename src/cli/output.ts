/**
 * All output goes through here: data on stdout (a table on a terminal, tab-separated rows when piped,
 * or JSON), messages on stderr. Colour follows the streams and NO_COLOR, never the global process.
 */
import type { Walk } from '../core/service.js';
import type { OutputStream, Streams } from './context.js';
import { harmless } from './control-characters.js';
import { StoppedError } from './errors.js';
import { collectGarbage } from './heap.js';
import { type JqFilter, selectFields } from './json-view.js';
import { relativeTime } from './relative-time.js';
import { withSpinner } from './spinner.js';
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

  /**
   * A list read batch by batch (`--all`), written as it is read: JSON as one array, element by element
   * (the same text list() prints); plain rows line by line. Each write waits for a slow reader (stdout's
   * drain), so memory holds a batch, not the list. A reader that closes the pipe (`| head`) ends the walk
   * quietly; `stop` (the shutdown signal) ends it with StoppedError. A table on a terminal and --jq need
   * every row before printing: those read the whole list first.
   */
  async listWalk<T>(
    batches: Walk<T>,
    json: boolean | undefined,
    empty: string,
    columns: Column<T>[],
    stop: AbortSignal,
  ): Promise<void> {
    if ((json && this.shaping.jq) || (!json && this.isTerminal)) {
      const rows: T[] = [];
      await withSpinner(this.streams.stderr, 'Reading pages…', async () => {
        for await (const batch of untilStopped(batches, stop)) rows.push(...batch);
      });
      return this.list(rows, json, empty, columns);
    }
    if (json) {
      const { fields } = this.shaping;
      const shaped = fields ? mapBatches(batches, (item) => selectFields(item, fields)) : batches;
      return this.jsonArrayWalk(shaped, 2, stop);
    }
    const writer = new PipeWriter(this.streams.stdout, stop);
    try {
      for await (const batch of untilStopped(batches, stop))
        if (!(await writer.write(this.plainRows(batch, columns), batch.length))) return;
    } finally {
      writer.release();
    }
  }

  /**
   * A walk's items as one JSON array on stdout, element by element as read, the same text as
   * JSON.stringify(items, null, indent) (compact without indent). Paced and ended as listWalk is.
   */
  async jsonArrayWalk(batches: Walk<unknown>, indent: number | undefined, stop: AbortSignal): Promise<void> {
    const pad = ' '.repeat(indent ?? 0);
    const newline = indent === undefined ? '' : '\n';
    const element = (item: unknown) => {
      const text = JSON.stringify(item, null, indent);
      return pad ? text.replace(/^/gm, pad) : text;
    };
    const writer = new PipeWriter(this.streams.stdout, stop);
    try {
      let written = 0;
      for await (const batch of untilStopped(batches, stop)) {
        if (batch.length === 0) continue;
        const text = `${written === 0 ? `[${newline}` : `,${newline}`}${batch.map(element).join(`,${newline}`)}`;
        written += batch.length;
        if (!(await writer.write(text, batch.length))) return;
      }
      await writer.write(written === 0 ? '[]\n' : `${newline}]\n`);
    } finally {
      writer.release();
    }
  }

  /** Tab-separated rows, one a line (what table() prints when piped). */
  private plainRows<T>(rows: T[], columns: Column<T>[]): string {
    let text = '';
    for (const row of rows) {
      const fields = columns.map((column) => (column.plain ?? column.cell)(row));
      text += `${harmless(fields.map(plainField).join('\t'), this.styleTag)}\n`;
    }
    return text;
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

async function* mapBatches<T, U>(batches: Walk<T>, map: (item: T) => U): AsyncGenerator<U[]> {
  for await (const batch of batches) yield batch.map(map);
}

/** The batches of a walk until `stop` aborts, which ends it at once (even mid-read) with StoppedError. */
async function* untilStopped<T>(batches: Walk<T>, stop: AbortSignal): AsyncGenerator<T[]> {
  const iterator = batches[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await nextUnlessStopped(iterator, stop);
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // A read cut short by the signal is left to finish on its own: the process is ending.
    if (!stop.aborted) await iterator.return?.();
  }
}

/**
 * The iterator's next result, or StoppedError as soon as `stop` aborts. The listener lives for this read
 * only: a race against one promise kept for the whole walk would keep every batch it ever settled with.
 */
function nextUnlessStopped<T>(iterator: AsyncIterator<T>, stop: AbortSignal): Promise<IteratorResult<T>> {
  if (stop.aborted) return Promise.reject(new StoppedError(stop));
  return new Promise((resolve, reject) => {
    const stopped = () => reject(new StoppedError(stop));
    stop.addEventListener('abort', stopped, { once: true });
    iterator.next().then(
      (result) => {
        stop.removeEventListener('abort', stopped);
        resolve(result);
      },
      (error: unknown) => {
        stop.removeEventListener('abort', stopped);
        reject(error);
      },
    );
  });
}

/**
 * Rows a walk writes between two garbage collections: at 5,000 the collections cost about 2% of a walk's
 * time and hold the peak of a 1M-row walk under 150 MB (docs/performance.md).
 */
const ROWS_BETWEEN_COLLECTIONS = 10_000;

/**
 * Writes to stdout at the pace of its reader: after a write the buffer cannot take, it waits for drain.
 * A reader gone (EPIPE, the stream closed) makes write() answer false, quietly.
 */
class PipeWriter {
  private gone = false;
  private rowsSinceCollected = 0;
  private readonly onError = (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') this.gone = true;
  };

  constructor(
    private readonly stream: OutputStream,
    private readonly stop: AbortSignal,
  ) {
    stream.on('error', this.onError);
  }

  /** Writes text (of `rows` rows); false when the reader is gone (nothing more to write). */
  async write(text: string, rows = 0): Promise<boolean> {
    if (this.gone) return false;
    this.rowsSinceCollected += rows;
    if (this.rowsSinceCollected >= ROWS_BETWEEN_COLLECTIONS) {
      this.rowsSinceCollected = 0;
      collectGarbage();
    }
    if (this.stream.write(text)) return !this.gone;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.stream.off('drain', done);
        this.stream.off('close', done);
        this.stream.off('error', done);
        this.stop.removeEventListener('abort', done);
        resolve();
      };
      this.stream.on('drain', done);
      this.stream.on('close', done);
      this.stream.on('error', done);
      this.stop.addEventListener('abort', done, { once: true });
    });
    if (this.stop.aborted) throw new StoppedError(this.stop);
    return !this.gone;
  }

  release(): void {
    this.stream.off('error', this.onError);
  }
}

/**
 * A progress bar on stderr for long runs (`pulse absence import` over a rate-limited deployment). Drawn
 * only when stderr is a terminal and the run is long enough to be worth one; on a pipe it writes nothing,
 * so logs of shell jobs stay clean.
 */
import type { OutputStream } from './context.js';

export interface Progress {
  /** One more step done. */
  tick(): void;
  /** Runs `write` (which prints a line on stdout or stderr) with the bar cleared, then redraws it. */
  around(write: () => void): void;
  /** Clears the bar for good. */
  done(): void;
}

export interface ProgressOptions {
  /** Shown before the bar, e.g. "absences". */
  label: string;
  /** Draw only when there are more steps than this (default 10). */
  threshold?: number;
}

const CLEAR_LINE = '\r\u001b[2K';

const silent: Progress = {
  tick() {},
  around(write) {
    write();
  },
  done() {},
};

/** A bar for `total` steps on `stream`, or one that does nothing when the stream is not a terminal. */
export function progressBar(stream: OutputStream, total: number, options: ProgressOptions): Progress {
  if (stream.isTTY !== true || total <= (options.threshold ?? 10)) return silent;
  return new TerminalProgress(stream, total, options.label);
}

class TerminalProgress implements Progress {
  private current = 0;
  private drawn = '';
  private finished = false;

  constructor(
    private readonly stream: OutputStream,
    private readonly total: number,
    private readonly label: string,
  ) {
    this.draw();
  }

  tick(): void {
    this.current = Math.min(this.total, this.current + 1);
    this.draw();
  }

  around(write: () => void): void {
    this.clear();
    write();
    this.draw();
  }

  done(): void {
    this.clear();
    this.finished = true;
  }

  /** The bar's text for the current step, fitted to the terminal's width. */
  render(): string {
    const count = `${this.current}/${this.total}`;
    const width = Math.max(
      10,
      Math.min(40, (this.stream.columns || 80) - this.label.length - count.length - 6),
    );
    const filled = Math.round((width * this.current) / this.total);
    return `${this.label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${count}`;
  }

  private draw(): void {
    if (this.finished) return;
    const text = this.render();
    if (text === this.drawn) return;
    this.stream.write(`${CLEAR_LINE}${text}`);
    this.drawn = text;
  }

  private clear(): void {
    if (this.drawn === '') return;
    this.stream.write(CLEAR_LINE);
    this.drawn = '';
  }
}

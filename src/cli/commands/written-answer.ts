/**
 * Answers the server writes in the background (`pulse ask`, echo answers): until written their body is
 * null, and both list and view say so the same way.
 */
import type { Column, Output } from '../output.js';

const BEING_WRITTEN = 'being written';

/** A list's column telling a written answer (`written`) from one still being written. */
export function writingColumn<T extends { body: string | null }>(
  out: Output,
  header: string,
  written: string,
): Column<T> {
  return {
    header,
    cell: (row) => (row.body === null ? out.style.yellow(BEING_WRITTEN) : written),
    plain: (row) => (row.body === null ? BEING_WRITTEN : written),
  };
}

/** The answer under its heading and a dim line of when and which, or `pending` while it is being written. */
export async function printWrittenAnswer(
  out: Output,
  answer: { heading: string; byline: string; body: string | null },
  pending: string,
): Promise<void> {
  out.line(out.style.bold(answer.heading));
  out.line(out.style.dim(answer.byline));
  out.line();
  if (answer.body === null) return out.line(out.style.yellow(pending));
  await out.markdown(answer.body);
}

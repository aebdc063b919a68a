/** Plain help text (topics, notes, examples) laid out for the terminal's width, as commander lays out its own. */

/** commander's Help.minWidthToWrap: narrower than this, text is not wrapped. */
const MIN_WIDTH_TO_WRAP = 40;

/**
 * A long line broken between words: its continuation indented under the description column of a table
 * row ("  NAME  what it means"), else under the line's own indent. A command to type (a line that is
 * `pulse ...`) is left whole, so it can be copied.
 */
function wrapLine(line: string, width: number): string[] {
  if (line.length <= width || /^\s*(\$ )?pulse /.test(line)) return [line];
  const lead = /^\s*/.exec(line)?.[0].length ?? 0;
  const column = /^(\s*\S.*?\s{2,})\S/.exec(line)?.[1]?.length;
  const indent = column !== undefined && column <= width / 2 ? column : lead;
  // An example's comment ("  # what it does") goes on as a comment.
  const continued = /^\s*# /.exec(line)?.[0] ?? ' '.repeat(indent);
  const lines: string[] = [];
  let current = line.slice(0, indent);
  let words = 0;
  for (const word of line.slice(indent).split(/ +/)) {
    if (words > 0 && current.length + 1 + word.length > width) {
      lines.push(current);
      current = continued + word;
    } else current += words > 0 ? ` ${word}` : word;
    words++;
  }
  lines.push(current);
  return lines;
}

/**
 * `text` wrapped to a terminal's `width`; not on a terminal (undefined), or narrower than 40, as written
 * (help texts keep their lines within 100 columns for man pages and files).
 */
export function wrapHelp(text: string, width: number | undefined): string {
  if (width === undefined || width < MIN_WIDTH_TO_WRAP) return text;
  return text
    .split('\n')
    .flatMap((line) => wrapLine(line, width))
    .join('\n');
}

/** The width to lay help out for on a stream: a terminal's columns, else none (80). */
export const widthOf = (stream?: { isTTY?: boolean; columns?: number }): number | undefined =>
  stream?.isTTY === true ? stream.columns || undefined : undefined;

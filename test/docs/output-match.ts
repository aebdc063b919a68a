/**
 * Comparing the output a console block shows with the output its command really printed.
 * A shown line must equal the real line (trailing spaces aside); `...` inside a line matches any text,
 * and a line that is only `...` matches any number of lines, none included.
 */

export interface Mismatch {
  /** Index in the shown lines of the first line that could not be matched. */
  shownIndex: number;
  /** Index in the real lines where the match stopped. */
  realIndex: number;
  message: string;
}

const ELLIPSIS = '...';

function lineMatcher(shown: string): (real: string) => boolean {
  if (!shown.includes(ELLIPSIS)) return (real) => real === shown;
  const pattern = shown
    .split(ELLIPSIS)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const regex = new RegExp(`^${pattern}$`, 's');
  return (real) => regex.test(real);
}

/** Splits output into lines without the newline that ends the last one; trailing spaces are dropped. */
export function outputLines(text: string): string[] {
  const lines = text.split('\n').map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Returns undefined when `real` fits the shown lines, else where and how it does not. */
export function matchOutput(shownLines: string[], real: string): Mismatch | undefined {
  const shown = [...shownLines.map((line) => line.trimEnd())];
  while (shown.length > 0 && shown[shown.length - 1] === '') shown.pop();
  const actual = outputLines(real);
  const matchers = shown.map((line) => (line.trim() === ELLIPSIS ? undefined : lineMatcher(line)));
  // fits(i, j): shown[i..] matches actual[j..]. Memoized, so `...` lines cost O(shown x actual).
  const memo = new Map<number, boolean>();
  let furthest = { i: 0, j: 0 };
  const fits = (i: number, j: number): boolean => {
    const key = i * (actual.length + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    if (i > furthest.i || (i === furthest.i && j > furthest.j)) furthest = { i, j };
    let result: boolean;
    if (i === shown.length) result = j === actual.length;
    else {
      const matcher = matchers[i];
      if (matcher === undefined) result = fits(i + 1, j) || (j < actual.length && fits(i, j + 1));
      else result = j < actual.length && matcher(actual[j] as string) && fits(i + 1, j + 1);
    }
    memo.set(key, result);
    return result;
  };
  if (fits(0, 0)) return undefined;
  const { i, j } = furthest;
  let message: string;
  if (i >= shown.length)
    message = `the real output goes on after the shown output ends: ${JSON.stringify(actual[j])}`;
  else if (j >= actual.length)
    message = `the real output ended before the shown line ${JSON.stringify(shown[i])}`;
  else message = `shown ${JSON.stringify(shown[i])}, real ${JSON.stringify(actual[j])}`;
  return { shownIndex: i, realIndex: j, message };
}

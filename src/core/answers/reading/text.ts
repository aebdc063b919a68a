/** The prompt as the reader walks it: recognised phrases are blanked out so nothing is read twice. */

import { fold } from '../../text.js';

export { fold };

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A word boundary that knows letters beyond ASCII (\b does not, with accents). */
export const WORD_START = '(?<![\\p{L}\\p{N}_])';
export const WORD_END = '(?![\\p{L}\\p{N}_])';

export class Text {
  /** Words recognised as something that turned out to name nothing (an unknown @handle). */
  readonly leftover: string[] = [];
  /** The folded prompt before anything was taken: the context of a phrase ("waiting on" before a name). */
  readonly source: string;
  /** The prompt as written, with taken phrases blanked (case matters for some names). */
  original: string;
  /** Folded, with taken phrases blanked. */
  lower: string;

  constructor(prompt: string) {
    this.original = prompt.normalize('NFC').replace(/[’‘]/g, "'");
    this.lower = fold(this.original);
    this.source = this.lower;
  }

  /** Finds a pattern (on the folded text unless `exact`), removes the match, returns it. */
  take(pattern: RegExp, exact = false): RegExpExecArray | undefined {
    const match = pattern.exec(exact ? this.original : this.lower);
    if (!match) return undefined;
    this.blank(match.index, match[0].length);
    return match;
  }

  takeAll(pattern: RegExp, exact = false): RegExpExecArray[] {
    const found: RegExpExecArray[] = [];
    for (let match = this.take(pattern, exact); match; match = this.take(pattern, exact)) found.push(match);
    return found;
  }

  /** Whether the pattern is still in the unread text, without taking it. */
  has(pattern: RegExp): boolean {
    return pattern.test(this.lower);
  }

  blank(index: number, length: number): void {
    const blank = ' '.repeat(length);
    const splice = (text: string) => text.slice(0, index) + blank + text.slice(index + length);
    this.original = splice(this.original);
    this.lower = splice(this.lower);
  }

  /** The unread words with their positions. */
  words(): { word: string; index: number }[] {
    return [...this.lower.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'_-]*/gu)].map((match) => ({
      word: match[0],
      index: match.index,
    }));
  }
}

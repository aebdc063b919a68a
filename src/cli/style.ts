/**
 * pulse's own colours and emphasis. A terminal's SGR sequences say nothing of who wrote them, so pulse
 * marks its own: each carries a tag made at random for the process as its first parameters
 * (ESC[tag;31m), and the output (harmless in control-characters.ts) writes only tagged sequences, untagged,
 * dropping any other. A comment's own ESC[8m (conceal) or ESC[31m is then removed wherever the comment is
 * printed, however the line holding it was put together. Tagged sequences are still SGR sequences in form,
 * so the width measures that skip colours (node:util stripVTControlCharacters, cli-table3) skip them.
 */
import { randomInt } from 'node:crypto';

const CODES = {
  bold: [1, 22],
  dim: [2, 22],
  italic: [3, 23],
  underline: [4, 24],
  strikethrough: [9, 29],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  cyan: [36, 39],
} as const;

/** The styles pulse uses; a chalk instance is one too (the Markdown tests render with chalk). */
export type Style = Record<keyof typeof CODES, (text: string) => string>;

/** A fresh tag: three parameters of four digits (the form width measures recognise). */
export function newStyleTag(): string {
  return Array.from({ length: 3 }, () => String(randomInt(1000, 10_000))).join(';');
}

/** The styles marked with `tag`; without one, plain text. */
export function styleOf(tag: string | undefined): Style {
  const paint = ([open, close]: readonly [number, number]) => {
    if (tag === undefined) return (text: string) => text;
    const opening = `\u001b[${tag};${open}m`;
    const closing = `\u001b[${tag};${close}m`;
    // An inner style that closes with the same code (bold in dim) would end this one too: reopen it.
    return (text: string) => `${opening}${text.replaceAll(closing, `${closing}${opening}`)}${closing}`;
  };
  return {
    bold: paint(CODES.bold),
    dim: paint(CODES.dim),
    italic: paint(CODES.italic),
    underline: paint(CODES.underline),
    strikethrough: paint(CODES.strikethrough),
    red: paint(CODES.red),
    green: paint(CODES.green),
    yellow: paint(CODES.yellow),
    blue: paint(CODES.blue),
    cyan: paint(CODES.cyan),
  };
}

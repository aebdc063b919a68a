/**
 * Control characters shown as `\uXXXX` escapes, for text that reaches a terminal: a value someone else
 * wrote (a goal title, a server's error) must not clear the screen, move the cursor, rewrite the line or
 * set the window title. Line breaks and tabs stay.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, and colour sequences (ESC [ ... m)
const CONTROL_BUT_COLOUR = /\u001b\[[0-9;]*m|[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

const escaped = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Every control character escaped: for messages, which pulse never colours. */
export function printable(text: string): string {
  return text.replace(CONTROL, escaped);
}

/**
 * Every control character escaped but colour sequences, which pass whole: pulse's own styling is made
 * of them, and they only colour text. For data on stdout.
 */
export function harmless(text: string): string {
  return text.replace(CONTROL_BUT_COLOUR, (match) => (match.length > 1 ? match : escaped(match)));
}

/**
 * Text that reaches a terminal: a value someone else wrote (a goal title, a comment, a server's error)
 * must not clear the screen, move the cursor, rewrite the line, set the window title, write the clipboard,
 * hide text or colour it. Line breaks and tabs stay.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Every escape sequence, 7-bit (ESC ...) and 8-bit (the C1 introducers): OSC (hyperlinks, the window title,
 * clipboard writes) and the other string sequences (DCS, SOS, PM, APC) up to their terminator or the next
 * escape; CSI (SGR colours and conceal, cursor moves, erasing); and the short ESC sequences (a charset, a
 * reset). A sequence cut short is matched as far as it goes.
 */
const SEQUENCE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are what it finds
  /(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u009c|\u001b\\)?|(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?|\u001b[\u0020-\u002f]*[\u0030-\u007e]?/g;

const SEQUENCE_OR_CONTROL = new RegExp(`${SEQUENCE.source}|${CONTROL.source}`, 'g');
/** The characters that begin a sequence: alone, they are the sequence (matched by SEQUENCE). */
const SEQUENCE_START = new Set(['\u001b', '\u0090', '\u0098', '\u009b', '\u009d', '\u009e', '\u009f']);

const escaped = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Every control character escaped: for messages, which pulse never colours. */
export function printable(text: string): string {
  return text.replace(CONTROL, escaped);
}

/** The text without its escape sequences (other control characters stay). */
export function withoutEscapeSequences(text: string): string {
  return text.replace(SEQUENCE, '');
}

/**
 * Text for a terminal: every escape sequence removed, and every other control character escaped, except
 * pulse's own colours. Those are SGR sequences whose first three parameters are `ownTag` (see style.ts),
 * which no one else's text can know: they are written as the plain sequences they stand for. Without a
 * tag, no sequence passes.
 */
export function harmless(text: string, ownTag?: string): string {
  const own = ownTag === undefined ? undefined : `\u001b[${ownTag};`;
  // One pass: a sequence written back must not be seen again as controls.
  return text.replace(SEQUENCE_OR_CONTROL, (match) => {
    if (match.length === 1 && !SEQUENCE_START.has(match)) return escaped(match);
    return own !== undefined && match.startsWith(own) && match.endsWith('m')
      ? `\u001b[${match.slice(own.length)}`
      : '';
  });
}

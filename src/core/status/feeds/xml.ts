/** Text and attribute values written into XML (the Atom feed, the badge's SVG). */

/**
 * Escapes the five markup characters and drops what XML 1.0 cannot carry at all (control characters other
 * than tab and line ends, lone surrogates, U+FFFE and U+FFFF), so any stored text makes a well-formed
 * document.
 */
export function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * The text of an HR file, with its encoding diagnosed: exports from spreadsheets and HR systems are often
 * UTF-8 with a byte-order mark (accepted), UTF-16 or Latin-1 (refused, saying so and by line, rather than
 * read as unknown members or "not a date").
 */
import { UsageError } from '../../errors.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const UTF8_BOM = [0xef, 0xbb, 0xbf];
const NEWLINE = 0x0a;
/** Lines named in the message before "and N more". */
const LINES_NAMED = 5;

const startsWith = (bytes: Uint8Array, prefix: number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);

/** The file's text (a UTF-8 byte-order mark dropped), or a usage error saying what encoding it is in. */
export function hrFileText(bytes: Uint8Array, source: string): string {
  const body = startsWith(bytes, UTF8_BOM) ? bytes.subarray(UTF8_BOM.length) : bytes;
  if (isUtf16(body)) throw new UsageError(`${source}: the file is UTF-16: save it as UTF-8`);
  if (body.includes(0)) throw new UsageError(`${source}: not a text file (it holds NUL bytes)`);
  const badLines: number[] = [];
  let start = 0;
  for (let line = 1; start <= body.length; line++) {
    const found = body.indexOf(NEWLINE, start);
    const end = found === -1 ? body.length : found;
    try {
      utf8.decode(body.subarray(start, end));
    } catch {
      badLines.push(line);
    }
    start = end + 1;
  }
  if (badLines.length > 0) {
    const named = badLines.slice(0, LINES_NAMED).join(', ');
    const more = badLines.length > LINES_NAMED ? ` and ${badLines.length - LINES_NAMED} more` : '';
    throw new UsageError(
      `${source}: not UTF-8 on ${badLines.length === 1 ? 'line' : 'lines'} ${named}${more}: ` +
        `convert it to UTF-8 (from Latin-1: ${conversion(source)})`,
    );
  }
  return utf8.decode(body);
}

/** The command that converts the file from Latin-1: `iconv -f latin1 -t utf-8 leave.csv > leave.utf8.csv`. */
function conversion(source: string): string {
  if (source === 'stdin') return 'iconv -f latin1 -t utf-8';
  const converted = /\.[^./]+$/.test(source) ? source.replace(/(\.[^./]+)$/, '.utf8$1') : `${source}.utf8`;
  return `iconv -f latin1 -t utf-8 ${source} > ${converted}`;
}

/**
 * UTF-16 by its byte-order mark, or without one (a spreadsheet's "Unicode text" may omit it) by the NUL
 * byte beside each character of the Latin text that starts every HR file.
 */
function isUtf16(bytes: Uint8Array): boolean {
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return true;
  const head = bytes.subarray(0, 64 - (Math.min(bytes.length, 64) % 2));
  if (head.length < 2) return false;
  const nulAt = (parity: number) => head.every((byte, index) => (index % 2 === parity) === (byte === 0));
  return nulAt(0) || nulAt(1);
}

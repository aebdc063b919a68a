/**
 * Markdown for a terminal: headings bold, lists with bullets and hanging indents, block quotes behind a
 * bar, code indented, and links followed by their address so they can still be followed (opened or
 * copied) where the terminal cannot click them; a pulse item's v2 address by the command that shows it. Styling comes from the caller's chalk instance, so it is
 * plain text when colour is off. marked (its lexer only) is loaded on first use.
 */
import { stripVTControlCharacters } from 'node:util';
import type { Token, Tokens } from 'marked';
import stringWidth from 'string-width';
import { withoutEscapeSequences } from './control-characters.js';
import { viewCommandOfAddress } from './item-commands.js';
import type { Style } from './style.js';

export interface MarkdownOptions {
  /** Colour and emphasis; a chalk instance of level 0 gives plain text. */
  style: Style;
  /** Paragraphs and list items wrap at this many columns (default 100). */
  width?: number;
}

const MIN_WIDTH = 20;
const BULLETS = ['•', '◦', '▪'];
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Markdown as terminal text, without a final line break. The source's escape sequences are removed first:
 * parsed, a hyperlink's sequence would come apart into text that looks like pulse's own link.
 */
export async function renderMarkdown(markdown: string, options: MarkdownOptions): Promise<string> {
  const { Lexer } = await import('marked');
  const tokens = Lexer.lex(withoutEscapeSequences(markdown));
  const renderer = new TerminalRenderer(options.style, addressesShownInFull(tokens));
  return renderer.blocks(tokens, Math.max(MIN_WIDTH, options.width ?? 100), 0).join('\n');
}

/** The tokens inside a token, whatever its kind (inline tokens, list items, table cells). */
function childrenOf(token: Token): Token[] {
  const generic = token as Tokens.Generic;
  const children: Token[] = [...(generic.tokens ?? [])];
  if (token.type === 'list') children.push(...(token as Tokens.List).items);
  if (token.type === 'table') {
    const table = token as Tokens.Table;
    for (const cell of [...table.header, ...table.rows.flat()]) children.push(...cell.tokens);
  }
  return children;
}

/** A link whose text is only a number ("[2](url)") cites a source rather than naming it. */
const isCitation = (text: string) => /^\d+$/.test(text.trim());

/** Addresses of the links that are printed in full (every link but citations). */
function addressesShownInFull(tokens: Token[]): Set<string> {
  const found = new Set<string>();
  const walk = (list: Token[]) => {
    for (const token of list) {
      if (token.type === 'link' && !isCitation((token as Tokens.Link).text)) found.add(token.href);
      walk(childrenOf(token));
    }
  };
  walk(tokens);
  return found;
}

/** The columns text takes on a terminal: escape codes none, CJK and emoji two (string-width). */
const visibleLength = (text: string) => stringWidth(text);

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences of colours, kept whole.
const SGR = /(\u001b\[[\d;]*m)/;
let graphemes: Intl.Segmenter | undefined;

/**
 * A word as the pieces a line may break between: CJK and other wide characters break anywhere (their
 * scripts put no spaces between words), other text never. Colour codes stay with the character they precede.
 */
function pieces(word: string): string[] {
  graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  const units: string[] = [];
  let codes = '';
  for (const part of word.split(SGR)) {
    if (SGR.test(part)) codes += part;
    else
      for (const { segment } of graphemes.segment(part)) {
        units.push(codes + segment);
        codes = '';
      }
  }
  if (codes) units.push(codes);
  const found: string[] = [];
  let previousWide = false;
  for (const unit of units) {
    const wide = visibleLength(unit) > 1;
    if (found.length > 0 && !wide && !previousWide) found[found.length - 1] += unit;
    else found.push(unit);
    previousWide = wide;
  }
  return found;
}

/** Greedy word wrap by display width (escape codes take no room); only wide-character words break. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const hard of text.split('\n')) {
    let line = '';
    for (const word of hard.split(' ')) {
      for (const [index, piece] of pieces(word).entries()) {
        const gap = line && index === 0 ? ' ' : '';
        if (line && visibleLength(line) + gap.length + visibleLength(piece) > width) {
          lines.push(line);
          line = piece;
        } else line = `${line}${gap}${piece}`;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Prefixes the first line with a marker and indents the others under it. */
function hang(marker: string, lines: string[]): string[] {
  const indent = ' '.repeat(visibleLength(marker));
  return lines.map((line, index) => (index === 0 ? marker : line ? indent : '') + line);
}

class TerminalRenderer {
  constructor(
    private readonly style: Style,
    private readonly fullAddresses: Set<string>,
  ) {}

  /** Blocks separated by blank lines. */
  blocks(tokens: Token[], width: number, depth: number): string[] {
    const rendered = tokens.map((token) => this.block(token, width, depth)).filter((lines) => lines.length);
    return rendered.flatMap((lines, index) => (index === 0 ? lines : ['', ...lines]));
  }

  private block(token: Token, width: number, depth: number): string[] {
    const { style } = this;
    switch (token.type) {
      case 'space':
      case 'def':
        return [];
      case 'heading':
        return wrap(style.bold(this.inline((token as Tokens.Heading).tokens)), width);
      case 'paragraph':
        return wrap(this.inline((token as Tokens.Paragraph).tokens), width);
      case 'text': {
        const text = token as Tokens.Text;
        return wrap(text.tokens ? this.inline(text.tokens) : this.text(text.text), width);
      }
      case 'list':
        return this.list(token as Tokens.List, width, depth);
      case 'blockquote': {
        const bar = style.dim('│');
        return this.blocks((token as Tokens.Blockquote).tokens, width - 2, depth).map((line) =>
          line ? `${bar} ${line}` : bar,
        );
      }
      case 'code':
        return (token as Tokens.Code).text.split('\n').map((line) => `    ${style.cyan(line)}`);
      case 'hr':
        return [style.dim('─'.repeat(Math.min(width, 40)))];
      case 'table':
        return this.table(token as Tokens.Table);
      case 'html':
        return (token as Tokens.HTML).text.replace(/\n+$/, '').split('\n');
      default:
        return token.raw.replace(/\n+$/, '').split('\n');
    }
  }

  private list(list: Tokens.List, width: number, depth: number): string[] {
    const first = list.start === '' ? 1 : list.start;
    const markers = list.items.map((_, index) =>
      list.ordered ? `${first + index}.` : (BULLETS[depth % BULLETS.length] as string),
    );
    const markerWidth = Math.max(...markers.map((marker) => marker.length)) + 1;
    const items = list.items.map((item, index) => {
      let marker = (markers[index] as string).padEnd(markerWidth);
      let tokens = item.tokens;
      // A task item's checkbox comes first, as a token of its own: it belongs with the marker.
      if (tokens[0]?.type === 'checkbox') {
        marker += (tokens[0] as Tokens.Checkbox).checked ? '[x] ' : '[ ] ';
        tokens = tokens.slice(1);
      }
      const inner = width - marker.length;
      const lines = item.loose
        ? this.blocks(tokens, inner, depth + 1)
        : tokens.flatMap((token) => this.block(token, inner, depth + 1));
      return hang(marker, lines.length ? lines : ['']);
    });
    return items.flatMap((lines, index) => (index > 0 && list.loose ? ['', ...lines] : lines));
  }

  private table(table: Tokens.Table): string[] {
    const cells = [table.header, ...table.rows].map((row) => row.map((cell) => this.inline(cell.tokens)));
    const widths = table.header.map((_, column) =>
      Math.max(...cells.map((row) => visibleLength(row[column] ?? ''))),
    );
    return cells.map((row, index) =>
      row
        .map((cell, column) => {
          const padded = cell + ' '.repeat((widths[column] ?? 0) - visibleLength(cell));
          return index === 0 ? this.style.bold(padded) : padded;
        })
        .join('  ')
        .trimEnd(),
    );
  }

  private inline(tokens: Token[]): string {
    return tokens.map((token) => this.span(token)).join('');
  }

  /** Text as written: entities decoded, soft line breaks as spaces (the terminal text is re-wrapped). */
  private text(text: string): string {
    return text
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
        if (name.startsWith('#'))
          return String.fromCodePoint(
            Number.parseInt(name.slice(name[1] === 'x' ? 2 : 1), name[1] === 'x' ? 16 : 10),
          );
        return ENTITIES[name.toLowerCase()] ?? entity;
      })
      .replace(/\n/g, ' ');
  }

  private span(token: Token): string {
    const { style } = this;
    switch (token.type) {
      case 'text': {
        const text = token as Tokens.Text;
        return text.tokens ? this.inline(text.tokens) : this.text(text.text);
      }
      case 'escape':
        return (token as Tokens.Escape).text;
      case 'strong':
        return style.bold(this.inline((token as Tokens.Strong).tokens));
      case 'em':
        return style.italic(this.inline((token as Tokens.Em).tokens));
      case 'del':
        return style.strikethrough(this.inline((token as Tokens.Del).tokens));
      case 'codespan':
        return style.cyan((token as Tokens.Codespan).text);
      case 'br':
        return '\n';
      case 'link':
        return this.link(token as Tokens.Link);
      case 'image': {
        const image = token as Tokens.Image;
        return `${style.dim(`[image: ${image.text || 'untitled'}]`)} <${image.href}>`;
      }
      case 'html':
        return (token as Tokens.HTML).text;
      default:
        return token.raw;
    }
  }

  /**
   * A link shows its text and then its address, unless the text is the address (autolinks), or it is a
   * citation ("[2](url)") of an address the document prints in full elsewhere (its list of sources). The
   * v2 address of a pulse item (an answer's sources) is shown as the command that shows the item.
   */
  private link(link: Tokens.Link): string {
    const { style } = this;
    const label = this.inline(link.tokens);
    const text = stripVTControlCharacters(label);
    const address = link.href.startsWith('mailto:') ? link.href.slice('mailto:'.length) : link.href;
    const command = viewCommandOfAddress(link.href);
    if (text === address || text === link.href) return style.underline(command ?? address);
    if (isCitation(text) && this.fullAddresses.has(link.href)) return style.cyan(label);
    return `${style.underline(label)} ${style.dim(`<${command ?? link.href}>`)}`;
  }
}

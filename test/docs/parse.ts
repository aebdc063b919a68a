/**
 * Reading a documentation page: its fenced code blocks (language, text, line numbers) and the
 * `<!-- docs-test: ... -->` directives that say how the docs examples test treats each block.
 * The conventions are in docs/development.md ("Writing documentation examples").
 */

/** A fenced code block. Line numbers are 1-based lines of the page. */
export interface Block {
  /** The line of the opening fence. */
  line: number;
  /** The first word of the info string (```sh -> "sh"); '' when there is none. */
  language: string;
  /** The lines between the fences, with the fence's indentation removed. */
  lines: string[];
  /** The page line of `lines[0]` (the line after the opening fence). */
  firstLine: number;
  directives: Directives;
}

export interface Directives {
  skip?: string;
  coveredBy?: string;
  background?: boolean;
  exit?: number;
  output?: boolean;
  file?: string;
  /** Hidden set-up commands run just before the block, with the page lines they are on. */
  before?: { line: number; text: string }[];
}

export interface Page {
  name: string;
  blocks: Block[];
  /** `<!-- docs-test: page keychain -->`: the page runs with a private Secret Service. */
  keychain: boolean;
  /** Mistakes in the page's directives, each naming its line. */
  errors: string[];
}

/** Languages whose blocks are shell commands to run as written. */
export const SHELL_LANGUAGES = new Set(['sh', 'bash', 'shell']);

export function isRun(block: Block): boolean {
  if (block.directives.skip !== undefined || block.directives.coveredBy !== undefined) return false;
  if (block.directives.file !== undefined) return false;
  return SHELL_LANGUAGES.has(block.language) || block.language === 'console';
}

const KNOWN = ['skip', 'covered-by', 'background', 'exit', 'output', 'file', 'before'];
// Any indentation: a fence in a nested list item is indented further than a top-level one's 0-3 spaces.
const FENCE = /^( *)(`{3,}|~{3,})\s*([^\s`]*)/;
const DIRECTIVE_START = /^\s*<!--\s*docs-test:/;

interface RawDirective {
  line: number;
  /** The text after "docs-test:", up to "-->", lines joined with "\n". */
  body: string;
}

export function parsePage(name: string, text: string): Page {
  const lines = text.split(/\r?\n/);
  const page: Page = { name, blocks: [], keychain: false, errors: [] };
  let pending: RawDirective[] = [];
  const error = (line: number, message: string) => page.errors.push(`${name}:${line}: ${message}`);

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (DIRECTIVE_START.test(line)) {
      const start = i;
      const parts = [line.replace(DIRECTIVE_START, '')];
      while (!(parts[parts.length - 1] as string).includes('-->') && i + 1 < lines.length) {
        i++;
        parts.push(lines[i] as string);
      }
      const joined = parts.join('\n');
      const end = joined.indexOf('-->');
      if (end < 0) {
        error(start + 1, 'a docs-test directive is not closed with -->');
        break;
      }
      const body = joined.slice(0, end);
      if (/^\s*page\b/.test(body)) {
        const what = body.trim().split(/\s+/).slice(1).join(' ');
        if (what === 'keychain') page.keychain = true;
        else error(start + 1, `unknown page directive "page ${what}" (known: page keychain)`);
      } else if (KNOWN.includes(/^\s*(\S*)/.exec(body)?.[1] ?? '')) {
        pending.push({ line: start + 1, body });
      } else {
        error(
          start + 1,
          `unknown docs-test directive "${body.trim().split(/\s+/)[0]}" (known: ${KNOWN.join(', ')}, page keychain)`,
        );
      }
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const indent = (fence[1] as string).length;
      const marker = fence[2] as string;
      const block: Block = {
        line: i + 1,
        language: (fence[3] as string).toLowerCase(),
        lines: [],
        firstLine: i + 2,
        directives: {},
      };
      const close = new RegExp(`^ *${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
      for (i++; i < lines.length && !close.test(lines[i] as string); i++) {
        block.lines.push(stripIndent(lines[i] as string, indent));
      }
      if (i >= lines.length) error(block.line, 'the code block is not closed');
      for (const raw of pending) applyDirective(block, raw, error);
      pending = [];
      checkBlock(block, error);
      page.blocks.push(block);
      continue;
    }
    if (line.trim() !== '' && pending.length > 0) {
      for (const raw of pending) error(raw.line, 'a docs-test directive must come right before a code block');
      pending = [];
    }
  }
  for (const raw of pending) error(raw.line, 'a docs-test directive must come right before a code block');
  return page;
}

function stripIndent(line: string, indent: number): string {
  let n = 0;
  while (n < indent && line[n] === ' ') n++;
  return line.slice(n);
}

function applyDirective(
  block: Block,
  raw: RawDirective,
  error: (line: number, message: string) => void,
): void {
  const match = /^\s*(\S+)([\s\S]*)$/.exec(raw.body);
  const keyword = match?.[1] ?? '';
  const rest = match?.[2] ?? '';
  const argument = rest.trim();
  const d = block.directives;
  switch (keyword) {
    case 'skip':
      if (argument === '') error(raw.line, 'skip needs a reason: <!-- docs-test: skip REASON -->');
      d.skip = argument;
      break;
    case 'covered-by':
      if (argument === '')
        error(raw.line, 'covered-by needs a test file: <!-- docs-test: covered-by test/PATH.test.ts -->');
      d.coveredBy = argument;
      break;
    case 'background':
    case 'output':
      if (argument !== '') error(raw.line, `${keyword} takes no argument`);
      d[keyword] = true;
      break;
    case 'exit':
      if (!/^\d+$/.test(argument)) error(raw.line, 'exit needs a number: <!-- docs-test: exit N -->');
      d.exit = Number(argument);
      break;
    case 'file':
      if (argument === '' || /\s/.test(argument))
        error(raw.line, 'file needs one file name: <!-- docs-test: file NAME -->');
      d.file = argument;
      break;
    case 'before': {
      // The commands start after "before", on the same line or the lines below.
      const text = rest.split('\n');
      d.before ??= [];
      text.forEach((commandLine, index) => {
        if (commandLine.trim() !== '') d.before?.push({ line: raw.line + index, text: commandLine });
      });
      if (text.every((commandLine) => commandLine.trim() === '')) error(raw.line, 'before has no commands');
      break;
    }
  }
}

function checkBlock(block: Block, error: (line: number, message: string) => void): void {
  const d = block.directives;
  const shell = SHELL_LANGUAGES.has(block.language);
  const runnable = shell || block.language === 'console';
  const notRun = d.skip !== undefined || d.coveredBy !== undefined || d.file !== undefined;
  if (d.output && block.language !== 'console') error(block.line, 'output applies to console blocks only');
  if ((d.background || d.exit !== undefined || d.before) && !runnable)
    error(
      block.line,
      `background, exit and before apply to sh and console blocks, not to ${block.language || 'a block without a language'}`,
    );
  if ([d.skip, d.coveredBy, d.file].filter((x) => x !== undefined).length > 1)
    error(block.line, 'skip, covered-by and file exclude each other');
  if (notRun && (d.background || d.exit !== undefined || d.output || d.before))
    error(
      block.line,
      'a block that is not run (skip, covered-by, file) takes no background, exit, output or before',
    );
  if (d.background && d.exit !== undefined)
    error(block.line, 'a background block cannot expect an exit code');
}

/** A command of a console block: its text (continuation lines included) and the output shown after it. */
export interface ConsoleCommand {
  line: number;
  text: string;
  /** Page lines of the text (one per line of `text`). */
  lines: number[];
  output: string[];
}

/** Splits a console block into commands (`$ ` lines, `\` continuations, here-documents) and outputs. */
export function consoleCommands(block: Block): ConsoleCommand[] {
  const commands: ConsoleCommand[] = [];
  const lines = block.lines;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!line.startsWith('$ ') && line !== '$') {
      commands[commands.length - 1]?.output.push(line);
      continue;
    }
    const text = [line.slice(2)];
    const at = [block.firstLine + i];
    while (/\\$/.test(text[text.length - 1] as string) && i + 1 < lines.length) {
      i++;
      text.push(lines[i] as string);
      at.push(block.firstLine + i);
    }
    for (const heredoc of text.join('\n').matchAll(/<<-?\s*(['"]?)([A-Za-z_][\w]*)\1/g)) {
      const word = heredoc[2] as string;
      while (i + 1 < lines.length) {
        i++;
        text.push(lines[i] as string);
        at.push(block.firstLine + i);
        if ((lines[i] as string).trim() === word) break;
      }
    }
    commands.push({ line: at[0] as number, text: text.join('\n'), lines: at, output: [] });
  }
  for (const command of commands) {
    while (command.output.length > 0 && command.output[command.output.length - 1] === '')
      command.output.pop();
  }
  return commands;
}

/**
 * The last command of a shell block, for `exit N`: its last line with the lines it continues
 * (trailing `\`). Returns the index of its first line in block.lines.
 */
export function lastCommandStart(lines: string[]): number {
  let end = lines.length - 1;
  while (end >= 0 && ((lines[end] as string).trim() === '' || (lines[end] as string).trim().startsWith('#')))
    end--;
  let start = end;
  while (start > 0 && /\\$/.test(lines[start - 1] as string)) start--;
  return Math.max(start, 0);
}

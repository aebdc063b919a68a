/**
 * Turning a parsed page into the one bash script the page runs as: every runnable block in page order,
 * with markers the runner reads back (which block and command ran, what each console command printed,
 * which background jobs to stop) and a map from script lines to page lines for error messages.
 */
import { type Block, consoleCommands, isRun, lastCommandStart, type Page, SHELL_LANGUAGES } from './parse.js';

/** Marks in the page's output: `\x1edocs:KIND:LINE\x1e`; KIND is block, cmd (a console command starts) or end. */
export const MARK = '\x1e';
export const markPattern = new RegExp(`${MARK}docs:(block|cmd|end):(\\d+)${MARK}\\n?`, 'g');

export interface ConsoleStep {
  /** The page line of the command ("$ ..."). */
  line: number;
  blockLine: number;
  command: string;
  /** The page line of the first line of shown output (after the command's continuation lines). */
  outputLine: number;
  /** The shown output, compared when the block has `output`; else undefined. */
  expected?: string[];
}

export interface PageScript {
  text: string;
  /** lineMap[i] is the page line of script line i + 1 (0 for the harness's own lines). */
  lineMap: number[];
  /** The page's text by page line (1-based), for quoting commands in messages. */
  pageLines: string[];
  consoleSteps: ConsoleStep[];
  /** Blocks the script cannot run as written, each naming its page line. */
  errors: string[];
}

/** The example port replaced with the page's own free port wherever the page's commands use it. */
export const EXAMPLE_PORT = '8080';

export function substitutePort(text: string, port: number): string {
  return text.replace(/(?<!\d)8080(?!\d)/g, String(port));
}

/** Single-quotes a word for bash. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

const PREAMBLE = String.raw`set -Eeuo pipefail
__docs_record() { local IFS=$'\t'; printf '%s\n' "$*" >> "$PULSE_DOCS_REPORT"; }
__docs_failed() { __docs_record fail "$1" "$2" "$(printf '%s' "$3" | tr '\n\t' '  ')"; }
trap '__docs_failed "$?" "$LINENO" "$BASH_COMMAND"' ERR
__docs_expect_exit() {
  if [ "$2" != "$1" ]; then __docs_record exit "$1" "$2" "$3"; exit 1; fi
}
# Waits until a background block's port accepts a connection (up to 30 s), or its job has ended.
__docs_wait_port() {
  local port=$1 pid=$2 line=$3 deadline=$((SECONDS + 30))
  until (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
    # The job's group, not its first process: a block may put its server in the background itself.
    if ! kill -0 -- "-$pid" 2>/dev/null; then __docs_record bg-ended "$line" "$port"; exit 1; fi
    if [ "$SECONDS" -ge "$deadline" ]; then __docs_record bg-timeout "$line" "$port"; exit 1; fi
    sleep 0.1
  done
}`;

const KEYCHAIN = `# A private Secret Service in this D-Bus session, unlocked (as test/cli/keychain.test.ts starts it).
echo docs-keyring-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1`;

export function buildScript(page: Page, pageText: string, port: number): PageScript {
  const out: string[] = [];
  const lineMap: number[] = [];
  const consoleSteps: ConsoleStep[] = [];
  const errors: string[] = [];
  const emit = (text: string, pageLine = 0) => {
    for (const line of text.split('\n')) {
      out.push(line);
      lineMap.push(pageLine);
    }
  };
  /** Lines of the page, each with its page line; the example port becomes the page's own. */
  const emitLines = (lines: { text: string; line: number }[]) => {
    for (const { text, line } of lines) {
      out.push(substitutePort(text, port));
      lineMap.push(line);
    }
  };
  /** Consecutive lines of the page from `firstLine` on. */
  const emitPage = (lines: string[], firstLine: number) =>
    emitLines(lines.map((text, index) => ({ text, line: firstLine + index })));

  emit(PREAMBLE);
  if (page.keychain) emit(KEYCHAIN);
  for (const block of page.blocks) {
    const d = block.directives;
    if (d.file !== undefined) {
      emitFile(block, emit, emitPage);
      continue;
    }
    if (!isRun(block)) continue;
    emit(`__docs_record block ${block.line}\nprintf '${MARK}docs:block:${block.line}${MARK}\\n'`, block.line);
    if (d.before) emitLines(d.before);
    if (d.background) {
      const error = emitBackground(block, emit, emitPage, port);
      if (error) errors.push(`${page.name}:${block.line}: ${error}`);
    } else if (SHELL_LANGUAGES.has(block.language)) {
      const error = emitShell(block, emit, emitPage);
      if (error) errors.push(`${page.name}:${block.line}: ${error}`);
    } else emitConsole(block, emit, emitLines, consoleSteps, port);
  }
  emit('__docs_record done');
  return {
    text: `${out.join('\n')}\n`,
    lineMap,
    pageLines: ['', ...pageText.split(/\r?\n/)],
    consoleSteps,
    errors,
  };
}

type Emit = (text: string, pageLine?: number) => void;
type EmitPage = (lines: string[], firstLine: number) => void;

function emitFile(block: Block, emit: Emit, emitPage: EmitPage): void {
  const name = shellQuote(block.directives.file as string);
  const delimiter = `__DOCS_FILE_${block.line}`;
  emit(
    `__docs_record block ${block.line}\nmkdir -p "$(dirname ${name})"\ncat > ${name} <<'${delimiter}'`,
    block.line,
  );
  emitPage(block.lines, block.firstLine);
  emit(delimiter, block.line);
}

/** Returns an error when `exit N` cannot find the block's last command. */
function emitShell(block: Block, emit: Emit, emitPage: EmitPage): string | undefined {
  const expected = block.directives.exit;
  if (expected === undefined) {
    emitPage(block.lines, block.firstLine);
    return undefined;
  }
  // The last command runs as an if-condition: its failure neither stops the script nor trips the ERR trap.
  const start = lastCommandStart(block.lines);
  const first = (block.lines[start] ?? '').trim();
  if (first === '' || /^(fi|done|esac|[})])(\s|;|$)/.test(first) || /^[A-Z_]+$/.test(first))
    return `exit ${expected}: the block's last command must be a command of its own (the last line, with the lines it continues), not the end of a compound or here-document`;
  emitPage(block.lines.slice(0, start), block.firstLine);
  emit('if', block.firstLine + start);
  emitPage(block.lines.slice(start), block.firstLine + start);
  emit('then __docs_rc=0; else __docs_rc=$?; fi', block.firstLine + start);
  emit(`__docs_expect_exit ${expected} "$__docs_rc" ${block.firstLine + start}`, block.firstLine + start);
  return undefined;
}

function emitConsole(
  block: Block,
  emit: Emit,
  emitLines: (lines: { text: string; line: number }[]) => void,
  steps: ConsoleStep[],
  port: number,
): void {
  const commands = consoleCommands(block);
  commands.forEach((command, index) => {
    const step: ConsoleStep = {
      line: command.line,
      blockLine: block.line,
      command: command.text,
      outputLine: (command.lines[command.lines.length - 1] as number) + 1,
    };
    if (block.directives.output) step.expected = command.output.map((line) => substitutePort(line, port));
    steps.push(step);
    const lines = command.text.split('\n').map((text, i) => ({ text, line: command.lines[i] as number }));
    emit(`printf '${MARK}docs:cmd:${command.line}${MARK}\\n'`, command.line);
    const last = index === commands.length - 1 && block.directives.exit !== undefined;
    if (last) {
      emit('if', command.line);
      emitLines(lines);
      emit('then __docs_rc=0; else __docs_rc=$?; fi', command.line);
    } else {
      emitLines(lines);
    }
    emit(`printf '${MARK}docs:end:${command.line}${MARK}'`, command.line);
    if (last) emit(`__docs_expect_exit ${block.directives.exit} "$__docs_rc" ${command.line}`, command.line);
  });
}

/** Returns an error when the block names no port to wait for. */
function emitBackground(block: Block, emit: Emit, emitPage: EmitPage, port: number): string | undefined {
  // Console blocks in the background run their commands; shell blocks run as written.
  const lines =
    block.language === 'console'
      ? consoleCommands(block).flatMap((command) => command.text.split('\n'))
      : block.lines;
  const text = substitutePort(lines.join('\n'), port);
  const named = /--port[= ](\d+)/.exec(text) ?? /(?:127\.0\.0\.1|localhost):(\d+)/.exec(text);
  if (!named) return 'a background block must name the port it listens on (pulse serve --port 8080)';
  const waitPort = named[1];
  // set -m: the job gets a process group of its own, which the runner stops as a whole at the end.
  emit(`set -m\n(\ntrap - ERR`, block.line);
  if (block.language === 'console') {
    for (const command of consoleCommands(block)) emitPage(command.text.split('\n'), command.line);
  } else {
    emitPage(block.lines, block.firstLine);
  }
  emit(`) >> "$PULSE_DOCS_DIR/background-${block.line}.log" 2>&1 &`, block.line);
  emit(`__docs_bg=$!\nset +m\n__docs_record bg "$__docs_bg" ${block.line} ${waitPort}`, block.line);
  emit(`__docs_wait_port ${waitPort} "$__docs_bg" ${block.line}`, block.line);
  return undefined;
}

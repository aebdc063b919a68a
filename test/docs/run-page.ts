/**
 * Running one documentation page: parse it, check its directives, build its script, run the script
 * in a scratch environment on the page's clock, stop what it left in the background, and turn what
 * happened into failure messages that name the page line, the command, its exit code and the output.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { matchOutput } from './output-match.js';
import { isRun, type Page, parsePage } from './parse.js';
import { buildScript, MARK, markPattern, type PageScript } from './script.js';
import { freePort, makeScratch, processesOf, startClock } from './session.js';

export interface RunPageOptions {
  /** The checkout: covered-by paths are relative to it; its bin/pulse.js is the `pulse` pages run. */
  repoRoot: string;
  /** The `pulse` pages run (default: repoRoot's bin/pulse.js). */
  bin?: string;
  /** The page's name in messages (default: its path relative to repoRoot). */
  name?: string;
  /** Run on the fixed clock (2026-11-24 09:00:00 UTC) with libfaketime (default true). */
  faketime?: boolean;
  /** The whole page's time limit (default 270 s, under the test's 300 s so that the runner reports). */
  timeoutMs?: number;
  /** Lines of output shown with a failure (default 40). */
  tailLines?: number;
}

export interface PageRun {
  page: string;
  failures: string[];
  /** "LINE: reason" of the blocks marked skip, and "LINE: covered by PATH". */
  notRun: string[];
  /** How many blocks ran (file blocks included). */
  ran: number;
  /** The page's output (stdout and stderr as a terminal shows them), markers rendered as headers. */
  output: string;
  /** Processes of the page still found after the runner stopped them (should be none). */
  leftovers: number[];
  /** The value of PULSE_DOCS_SESSION in the environment of every process of this run. */
  session: string;
}

/** Pages running now (their shells' process groups and sessions), stopped on exit whatever happens. */
const liveGroups = new Set<number>();
const liveSessions = new Set<string>();
process.once('exit', () => {
  for (const group of liveGroups) signalGroup(group, 'SIGKILL');
  for (const session of liveSessions) {
    for (const pid of processesOf(session)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    }
  }
});

export async function runPage(path: string, options: RunPageOptions): Promise<PageRun> {
  const name = options.name ?? relative(options.repoRoot, path);
  const text = readFileSync(path, 'utf8');
  const page = parsePage(name, text);
  const run: PageRun = {
    page: name,
    failures: [...page.errors],
    notRun: [],
    ran: 0,
    output: '',
    leftovers: [],
    session: randomUUID(),
  };
  for (const block of page.blocks) {
    const { skip, coveredBy } = block.directives;
    if (skip !== undefined) run.notRun.push(`${block.line}: skipped: ${skip}`);
    if (coveredBy !== undefined) {
      run.notRun.push(`${block.line}: covered by ${coveredBy}`);
      if (coveredBy !== '' && !existsSync(join(options.repoRoot, coveredBy)))
        run.failures.push(`${name}:${block.line}: covered-by names ${coveredBy}, which does not exist`);
    }
    if (isRun(block) || block.directives.file !== undefined) run.ran++;
  }
  const port = await freePort();
  const script = buildScript(page, text, port);
  run.failures.push(...script.errors);
  if (run.failures.length > 0) return run;

  const root = mkdtempSync(join(tmpdir(), `pulse-docs-${basename(path, '.md')}-`));
  try {
    await execute(page, script, root, options, run);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return run;
}

async function execute(page: Page, script: PageScript, root: string, options: RunPageOptions, run: PageRun) {
  const session = run.session;
  liveSessions.add(session);
  const scratch = makeScratch(root, options.bin ?? join(options.repoRoot, 'bin', 'pulse.js'), session);
  const scriptPath = join(scratch.dir, 'page.sh');
  writeFileSync(scriptPath, script.text);

  let command = ['bash', scriptPath];
  let env: Record<string, string> = scratch.env;
  if (page.keychain) command = ['dbus-run-session', '--', ...command];
  const clock = options.faketime === false ? undefined : await startClock();
  if (clock) {
    env = { ...env, ...clock.env };
    liveGroups.add(clock.group);
  }
  const logPath = join(scratch.dir, 'output.log');
  const log = openSync(logPath, 'w');

  const timeoutMs = options.timeoutMs ?? 270_000;
  let timedOut = false;
  let exitCode: number | null = null;
  let signal: NodeJS.Signals | null = null;
  try {
    // detached: the page's shell leads a process group of its own, which is stopped as a whole.
    const child = spawn(command[0] as string, command.slice(1), {
      cwd: scratch.home,
      env,
      stdio: ['ignore', log, log],
      detached: true,
    });
    const group = child.pid as number;
    liveGroups.add(group);
    const timer = setTimeout(() => {
      timedOut = true;
      signalGroup(group, 'SIGKILL');
    }, timeoutMs);
    try {
      [exitCode, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
        child.on('error', reject);
        child.on('exit', (code, sig) => resolve([code, sig]));
      });
    } finally {
      clearTimeout(timer);
      const records = readRecords(scratch.env.PULSE_DOCS_REPORT as string);
      const backgrounds = records.filter((r) => r[0] === 'bg').map((r) => Number(r[1]));
      await stopGroups([...backgrounds, group]);
      run.leftovers = await stopSession(session);
      liveGroups.delete(group);
      liveSessions.delete(session);
    }
  } finally {
    closeSync(log);
    await clock?.stop();
    if (clock) liveGroups.delete(clock.group);
  }

  const raw = readFileSync(logPath, 'utf8');
  run.output = renderOutput(raw, script, scriptPath, page.name);
  const records = readRecords(scratch.env.PULSE_DOCS_REPORT as string);
  const tail = () => tailOf(run.output, options.tailLines ?? 40);
  const lastBlock = Number(records.filter((r) => r[0] === 'block').pop()?.[1] ?? 0);

  // Output comparisons, for the console commands that ran to their end.
  for (const [line, printed] of commandOutputs(raw)) {
    const step = script.consoleSteps.find((s) => s.line === line);
    if (!step?.expected) continue;
    const mismatch = matchOutput(step.expected, printed);
    if (mismatch)
      run.failures.push(
        [
          `${page.name}:${step.outputLine + mismatch.shownIndex}: the output of \`${step.command}\` differs from the page: ${mismatch.message}`,
          'shown:',
          indent(step.expected.join('\n')),
          'real:',
          indent(printed.replace(/\n$/, '')),
        ].join('\n'),
      );
  }

  if (timedOut) {
    run.failures.push(
      `${page.name}: timed out after ${timeoutMs / 1000} s in the block at line ${lastBlock}\n${tail()}`,
    );
  } else if (records.some((r) => r[0] === 'done') && exitCode === 0) {
    // Ran to the end.
  } else {
    run.failures.push(
      `${describeFailure(page.name, records, script, exitCode, signal, lastBlock)}\n${tail()}`,
    );
  }
  if (run.failures.length > 0) run.failures.push(...backgroundOutputs(page.name, scratch.dir, records));
  if (run.leftovers.length > 0)
    run.failures.push(
      `${page.name}: processes outlived the page and were killed: ${run.leftovers.join(', ')}`,
    );
}

function describeFailure(
  name: string,
  records: string[][],
  script: PageScript,
  exitCode: number | null,
  signal: NodeJS.Signals | null,
  lastBlock: number,
): string {
  const last = [...records]
    .reverse()
    .find((r) => ['fail', 'exit', 'bg-ended', 'bg-timeout'].includes(r[0] as string));
  const status = signal ? `was killed by ${signal}` : `exited ${exitCode}`;
  if (last?.[0] === 'exit') {
    const [, expected, got, line] = last;
    return `${name}:${line}: \`${commandAt(script, Number(line))}\` exited ${got}, the page says it exits ${expected} (docs-test: exit ${expected})`;
  }
  if (last?.[0] === 'bg-ended' || last?.[0] === 'bg-timeout') {
    // Its output follows with the other background blocks' (backgroundOutputs).
    const [kind, line, port] = last;
    const what = kind === 'bg-ended' ? 'ended before port' : 'did not answer on port';
    return `${name}:${line}: the background block ${what} ${port} answered within 30 s`;
  }
  if (last?.[0] === 'fail') {
    const [, code, scriptLine, bashCommand] = last;
    const line = pageLineOf(script, Number(scriptLine)) || lastBlock;
    const command = commandAt(script, line);
    const inner =
      bashCommand && !command.includes(bashCommand.trim()) ? ` (the failing part: \`${bashCommand}\`)` : '';
    const block = lastBlock && lastBlock !== line ? ` (in the block at line ${lastBlock})` : '';
    return `${name}:${line}: \`${command}\` exited ${code}${inner}${block}`;
  }
  return `${name}:${lastBlock}: the page's shell ${status} in the block at line ${lastBlock}`;
}

/** The end of each background block's output, which is kept apart from the page's: for failures. */
function backgroundOutputs(name: string, dir: string, records: string[][]): string[] {
  return records
    .filter((r) => r[0] === 'bg')
    .map((r) => {
      const path = join(dir, `background-${r[2]}.log`);
      const output = existsSync(path) ? readFileSync(path, 'utf8') : '';
      return `${name}:${r[2]}: ${output.trim() === '' ? "the background block's output: none" : tailOf(output, 15, "the background block's output")}`;
    });
}

/** The page line of a script line: its own, else the nearest mapped line above it. */
function pageLineOf(script: PageScript, scriptLine: number): number {
  for (let i = scriptLine - 1; i >= 0; i--) {
    const line = script.lineMap[i];
    if (line) return line;
  }
  return 0;
}

/** The command on a page line, with the lines it continues and that continue it (trailing `\`). */
function commandAt(script: PageScript, line: number): string {
  const lines = script.pageLines;
  let start = line;
  while (start > 1 && /\\$/.test(lines[start - 1] ?? '')) start--;
  let end = line;
  while (/\\$/.test(lines[end] ?? '') && end + 1 < lines.length) end++;
  return lines
    .slice(start, end + 1)
    .map((l) => l.trim().replace(/\s*\\$/, ''))
    .join(' ')
    .replace(/^\$ /, '');
}

function readRecords(path: string): string[][] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
}

/** What each console command printed, from its start and end marks in the raw output. */
function commandOutputs(raw: string): Map<number, string> {
  const outputs = new Map<number, string>();
  const starts = new Map<number, number>();
  for (const match of raw.matchAll(markPattern)) {
    const line = Number(match[2]);
    if (match[1] === 'cmd') starts.set(line, (match.index as number) + match[0].length);
    if (match[1] === 'end' && starts.has(line)) {
      const text = raw
        .slice(starts.get(line), match.index as number)
        .replace(new RegExp(`${MARK}docs:[^${MARK}]*${MARK}\\n?`, 'g'), '');
      outputs.set(line, text);
    }
  }
  return outputs;
}

/** The output for people: marks become "--- page:line" and "$ command" lines, the script's name the page's. */
function renderOutput(raw: string, script: PageScript, scriptPath: string, name: string): string {
  const escaped = scriptPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return raw
    .replace(markPattern, (_all, kind: string, line: string, offset: number) => {
      // A header starts a line of its own, also after output that did not end with a newline.
      const start = offset > 0 && raw[offset - 1] !== '\n' ? '\n' : '';
      if (kind === 'block') return `${start}--- ${name}:${line}\n`;
      if (kind === 'cmd') return `${start}$ ${commandAt(script, Number(line))}\n`;
      return '';
    })
    .replace(
      new RegExp(`${escaped}: line (\\d+)`, 'g'),
      (_all, line: string) => `${name}:${pageLineOf(script, Number(line))}`,
    );
}

function tailOf(text: string, lines: number, what = "the page's output"): string {
  const all = text.replace(/\n$/, '').split('\n');
  const shown = all.slice(-lines);
  return `${all.length > lines ? `(last ${lines} lines of ${what})` : `(${what})`}\n${indent(shown.join('\n'))}`;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

function signalGroup(group: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-group, signal);
    return true;
  } catch {
    return false;
  }
}

function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to each group, then SIGKILL to what is left after 10 s. */
async function stopGroups(groups: number[]): Promise<void> {
  for (const group of groups) signalGroup(group, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (groups.some(groupAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  for (const group of groups) signalGroup(group, 'SIGKILL');
}

/**
 * Finds processes of the session that escaped the groups (a daemon that left its group: the keyring
 * daemon detaches itself), stops them, and returns the ones still there after the page ended. A daemon
 * still shutting down itself gets 5 s before it counts.
 */
async function stopSession(session: string): Promise<number[]> {
  const deadline = Date.now() + 5_000;
  let left = processesOf(session);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    left = processesOf(session);
  }
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
  return left;
}

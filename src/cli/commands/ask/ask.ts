/**
 * `pulse ask QUESTION`, `pulse ask list`, `pulse ask view ID`: questions about your teams, answered in
 * Markdown from what you can see. Creating an ask returns at once with no answer; the answer is written
 * right after (locally, before the ask comes back) or in the background (`pulse serve`), so the command
 * polls until it is there or the timeout has passed.
 */
import type { ReadingJson } from '../../../core/answers/describe.js';
import type { Service } from '../../../core/service.js';
import { textErrors } from '../../../core/text.js';
import { dateIn } from '../../../core/time.js';
import type { Ask } from '../../../core/types.js';
import type { CommandContext, JsonOption } from '../../command-context.js';
import { CliError, UsageError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';
import { firstLine } from '../../output.js';
import { allPages, pagesUpTo, parseLimit } from '../../paging.js';
import { spinnerAfterDelay } from '../../spinner.js';
import { printWrittenAnswer, writingColumn } from '../written-answer.js';

export interface AskOptions {
  timeout?: string;
  /** Print how the question was read before the answer (in --json, a `reading` object). */
  explain?: boolean;
  /** False with --no-wait. */
  wait?: boolean;
  json?: boolean;
}

export interface ListOptions {
  limit?: string;
  all?: boolean;
  json?: boolean;
}

const DEFAULT_TIMEOUT_SECONDS = 60;
/** Polling backs off from the first wait to the longest, doubling. */
const FIRST_POLL_MS = 200;
const LONGEST_POLL_MS = 1000;
const EXAMPLE = 'pulse ask "What blocked the team last week?"';

/** --timeout in milliseconds: a positive number of seconds (fractions allowed). */
export function parseTimeout(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_SECONDS * 1000;
  const seconds = value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new UsageError(`--timeout must be a positive number of seconds: ${value}`);
  return seconds * 1000;
}

async function readPrompt(cc: CommandContext, words: string[]): Promise<string> {
  const given = words.join(' ').trim();
  if (given) return given;
  if (!cc.settings.interactive)
    throw new UsageError(`missing the question, e.g. ${EXAMPLE} (prompts need a terminal and no --no-input)`);
  const [{ input }, { askPromptErrors }] = await Promise.all([
    import('@inquirer/prompts'),
    import('../../../core/ask-input.js'),
  ]);
  const answer = await input(
    {
      message: 'Your question:',
      required: true,
      // The rules an ask's prompt meets, checked here so a wrong question is asked again, not sent.
      validate: (value) =>
        [...textErrors({ prompt: value.trim() }), ...askPromptErrors(value.trim())][0] ?? true,
    },
    { input: cc.ctx.streams.stdin, output: cc.ctx.streams.stderr },
  );
  return answer.trim();
}

/**
 * Polls until the answer is written. Time is counted by the waits asked of the context, never read from
 * a clock, so a fixed clock in tests still times out.
 */
async function waitForAnswer(
  cc: CommandContext,
  service: Service,
  ask: Ask,
  timeoutMs: number,
): Promise<Ask> {
  // A local store has written the answer before createAsk returned: no spinner for that.
  const first = await service.getAsk(ask.id);
  if (first.body !== null) return first;
  const signal = cc.ctx.shutdownSignal();
  const spinner = spinnerAfterDelay(cc.ctx.streams.stderr, 'Writing the answer…');
  try {
    let current = first;
    let waited = 0;
    let delay = FIRST_POLL_MS;
    while (current.body === null) {
      if (waited >= timeoutMs) {
        throw new CliError(
          `no answer yet to ask ${ask.id} after ${timeoutMs / 1000} s; it is still being written: see it later with pulse ask view ${ask.id}`,
        );
      }
      const step = Math.min(delay, timeoutMs - waited);
      await cc.ctx.sleep(step, signal);
      if (signal.aborted) {
        throw new CliError(
          `stopped waiting for ask ${ask.id}; see its answer later with pulse ask view ${ask.id}`,
          ExitCode.interrupted,
        );
      }
      waited += step;
      delay = Math.min(delay * 2, LONGEST_POLL_MS);
      current = await service.getAsk(ask.id);
    }
    return current;
  } finally {
    spinner.stop();
  }
}

/**
 * How this client's reader reads the prompt, from what the Service gives any client (the people, the
 * teams the asker can see, the asker's zone), so it is the same locally and remotely. A server of another
 * version may read it differently.
 */
async function explain(cc: CommandContext, service: Service, prompt: string): Promise<ReadingJson> {
  const [{ readPrompt: read }, { readingJson }] = await Promise.all([
    import('../../../core/answers/reading.js'),
    import('../../../core/answers/describe.js'),
  ]);
  const [asker, people, teams] = await Promise.all([
    service.me(),
    allPages((page) => service.listPeople({ page, per_page: 50 })),
    allPages((page) => service.listTeams({ page, per_page: 50 })),
  ]);
  const today = dateIn(asker.time_zone, cc.ctx.clock.now());
  return readingJson(read(prompt, { today, asker, people, teams }));
}

const listOrDash = (items: { name: string }[] | string[]) =>
  items.length ? items.map((item) => (typeof item === 'string' ? item : item.name)).join(', ') : '-';

/** The reading as a short block a person can check against the question. */
function printReading(cc: CommandContext, reading: ReadingJson): void {
  const { window } = reading;
  const time = window.sense === 'any' ? window.phrase : `${window.phrase}: ${window.from} to ${window.to}`;
  const rows: [string, string][] = [
    ['intent', reading.intent],
    ['themes', listOrDash(reading.themes)],
    ['time', time],
    ['people', listOrDash(reading.people)],
    ['mentioned', listOrDash(reading.mentioned)],
    ['teams', listOrDash(reading.teams)],
    ['terms', listOrDash(reading.terms)],
  ];
  if (reading.moods.length) rows.splice(2, 0, ['moods', listOrDash(reading.moods)]);
  cc.out.line(`Read as: ${reading.description}`);
  for (const [label, value] of rows) cc.out.line(`  ${label.padEnd(10)} ${value}`);
  cc.out.line();
}

export async function ask(cc: CommandContext, words: string[], options: AskOptions): Promise<void> {
  const timeoutMs = parseTimeout(options.timeout);
  const prompt = await readPrompt(cc, words);
  const service = await cc.backends.service();
  const reading = options.explain ? await explain(cc, service, prompt) : undefined;
  if (reading && !options.json) printReading(cc, reading);
  const created = await service.createAsk({ prompt });
  const withReading = <T extends object>(value: T) => (reading ? { ...value, reading } : value);
  if (options.wait === false) {
    if (options.json) return cc.out.json(withReading(created));
    return cc.out.line(created.id);
  }
  const answered = await waitForAnswer(cc, service, created, timeoutMs);
  if (options.json) return cc.out.json(withReading(answered));
  await cc.out.markdown(answered.body as string);
  // stdout is the answer, as written (a script saves it as Markdown): the ask's id goes with the messages.
  cc.out.note(cc.out.style.dim(`${answered.id}  pulse ask view ${answered.id}`));
}

const shortTime = (at: string) => at.slice(0, 16).replace('T', ' ');

export async function list(cc: CommandContext, options: ListOptions): Promise<void> {
  const limit = parseLimit(options.limit, options.all);
  const service = await cc.backends.service();
  const shown = pagesUpTo((page, per_page) => service.listAsks({ page, per_page }), limit);
  await cc.out.listWalk(
    shown,
    options.json,
    `No asks yet: ${EXAMPLE}`,
    [
      { header: 'ID', cell: (a) => a.id, plainOnly: true },
      { header: 'CREATED', cell: (a) => cc.out.time(a.created_at), plain: (a) => a.created_at },
      { header: 'PROMPT', cell: (a) => firstLine(a.prompt, 60), plain: (a) => a.prompt },
      writingColumn(cc.out, 'STATUS', 'answered'),
    ],
    cc.ctx.shutdownSignal(),
  );
}

export async function view(cc: CommandContext, id: string, options: JsonOption): Promise<void> {
  const found = await (await cc.backends.service()).getAsk(id);
  if (options.json) return cc.out.json(found);
  await printWrittenAnswer(
    cc.out,
    {
      heading: found.prompt,
      byline: `Asked ${shortTime(found.created_at)} UTC · ${found.id}`,
      body: found.body,
    },
    'The answer is still being written: try again in a moment.',
  );
}

/**
 * `pulse echo list|view|create|edit|delete|pause|resume`: your recurring questions;
 * `pulse echo answer list|view`: their published answers.
 */
import { dateIn } from '../../../core/time.js';
import type { EchoQuestion } from '../../../core/types.js';
import type { CommandContext, JsonOption } from '../../command-context.js';
import { requireChanges, UsageError } from '../../errors.js';
import { allPages, pagesUpTo, parseLimit } from '../../paging.js';
import { printWrittenAnswer, writingColumn } from '../written-answer.js';

export interface EchoFlags {
  title?: string;
  prompt?: string;
  frequency?: string;
  day?: string;
  time?: string;
  everyDay?: boolean;
  json?: boolean;
}

function toInput(flags: EchoFlags): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  if (flags.title !== undefined) input.title = flags.title;
  if (flags.prompt !== undefined) input.prompt = flags.prompt;
  if (flags.frequency !== undefined) input.answer_frequency = flags.frequency.trim().toLowerCase();
  if (flags.day !== undefined) input.answer_day = flags.day.trim().toLowerCase();
  if (flags.time !== undefined) input.answer_time = flags.time.trim();
  if (flags.everyDay) input.every_day = true;
  return input;
}

function schedule(question: EchoQuestion): string {
  const day = question.answer_day ? ` on ${question.answer_day}` : '';
  // A deployment without the extension says nothing of every_day: it answers every day.
  const days =
    question.answer_frequency !== 'daily'
      ? ''
      : question.every_day === false
        ? ' on your report days'
        : ', every day';
  return `${question.answer_frequency}${day}${days} at ${question.answer_time} (${question.answer_time_zone})`;
}

/** What the last catch-up left out, as `pulse echo view` says it; nothing when nothing was. */
export function skippedNote(question: EchoQuestion): string | undefined {
  const skipped = question.skipped;
  if (!skipped) return undefined;
  const occurrences = skipped.count === 1 ? '1 occurrence' : `${skipped.count} occurrences`;
  // Dates as the question counts them: in its own time zone.
  const date = (at: string) => dateIn(question.answer_time_zone, new Date(at));
  const range = skipped.count === 1 ? date(skipped.first) : `${date(skipped.first)} to ${date(skipped.last)}`;
  return `${occurrences} skipped (${range}): a catch-up publishes the last 12 due answers at most`;
}

function render(cc: CommandContext, question: EchoQuestion): void {
  const { out } = cc;
  out.line(out.style.bold(question.title));
  out.line(question.prompt);
  out.line(`Answered ${schedule(question)}`);
  out.line(
    question.paused_at
      ? out.style.yellow(`Paused since ${question.paused_at}`)
      : `Next answer: ${question.next_answer_at}`,
  );
  const skipped = skippedNote(question);
  if (skipped) out.line(out.style.yellow(skipped));
  out.reference(question.id, 'pulse echo view');
}

export async function list(cc: CommandContext, options: JsonOption): Promise<void> {
  const service = await cc.backends.service();
  const questions = await allPages(
    (page) => service.listEchoQuestions({ page, per_page: 50 }),
    cc.ctx.streams.stderr,
  );
  await cc.out.list(questions, options.json, 'No Echo questions yet: pulse echo create', [
    { header: 'ID', cell: (q) => q.id, plainOnly: true },
    { header: 'TITLE', cell: (q) => q.title },
    { header: 'SCHEDULE', cell: schedule },
    {
      header: 'NEXT',
      cell: (q) => (q.next_answer_at ? cc.out.time(q.next_answer_at) : cc.out.style.yellow('paused')),
      plain: (q) => q.next_answer_at ?? '',
    },
  ]);
}

export async function view(cc: CommandContext, id: string, options: JsonOption): Promise<void> {
  const question = await (await cc.backends.service()).getEchoQuestion(id);
  if (options.json) return cc.out.json(question);
  render(cc, question);
}

export async function create(cc: CommandContext, flags: EchoFlags): Promise<void> {
  const missing = (['title', 'prompt', 'frequency', 'time'] as const).filter(
    (flag) => flags[flag] === undefined,
  );
  if (missing.length) throw new UsageError(`missing ${missing.map((flag) => `--${flag}`).join(', ')}`);
  const question = await (await cc.backends.service()).createEchoQuestion(toInput(flags));
  if (flags.json) return cc.out.json(question);
  render(cc, question);
}

export async function edit(cc: CommandContext, id: string, flags: EchoFlags): Promise<void> {
  const input = requireChanges(toInput(flags), ['--title', '--prompt', '--frequency', '--day', '--time']);
  const question = await (await cc.backends.service()).updateEchoQuestion(id, input);
  if (flags.json) return cc.out.json(question);
  render(cc, question);
}

export async function remove(cc: CommandContext, id: string): Promise<void> {
  await (await cc.backends.service()).deleteEchoQuestion(id);
  cc.out.note('Deleted the Echo question.');
}

export async function pause(cc: CommandContext, id: string, options: JsonOption): Promise<void> {
  const question = await (await cc.backends.service()).pauseEchoQuestion(id);
  if (options.json) return cc.out.json(question);
  cc.out.note(`Paused "${question.title}": no answers until you resume it.`);
}

export async function resume(cc: CommandContext, id: string, options: JsonOption): Promise<void> {
  const question = await (await cc.backends.service()).resumeEchoQuestion(id);
  if (options.json) return cc.out.json(question);
  cc.out.note(`Resumed "${question.title}": next answer ${question.next_answer_at}.`);
}

export async function answers(
  cc: CommandContext,
  questionId: string,
  options: { limit?: string; all?: boolean; json?: boolean },
): Promise<void> {
  const limit = parseLimit(options.limit, options.all);
  const service = await cc.backends.service();
  const shown = pagesUpTo((page, per_page) => service.listEchoAnswers(questionId, { page, per_page }), limit);
  const empty = 'No answers yet: the first is published at the next answer time (pulse echo view ID).';
  await cc.out.listWalk(
    shown,
    options.json,
    empty,
    [
      { header: 'ID', cell: (a) => a.id, plainOnly: true },
      {
        header: 'PUBLISHED',
        cell: (a) => cc.out.time(a.published_at),
        plain: (a) => a.published_at,
      },
      { header: 'TITLE', cell: (a) => a.title },
      writingColumn(cc.out, 'BODY', 'written'),
    ],
    cc.ctx.shutdownSignal(),
  );
}

export async function answer(cc: CommandContext, id: string, options: JsonOption): Promise<void> {
  const found = await (await cc.backends.service()).getEchoAnswer(id);
  if (options.json) return cc.out.json(found);
  const published = found.published_at.slice(0, 16).replace('T', ' ');
  await printWrittenAnswer(
    cc.out,
    { heading: found.title, byline: `Published ${published} UTC · ${found.id}`, body: found.body },
    'This answer is still being written: try again in a moment.',
  );
}

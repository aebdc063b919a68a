/**
 * `pulse team members|report|tags|tag`: one team through the v1 interface. Locally the team is --team
 * (default: your only team); remotely it is the team of the kept v1 credentials (auth login --team-id).
 */

import { NotFoundError } from '../../../core/errors.js';
import { textError } from '../../../core/text.js';
import { normaliseTag } from '../../../core/v1/tags.js';
import type { V1Member, V1Report, V1Status } from '../../../core/v1/types.js';
import type { CommandContext } from '../../command-context.js';
import { parseDateWord, todayIn } from '../../dates.js';
import { CliError, UsageError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';
import type { Output } from '../../output.js';
import { allPages, pagesUpTo, parseLimit } from '../../paging.js';
import { longDate } from '../checkin/render.js';

export interface TeamOptions {
  team?: string;
  json?: boolean;
}

export async function members(cc: CommandContext, options: TeamOptions & { query?: string }): Promise<void> {
  // The interface would name its parameter (q); a person typed --query.
  const problem =
    options.query === undefined ? undefined : textError('--query', options.query, 'single-line');
  if (problem !== undefined) throw new UsageError(problem);
  const service = await cc.backends.teamService(options.team);
  const query = options.query?.trim() ? { q: options.query.trim() } : {};
  const found = await allPages((page) => service.listMembers({ ...query, page }), cc.ctx.streams.stderr);
  await cc.out.list(found, options.json, 'No members match.', [
    { header: 'ID', cell: (m: V1Member) => m.id, plainOnly: true },
    { header: 'NAME', cell: (m) => m.user.full_name },
    { header: 'SLUG', cell: (m) => m.slug },
    { header: 'EMAIL', cell: (m) => m.user.email },
    { header: 'ROLE', cell: (m) => m.role },
    { header: 'MANAGER', cell: (m) => (m.manager ? 'manager' : ''), plain: (m) => String(m.manager) },
  ]);
}

/** A report's statuses: blocked ones first, then by last and first name. */
function blockedFirst(statuses: V1Status[]): V1Status[] {
  const key = (s: V1Status) => `${s.user.last_name}\u0000${s.user.first_name}`.toLowerCase();
  return [...statuses].sort((a, b) => Number(b.blocked) - Number(a.blocked) || key(a).localeCompare(key(b)));
}

export async function report(
  cc: CommandContext,
  date: string | undefined,
  options: TeamOptions,
): Promise<void> {
  const day =
    date === undefined
      ? undefined
      : parseDateWord(date, () => todayIn(cc.ctx.systemTimeZone(), cc.ctx.clock.now()), 'DATE');
  const service = await cc.backends.teamService(options.team);
  let found: V1Report;
  if (day === undefined) {
    const latest = (await service.listReports({ page: 1 })).items[0];
    if (!latest) throw new CliError('the team has no reports yet', ExitCode.notFound);
    found = latest;
  } else {
    found = await service.getReport(day);
  }
  // One at a time: the v1 interface allows about one request a second, with short bursts.
  const statuses: V1Status[] = [];
  for (const id of found.completed_status_ids) statuses.push(await service.getStatus(id));
  if (options.json) return cc.out.json({ report: found, statuses });
  await renderReport(cc.out, found, blockedFirst(statuses));
}

async function renderReport(out: Output, found: V1Report, statuses: V1Status[]): Promise<void> {
  const { style } = out;
  const m = found.metrics;
  out.line(style.bold(`Report for ${longDate(found.date)}`));
  out.line(
    [
      `${m.participation_count} of ${m.present_statuses_count} present checked in`,
      `${m.blocked_count} blocked`,
      `${m.absent_statuses_count} absent`,
      `${m.previous_completed_count} did what they planned`,
    ].join(' · '),
  );
  if (statuses.length === 0) {
    out.line();
    out.line(style.dim('No check-ins yet.'));
  }
  const labels = found.question_labels;
  for (const status of statuses) {
    out.line();
    out.line(
      `${style.bold(status.user.full_name)}${status.blocked ? ` · ${style.red(style.bold('BLOCKED'))}` : ''}`,
    );
    const done = status.previous_completed ? ' (done as planned)' : '';
    await section(out, `${labels.previous}${done}`, status.answers.previous);
    await section(out, labels.next, status.answers.next);
    await section(out, labels.blockers, status.answers.blockers, status.blocked);
  }
}

/** A titled answer, its Markdown rendered on a terminal and indented under the title. */
async function section(out: Output, title: string, body: string, alarm = false): Promise<void> {
  const { style } = out;
  out.line(style.bold(title));
  const text = body.trim();
  let lines: string;
  if (text === '') lines = style.dim('—');
  else if (out.isTerminal) {
    const { renderMarkdown } = await import('../../markdown.js');
    lines = await renderMarkdown(text, { style, width: out.width - 2 });
  } else lines = text;
  if (alarm && text !== '')
    lines = lines
      .split('\n')
      .map((line) => style.red(style.bold(line)))
      .join('\n');
  out.line(
    lines
      .split('\n')
      .map((line) => (line ? `  ${line}` : line))
      .join('\n'),
  );
}

export async function tags(cc: CommandContext, options: TeamOptions): Promise<void> {
  const service = await cc.backends.teamService(options.team);
  const found = await allPages((page) => service.listTags({ page }), cc.ctx.streams.stderr);
  if (options.json) return cc.out.json(found);
  if (found.length === 0 && cc.out.isTerminal) return cc.out.note('No tags yet.');
  for (const tag of found) cc.out.line(tag);
}

export interface TagOptions extends TeamOptions {
  limit?: string;
  all?: boolean;
}

export async function tag(cc: CommandContext, reference: string, options: TagOptions): Promise<void> {
  const limit = parseLimit(options.limit, options.all);
  const name = normaliseTag(reference);
  if (name === undefined) {
    throw new UsageError(
      `TAG: not a tag: ${reference} (a letter, then letters, digits, _ or -; with or without #)`,
    );
  }
  const service = await cc.backends.teamService(options.team);
  // The interface answers 404 for a tag no check-in carries: for a list, that is an empty one.
  const found = pagesUpTo(
    (page) =>
      service.listTagStatuses(name, { page }).catch((error: unknown) => {
        if (error instanceof NotFoundError && page === 1) return { items: [], page, hasNext: false };
        throw error;
      }),
    limit,
  );
  const { style } = cc.out;
  await cc.out.listWalk(
    found,
    options.json,
    `No check-ins carry #${name}.`,
    [
      { header: 'ID', cell: (s: V1Status) => s.id, plainOnly: true },
      { header: 'TITLE', cell: (s) => s.title },
      {
        header: 'COMPLETED',
        cell: (s) => (s.completed_at ? cc.out.time(s.completed_at) : ''),
        plain: (s) => s.completed_at ?? '',
      },
      {
        header: 'BLOCKED',
        cell: (s) => (s.blocked ? style.red('blocked') : ''),
        plain: (s) => String(s.blocked),
      },
    ],
    cc.ctx.shutdownSignal(),
  );
}

/**
 * `pulse absence add|remove|team add|team remove|import`: member absences and team holidays through the
 * v1 TeamService, built for shell jobs. Every run reports each date (created, already set, removed,
 * skipped, duplicate or failed), is safe to repeat, and exits 0 only when every date ended as asked.
 * Dates are written one at a time: remotely the TeamService paces itself under the v1 rate limit.
 */
import { RateLimitedError, ServiceError, UnavailableError } from '../../../core/errors.js';
import type { TeamService } from '../../../core/v1/team-service.js';
import type { CommandContext } from '../../command-context.js';
import { CancelledError, CliError, exitCodeFor, messageFor, UsageError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';
import { readInputFile } from '../../input.js';
import { progressBar } from '../../progress.js';
import { type AlreadySet, absenceKey, readAlreadySet } from './already-set.js';
import { checkDateSelection, type DateSelectionOptions, selectDates } from './date-selection.js';
import { type CsvRow, parseAbsenceCsv } from './import-csv.js';
import { type IcsEvent, parseAbsenceIcs } from './import-ics.js';
import { Acting, isMe, MemberDirectory, resolveMember } from './members.js';
import { type AbsenceResult, memberLabel, resultLine, summarise, summaryLine } from './report.js';

export interface DateOptions extends DateSelectionOptions {
  team?: string;
  dryRun?: boolean;
  json?: boolean;
}

export interface ImportOptions {
  team?: string;
  member?: string;
  holidays?: boolean;
  format?: string;
  dryRun?: boolean;
  json?: boolean;
}

type Action = 'add' | 'remove';

/** Whose absence: a member (by id; reported by slug) or the whole team. */
type Target = { id: string; slug: string } | 'team';

/** A date to write, or one whose outcome is already known (skipped, duplicate, a malformed row). */
type Step = { target: Target; date: string; line?: number } | { result: AbsenceResult };

export function add(cc: CommandContext, member: string | undefined, options: DateOptions): Promise<void> {
  return memberDates(cc, 'add', member, options);
}

export function remove(cc: CommandContext, member: string | undefined, options: DateOptions): Promise<void> {
  return memberDates(cc, 'remove', member, options);
}

export function teamAdd(cc: CommandContext, options: DateOptions): Promise<void> {
  return teamDates(cc, 'add', options);
}

export function teamRemove(cc: CommandContext, options: DateOptions): Promise<void> {
  return teamDates(cc, 'remove', options);
}

async function memberDates(
  cc: CommandContext,
  action: Action,
  reference: string | undefined,
  options: DateOptions,
): Promise<void> {
  checkDateSelection(options);
  const name = reference ?? 'me';
  const acting = new Acting(cc, isMe(name));
  const dates = await selectDates(options, () => acting.today());
  const pending = dates.map((date) => ({ member: name, date }));
  await execute(cc, action, options, pending, async () => {
    const service = await cc.backends.teamService(options.team);
    const member = await resolveMember(service, name, acting);
    const target = { id: member.id, slug: member.slug };
    return { service, steps: dates.map((date) => ({ target, date })) };
  });
}

async function teamDates(cc: CommandContext, action: Action, options: DateOptions): Promise<void> {
  checkDateSelection(options);
  const acting = new Acting(cc, false);
  const dates = await selectDates(options, () => acting.today());
  const pending = dates.map((date) => ({ member: null, date }));
  await execute(cc, action, options, pending, async () => ({
    service: await cc.backends.teamService(options.team),
    steps: dates.map((date) => ({ target: 'team' as const, date })),
  }));
}

// --- import ------------------------------------------------------------------------------------------

function importFormat(file: string, format: string | undefined): 'csv' | 'ics' {
  if (format !== undefined) {
    const wanted = format.trim().toLowerCase();
    if (wanted === 'csv' || wanted === 'ics') return wanted;
    throw new UsageError(`--format: csv or ics, not ${format}`);
  }
  return /\.(ics|ical)$/i.test(file) ? 'ics' : 'csv';
}

export async function importFile(cc: CommandContext, file: string, options: ImportOptions): Promise<void> {
  const format = importFormat(file, options.format);
  if (format === 'csv' && (options.member !== undefined || options.holidays)) {
    throw new UsageError(
      `${options.holidays ? '--holidays' : '--member'} is for .ics calendars: a CSV names the member on each row`,
    );
  }
  if (format === 'ics' && options.member !== undefined && options.holidays)
    throw new UsageError('--holidays and --member cannot be used together');
  if (format === 'ics' && options.member === undefined && !options.holidays) {
    throw new UsageError(
      "an .ics import needs --holidays (team holidays) or --member MEMBER (one member's time off)",
    );
  }
  const source = file === '-' ? 'stdin' : file;
  const text = await readInputFile(cc, file, 'FILE');
  if (format === 'csv') {
    const rows = await parseAbsenceCsv(text, source);
    const pending = rows.flatMap((row) =>
      'error' in row ? [] : row.dates.map((date) => ({ member: row.member, date, line: row.line })),
    );
    return execute(cc, 'add', options, pending, () => csvSteps(cc, rows, options));
  }
  const member = options.member;
  const acting = new Acting(cc, member !== undefined && isMe(member));
  const events = await parseAbsenceIcs(text, source, await acting.today());
  const pending = events.flatMap((event) =>
    'error' in event ? [] : event.dates.map((date) => ({ member: member ?? null, date, line: event.line })),
  );
  return execute(cc, 'add', options, pending, () => icsSteps(cc, events, acting, options));
}

interface Planned {
  service: TeamService;
  steps: Step[];
}

async function csvSteps(cc: CommandContext, rows: CsvRow[], options: ImportOptions): Promise<Planned> {
  const acting = new Acting(
    cc,
    rows.some((row) => isMe(row.member ?? '')),
  );
  const plan = new ImportPlan(await acting.today());
  const service = await cc.backends.teamService(options.team);
  const directory = new MemberDirectory(service, acting);
  const members = new Map<string, Target | { error: string }>();
  for (const row of rows) {
    const { line } = row;
    if ('error' in row) {
      plan.decided({ member: row.member, date: row.date, outcome: 'failed', error: row.error, line });
      continue;
    }
    const key = row.member.toLowerCase();
    let target = members.get(key);
    if (target === undefined) {
      target = await memberOrError(directory, row.member);
      members.set(key, target);
    }
    for (const date of row.dates) {
      if (target !== 'team' && 'error' in target) {
        const error = `line ${line}: ${target.error}`;
        plan.decided({ member: row.member, date, outcome: 'failed', error, line });
      } else plan.date(target, date, line);
    }
  }
  return { service, steps: plan.steps };
}

async function icsSteps(
  cc: CommandContext,
  events: IcsEvent[],
  acting: Acting,
  options: ImportOptions,
): Promise<Planned> {
  const member = options.member;
  const today = await acting.today();
  const service = await cc.backends.teamService(options.team);
  let target: Target = 'team';
  if (member !== undefined) {
    const found = await resolveMember(service, member, acting);
    target = { id: found.id, slug: found.slug };
  }
  const plan = new ImportPlan(today);
  for (const event of events) {
    const { line } = event;
    if ('error' in event) {
      const label = target === 'team' ? null : target.slug;
      plan.decided({ member: label, date: event.date, outcome: 'failed', error: event.error, line });
    } else for (const date of event.dates) plan.date(target, date, line);
  }
  return { service, steps: plan.steps };
}

/** A member for a CSV row, or why there is none (an unknown member fails its rows, not the import). */
async function memberOrError(
  directory: MemberDirectory,
  reference: string,
): Promise<Target | { error: string }> {
  try {
    const member = await directory.resolve(reference);
    return { id: member.id, slug: member.slug };
  } catch (error) {
    if (exitCodeFor(error) === ExitCode.notFound) return { error: messageFor(error) };
    throw error;
  }
}

/** The steps of an import: past dates are skipped, repeats of a member and date reported once applied. */
class ImportPlan {
  readonly steps: Step[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly today: string) {}

  decided(result: AbsenceResult): void {
    this.steps.push({ result });
  }

  date(target: Target, date: string, line: number): void {
    const member = target === 'team' ? null : target.slug;
    const key = `${target === 'team' ? '' : target.id}|${date}`;
    if (date < this.today) {
      this.decided({ member, date, outcome: 'skipped', reason: 'in the past', line });
    } else if (this.seen.has(key)) {
      this.decided({ member, date, outcome: 'duplicate', line });
    } else {
      this.seen.add(key);
      this.steps.push({ target, date, line });
    }
  }
}

// --- running and reporting ---------------------------------------------------------------------------

/** A date the run was asked for, named as the input named it: what a stopped run reports not done. */
interface Pending {
  member: string | null;
  date: string;
  line?: number;
}

/** Trouble on the way to the server (after the client's retries): it ends the run, it is no bad date. */
const isNetworkTrouble = (error: unknown) =>
  error instanceof UnavailableError || error instanceof RateLimitedError;

/**
 * Plans the run (resolving members needs the service) and applies its steps one at a time, streaming a
 * line per date (or one JSON report at the end). What is already set is read first, so only changes are
 * sent. Network trouble, a refused credential or Ctrl-C stops the run: the report says which dates were
 * done and which were not (`interrupted`, `not_done`), with --json on stdout even when the server was
 * unreachable from the start, and the error sets the exit code (6, 4, 130).
 */
async function execute(
  cc: CommandContext,
  action: Action,
  options: { dryRun?: boolean; json?: boolean },
  pending: Pending[],
  plan: () => Promise<Planned>,
): Promise<void> {
  let planned: Planned;
  try {
    planned = await plan();
  } catch (error) {
    if (!isNetworkTrouble(error)) throw error;
    report(cc, options, [], pending, error);
    throw error;
  }
  const { service, steps } = planned;
  const width = Math.max(
    0,
    ...steps.map(
      (step) =>
        memberLabel('result' in step ? step.result.member : step.target === 'team' ? null : step.target.slug)
          .length,
    ),
  );
  const targets = steps.flatMap((step) =>
    'result' in step ? [] : [{ memberId: step.target === 'team' ? null : step.target.id, date: step.date }],
  );
  const signal = cc.ctx.shutdownSignal();
  const results: AbsenceResult[] = [];
  let alreadySet: AlreadySet;
  // What ends the run early (a full disk, an unreachable server, a refused token): the dates before it
  // are written, so the report still says which, and then the error sets the exit code.
  let stoppedBy: { error: unknown } | undefined;
  let progress: ReturnType<typeof progressBar> | undefined;
  try {
    alreadySet = await readAlreadySet(service, targets);
    const changes = targets.filter(
      ({ memberId, date }) =>
        alreadySet === undefined || alreadySet.has(absenceKey(memberId, date)) !== (action === 'add'),
    );
    const bar = progressBar(cc.ctx.streams.stderr, options.dryRun ? 0 : changes.length, {
      label: 'absences',
    });
    progress = bar;
    /** A date already as asked is reported without a request; a change is sent (or, dry, reported). */
    const outcomeOf = async (step: Write): Promise<AbsenceResult> => {
      const same = unchanged(action, step, alreadySet);
      if (same) return same;
      const result = await apply(service, action, step, options.dryRun);
      bar.tick();
      return result;
    };
    for (const step of steps) {
      if (signal.aborted) break;
      const result = 'result' in step ? step.result : await outcomeOf(step);
      results.push(result);
      if (!options.json) bar.around(() => cc.out.line(resultLine(result, width)));
    }
  } catch (error) {
    stoppedBy = { error };
  } finally {
    progress?.done();
  }
  const notDone = steps.slice(results.length).map(pendingOf);
  const notes = report(cc, options, results, notDone, stoppedBy?.error);
  if (options.dryRun && alreadySet === undefined && targets.length > 0 && !stoppedBy)
    notes.push('the deployment does not list absences: some may already be set');
  const summary = summarise(results);
  if (stoppedBy) {
    // With nothing done the error's own line says it all.
    if (results.length > 0) cc.out.note(summaryLine(summary, notes));
    throw stoppedBy.error;
  }
  cc.out.note(summaryLine(summary, notes));
  if (notDone.length > 0) throw new CancelledError();
  // The report has said everything: only the exit code is left to set.
  if (summary.failed > 0) throw new CliError('', ExitCode.error);
}

const pendingOf = (step: Step): Pending =>
  'result' in step
    ? {
        member: step.result.member,
        date: step.result.date ?? '',
        ...(step.result.line ? { line: step.result.line } : {}),
      }
    : {
        member: step.target === 'team' ? null : step.target.slug,
        date: step.date,
        ...(step.line === undefined ? {} : { line: step.line }),
      };

/**
 * The JSON report (with --json), and the notes of the summary line: whether it was a dry run, and how
 * many dates a stop left undone.
 */
function report(
  cc: CommandContext,
  options: { dryRun?: boolean; json?: boolean },
  results: AbsenceResult[],
  notDone: Pending[],
  error: unknown,
): string[] {
  if (options.json) {
    const summary = { ...summarise(results), interrupted: notDone.length > 0, not_done: notDone };
    cc.out.json({ results, summary, ...(error === undefined ? {} : { error: messageFor(error) }) });
  }
  const notes: string[] = [];
  if (options.dryRun) notes.push('dry run: nothing changed');
  const left = notDone.length;
  if (left > 0) {
    const dates = `${left} ${left === 1 ? 'date' : 'dates'} not done`;
    notes.push(error === undefined ? `interrupted: ${dates}` : `stopped by the error below: ${dates}`);
  }
  return notes;
}

/** A date to write. */
type Write = { target: Target; date: string; line?: number };

/** A date's result: its member and date, the outcome (and why), then its input line. */
const resultOf = (
  { target, date, line }: Write,
  outcome: AbsenceResult['outcome'],
  error?: string,
): AbsenceResult => ({
  member: target === 'team' ? null : target.slug,
  date,
  outcome,
  ...(error === undefined ? {} : { error }),
  ...(line === undefined ? {} : { line }),
});

/** The outcome of a date that is already as asked (no request sent), else undefined. */
function unchanged(action: Action, step: Write, alreadySet: AlreadySet): AbsenceResult | undefined {
  if (alreadySet === undefined) return undefined;
  const set = alreadySet.has(absenceKey(step.target === 'team' ? null : step.target.id, step.date));
  if (action === 'add' && set) return resultOf(step, 'already_set');
  if (action === 'remove' && !set) return resultOf(step, 'not_set');
  return undefined;
}

async function apply(
  service: TeamService,
  action: Action,
  step: Write,
  dryRun: boolean | undefined,
): Promise<AbsenceResult> {
  const { target, date } = step;
  if (dryRun) return resultOf(step, action === 'add' ? 'would_add' : 'would_remove');
  try {
    if (action === 'remove') {
      if (target === 'team') await service.removeTeamAbsence(date);
      else await service.removeMemberAbsence(target.id, date);
      return resultOf(step, 'removed');
    }
    const { created } =
      target === 'team'
        ? await service.addTeamAbsence({ date })
        : await service.addMemberAbsence(target.id, { date });
    return resultOf(step, created ? 'created' : 'already_set');
  } catch (error) {
    // Credentials that fail once fail for every date, and so does a server that is gone (after the
    // client's retries); anything that is not the service's answer is a bug.
    if (!(error instanceof ServiceError) || error.status === 401 || error.status === 403) throw error;
    if (isNetworkTrouble(error)) throw error;
    return resultOf(step, 'failed', messageFor(error));
  }
}

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
import { readInputBytes } from '../../input.js';
import { progressBar } from '../../progress.js';
import { type AlreadySet, absenceKey, readAlreadySet } from './already-set.js';
import { checkDateSelection, type DateSelectionOptions, selectDates } from './date-selection.js';
import { hrFileText } from './file-encoding.js';
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

/**
 * Whose absence: a member (by id; reported by `name`: the slug for add and remove, as the input named
 * them for an import) or the whole team.
 */
type Target = { id: string; name: string } | 'team';

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
    const target = { id: member.id, name: member.slug };
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
  const source = file === '-' ? 'stdin' : file;
  const text = hrFileText(await readInputBytes(cc, file, 'FILE'), source);
  if (format === 'csv') {
    const { rows, ignoredColumns } = await parseAbsenceCsv(text, source);
    if (ignoredColumns.length > 0) cc.out.note(`ignored columns: ${ignoredColumns.join(', ')}`);
    const pending = rows.flatMap((row) =>
      'error' in row ? [] : row.dates.map((date) => ({ member: row.member, date, line: row.line })),
    );
    return execute(cc, 'add', options, pending, () => csvSteps(cc, rows, options));
  }
  const member = options.member;
  const acting = new Acting(cc, member !== undefined && isMe(member));
  const events = await parseAbsenceIcs(text, source, await acting.today());
  const whose = icsWhose(options);
  if (whose === 'attendees') checkEveryEventNamesSomeone(events, source);
  const pending = events.flatMap((event) =>
    'error' in event
      ? []
      : event.dates.flatMap((date) =>
          (whose === 'attendees' ? event.people : [whose === 'team' ? null : whose.member]).map((name) => ({
            member: name,
            date,
            line: event.line,
          })),
        ),
  );
  return execute(cc, 'add', options, pending, () => icsSteps(cc, events, acting, whose, options));
}

/** Whose absences a calendar holds: the team's, one member's, or each event's attendees'. */
type IcsWhose = 'team' | 'attendees' | { member: string };

const icsWhose = (options: ImportOptions): IcsWhose =>
  options.holidays ? 'team' : options.member === undefined ? 'attendees' : { member: options.member };

/**
 * A calendar read by attendees must name someone in every event: one that names nobody is somebody's own
 * calendar, imported without --member (or holidays without --holidays), so nothing is imported.
 */
function checkEveryEventNamesSomeone(events: IcsEvent[], source: string): void {
  const lines = events.filter((event) => event.people.length === 0).map((event) => event.line);
  if (lines.length === 0) return;
  const named = `${lines.length === 1 ? 'line' : 'lines'} ${lines.slice(0, 5).join(', ')}${lines.length > 5 ? ` and ${lines.length - 5} more` : ''}`;
  throw new UsageError(
    `${source}: ${lines.length === 1 ? 'an event names' : 'events name'} no ATTENDEE or ORGANIZER (${named}): ` +
      'name whose time off it is with --member MEMBER, or import team holidays with --holidays',
  );
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
  const members = new FileMembers(new MemberDirectory(service, acting));
  for (const row of rows) {
    const { line } = row;
    if ('error' in row) {
      plan.decided({ member: row.member, date: row.date, outcome: 'failed', error: row.error, line });
      continue;
    }
    const found = await members.named(row.member);
    for (const date of row.dates) plan.memberDate(row.member, found, date, line);
  }
  return { service, steps: plan.steps };
}

async function icsSteps(
  cc: CommandContext,
  events: IcsEvent[],
  acting: Acting,
  whose: IcsWhose,
  options: ImportOptions,
): Promise<Planned> {
  const today = await acting.today();
  const service = await cc.backends.teamService(options.team);
  let target: Target = 'team';
  if (typeof whose === 'object') {
    const found = await resolveMember(service, whose.member, acting);
    target = { id: found.id, name: whose.member };
  }
  const members = new FileMembers(new MemberDirectory(service, acting));
  const plan = new ImportPlan(today);
  for (const event of events) {
    const { line } = event;
    if ('error' in event) {
      const names = whose === 'attendees' ? event.people : [target === 'team' ? null : target.name];
      for (const member of names)
        plan.decided({ member, date: event.date, outcome: 'failed', error: event.error, line });
    } else if (whose === 'attendees') {
      for (const person of event.people) {
        const found = await members.named(person);
        for (const date of event.dates) plan.memberDate(person, found, date, line);
      }
    } else for (const date of event.dates) plan.date(target, date, line);
  }
  return { service, steps: plan.steps };
}

/**
 * The members a file names, each looked up once (case aside) in the team's member list, read once: an
 * unknown one fails its rows, not the import.
 */
class FileMembers {
  private readonly found = new Map<string, Promise<{ id: string } | { error: string }>>();

  constructor(private readonly directory: MemberDirectory) {}

  named(reference: string): Promise<{ id: string } | { error: string }> {
    const key = reference.trim().toLowerCase();
    let member = this.found.get(key);
    if (member === undefined) {
      member = this.lookUp(reference);
      this.found.set(key, member);
    }
    return member;
  }

  private async lookUp(reference: string): Promise<{ id: string } | { error: string }> {
    try {
      return { id: (await this.directory.resolve(reference)).id };
    } catch (error) {
      if (exitCodeFor(error) === ExitCode.notFound) return { error: messageFor(error) };
      throw error;
    }
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

  /** A date of a member the file names as `name`: a failure when no member has that name. */
  memberDate(name: string, member: { id: string } | { error: string }, date: string, line: number): void {
    if ('error' in member) {
      const error = `line ${line}: ${member.error}`;
      this.decided({ member: name, date, outcome: 'failed', error, line });
    } else this.date({ id: member.id, name }, date, line);
  }

  date(target: Target, date: string, line: number): void {
    const member = target === 'team' ? null : target.name;
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
        memberLabel('result' in step ? step.result.member : step.target === 'team' ? null : step.target.name)
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
        member: step.target === 'team' ? null : step.target.name,
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
  member: target === 'team' ? null : target.name,
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

/** `pulse checkin`: fills in a check-in (today's by default) from flags, a file, or prompts. */
import { NotFoundError, UnreachableError } from '../../../core/errors.js';
import { isMood, MOOD_NAMES } from '../../../core/moods.js';
import type { CheckInUpdate, Service } from '../../../core/service.js';
import { addDays } from '../../../core/time.js';
import type { CheckIn, Person } from '../../../core/types.js';
import { weekdayOf } from '../../../core/weekdays.js';
import type { CommandContext } from '../../command-context.js';
import { parseDateWord, todayIn } from '../../dates.js';
import { type Draft, draftsPath, dropDrafts, interruptedDraft, keepDraft } from '../../drafts.js';
import { CliError, UsageError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';
import { readInputFile } from '../../input.js';
import { isRemote, type Settings } from '../../settings.js';
import { activitiesAsPrevious, recentActivities } from './activities.js';
import { parseAnswersFile } from './answers-file.js';
import { forgetDueState } from './due-cache.js';
import { CheckInInterrupted } from './interrupted.js';
import { longDate, renderCheckIn } from './render.js';

export interface FillOptions {
  previous?: string;
  intentions?: string;
  blockers?: string;
  mood?: string;
  done?: boolean;
  notDone?: boolean;
  team?: string[];
  date?: string;
  file?: string;
  json?: boolean;
  resume?: boolean;
  discardDraft?: boolean;
  previousFromActivities?: boolean;
}

/** An interrupted check-in is kept this many days after its date, then dropped. */
const INTERRUPTED_DRAFT_DAYS = 7;

/**
 * Where an interrupted check-in belongs: the deployment in remote mode, the store (and the person acted
 * as) in local mode, so that it is offered only where it was typed.
 */
function draftTarget(settings: Settings): string {
  if (isRemote(settings)) return settings.baseUrl;
  return settings.actAs ? `${settings.storePath}#${settings.actAs.toLowerCase()}` : settings.storePath;
}

/** The command that takes the person back to a check-in's prompts, whatever day it is run. */
const resumeCommand = (date: string) => `pulse checkin --date ${date}`;

/** The options that give answers (or their day), which --resume and --discard-draft take none of. */
export const ANSWER_OPTIONS = [
  'previous',
  'intentions',
  'blockers',
  'mood',
  'done',
  'notDone',
  'team',
  'date',
  'file',
  'previousFromActivities',
] as const;

const REQUIRED = [
  ['previous', '--previous'],
  ['intentions', '--intentions'],
  ['blockers', '--blockers'],
] as const;

function missingAnswers(missing: readonly (typeof REQUIRED)[number][]): UsageError {
  const flags = missing.map(([, flag]) => flag).join(', ');
  return new UsageError(
    `missing ${flags} (or give them in --file); prompts need a terminal and no --no-input`,
  );
}

export function teamIdsFor(me: Person, references: string[]): string[] {
  return references.map((reference) => {
    const wanted = reference.trim().toLowerCase();
    const team = me.teams.find((t) => t.id === wanted || t.name.toLowerCase() === wanted);
    if (!team) {
      const yours = me.teams.map((t) => t.name).join(', ') || 'none';
      throw new UsageError(`--team: "${reference}" is not one of your teams (${yours})`);
    }
    return team.id;
  });
}

/**
 * The answers given on the command line and in --file; flags win over the file. --team is resolved
 * later, against the person (see run).
 */
async function givenAnswers(cc: CommandContext, options: FillOptions): Promise<CheckInUpdate> {
  if (options.done && options.notDone) throw new UsageError('--done and --not-done cannot be used together');
  const given: CheckInUpdate = options.file
    ? parseAnswersFile(
        await readInputFile(cc, options.file, '--file'),
        options.file === '-' ? 'stdin' : options.file,
      )
    : {};
  for (const field of ['previous', 'intentions', 'blockers'] as const) {
    if (options[field] !== undefined) given[field] = options[field];
  }
  if (options.mood !== undefined) {
    const mood = options.mood.trim().toLowerCase();
    if (!isMood(mood))
      throw new UsageError(`--mood: unknown mood "${options.mood}" (one of ${MOOD_NAMES.join(', ')})`);
    given.mood = mood;
  }
  if (options.done) given.previous_completed = true;
  if (options.notDone) given.previous_completed = false;
  return given;
}

/** Says why a date has no check-in, from what every path can see: the teams' report days. */
async function explainNothingScheduled(service: Service, me: Person, date: string): Promise<never> {
  const weekday = weekdayOf(date);
  const teams = await Promise.all(me.teams.map((team) => service.getTeam(team.id)));
  const reporting = teams.filter((team) => team.report_days.includes(weekday));
  const why =
    teams.length === 0
      ? 'you are not a member of any team'
      : reporting.length === 0
        ? `${weekday} is not a report day of your teams (${teams.map((t) => `${t.name}: ${t.report_days.join(', ')}`).join('; ')})`
        : 'you or your teams are marked absent that day';
  throw new CliError(
    `Nothing is scheduled for ${longDate(date)}: ${why}.\nPick another day with --date YYYY-MM-DD (or yesterday, or a weekday name).`,
    ExitCode.notFound,
  );
}

export async function run(cc: CommandContext, options: FillOptions): Promise<void> {
  if (options.discardDraft) {
    const answering = ANSWER_OPTIONS.some((key) => key !== 'date' && options[key] !== undefined);
    if (answering || options.resume)
      throw new UsageError(
        '--discard-draft drops the kept answers: give it no answers or --resume (only --date)',
      );
    return discardDraft(cc, options);
  }
  if (options.resume) return (await import('./drafts-send.js')).resume(cc, options);
  const given = await givenAnswers(cc, options);
  // What to keep as a draft if the server turns out to be unreachable: known once the answers are.
  let draft: Omit<Draft, 'base_url' | 'saved_at'> | undefined;
  const hasAnswers = Object.keys(given).length > 0 || Boolean(options.team?.length);
  if (hasAnswers && (!cc.settings.interactive || REQUIRED.every(([field]) => given[field] !== undefined))) {
    // Offline the person's time zone is unknown: "today" is the machine's.
    const today = todayIn(cc.ctx.systemTimeZone(), cc.ctx.clock.now());
    const date = options.date === undefined ? today : parseDateWord(options.date, today, '--date');
    draft = { date, answers: given, ...(options.team?.length ? { teams: options.team } : {}) };
  }
  try {
    await fill(cc, options, given, (known) => {
      draft = known;
    });
  } catch (error) {
    if (error instanceof CheckInInterrupted) throw keepInterrupted(cc, error);
    if (!(error instanceof UnreachableError) || draft === undefined || !isRemote(cc.settings)) throw error;
    const settings = cc.settings;
    keepDraft(cc.ctx.env, settings.profileName, {
      base_url: settings.baseUrl,
      ...draft,
      saved_at: new Date(cc.ctx.clock.now()).toISOString(),
    });
    // The offline draft holds every answer: the interrupted one of that day, if any, is done with.
    const kept = draft;
    dropDrafts(
      cc.ctx.env,
      settings.profileName,
      (each) => each.interrupted === true && each.base_url === settings.baseUrl && each.date === kept.date,
    );
    throw new CliError(
      `${error.message}\nYour check-in for ${longDate(draft.date)} is kept as a draft in ${draftsPath(cc.ctx.env, settings.profileName)}; ` +
        'the next pulse command sends it once the server answers, or send it now with pulse checkin --resume.',
      ExitCode.network,
    );
  }
}

async function fill(
  cc: CommandContext,
  options: FillOptions,
  given: CheckInUpdate,
  draftable: (draft: Omit<Draft, 'base_url' | 'saved_at'>) => void,
): Promise<void> {
  const service = await cc.backends.service();
  const me = await service.me();
  if (options.team?.length) given.team_ids = teamIdsFor(me, options.team);
  const today = todayIn(me.time_zone, cc.ctx.clock.now());
  const date = options.date === undefined ? today : parseDateWord(options.date, today, '--date');
  const { env } = cc.ctx;
  const profile = cc.settings.profileName;
  const target = draftTarget(cc.settings);
  dropStaleDrafts(cc, target, today);
  const kept = interruptedDraft(env, profile, target, date);
  const forgetKept = () =>
    dropDrafts(
      env,
      profile,
      (draft) => draft.interrupted === true && draft.base_url === target && draft.date === date,
    );

  let update: CheckInUpdate;
  try {
    update = await answersFor(cc, service, { me, today, date, options, given, kept, forgetKept });
  } catch (error) {
    if (kept && !cc.settings.interactive && !(error instanceof CheckInInterrupted))
      cc.out.note(
        `You have an unfinished check-in for ${longDate(date)} (kept when its prompts stopped): resume it on a terminal with ${resumeCommand(date)}, or drop it with ${resumeCommand(date)} --discard-draft.`,
      );
    throw error;
  }
  draftable({ date, answers: update });
  const saved = await service.updateCheckIn(date, update);
  forgetDueState(env, profile);
  if (forgetKept().length > 0 && !cc.settings.interactive)
    cc.out.note(`Removed your unfinished check-in draft for ${longDate(date)}: this check-in replaces it.`);
  if (options.json) return cc.out.json(saved);
  await renderCheckIn(cc.out, saved);
  cc.out.note(`Saved your check-in for ${longDate(saved.date)}.`);
}

interface AnswersFor {
  me: Person;
  today: string;
  date: string;
  options: FillOptions;
  given: CheckInUpdate;
  /** This date's interrupted check-in, if one is kept. */
  kept: Draft | undefined;
  forgetKept: () => void;
}

/** The update to save: the given answers, completed by prompts on a terminal. */
async function answersFor(cc: CommandContext, service: Service, a: AnswersFor): Promise<CheckInUpdate> {
  const { me, today, date, options, given } = a;
  // Without prompts, refuse missing answers before reading the day's check-in: reading it by date makes
  // the pending one (as the interface's GET does), and a refused command must change nothing. Only a
  // completed check-in (which the list shows) needs no answers but the changed ones.
  if (!cc.settings.interactive) {
    const unanswered = REQUIRED.filter(
      ([field]) => given[field] === undefined && !(field === 'previous' && options.previousFromActivities),
    );
    if (unanswered.length > 0) {
      const completed = await service.listCheckIns({
        people_ids: [me.id],
        since: date,
        until: date,
        per_page: 1,
      });
      if (completed.items.length === 0) throw missingAnswers(unanswered);
    }
  }

  let current: CheckIn;
  try {
    current = await service.getCheckIn(date);
  } catch (error) {
    if (error instanceof NotFoundError) return explainNothingScheduled(service, me, date);
    throw error;
  }

  // Without prompts, only when asked: prompts offer the activities anyway.
  if (options.previousFromActivities && !cc.settings.interactive && given.previous === undefined) {
    const before = await service.listCheckIns({ people_ids: [me.id], until: addDays(date, -1), per_page: 1 });
    given.previous = activitiesAsPrevious(await recentActivities(service, me, before.items[0]));
  }
  const missing = REQUIRED.filter(([field]) => given[field] === undefined && current.completed_at === null);
  if (cc.settings.interactive && (missing.length > 0 || Object.keys(given).length === 0)) {
    const { offerResume, promptCheckIn } = await import('./prompt.js');
    let resumed: CheckInUpdate | undefined;
    if (a.kept) {
      if (await offerResume(cc, date, a.kept.answers)) resumed = a.kept.answers;
      else {
        a.forgetKept();
        cc.out.note(`Discarded the answers kept for ${longDate(date)}.`);
      }
    }
    const before = await service.listCheckIns({ people_ids: [me.id], until: addDays(date, -1), per_page: 1 });
    const activities = await recentActivities(service, me, before.items[0]);
    return promptCheckIn(cc, {
      me,
      date,
      today,
      current,
      previousCheckIn: before.items[0],
      given,
      activities,
      resumed,
    });
  }
  if (missing.length > 0) throw missingAnswers(missing);
  if (Object.keys(given).length === 0)
    throw new UsageError(
      'nothing to change: give --previous, --intentions, --blockers, --mood, --done or --team',
    );
  return given;
}

/** Interrupted check-ins a week past their date are dropped, each with a line saying so. */
function dropStaleDrafts(cc: CommandContext, target: string, today: string): void {
  const stale = dropDrafts(
    cc.ctx.env,
    cc.settings.profileName,
    (draft) =>
      draft.interrupted === true &&
      draft.base_url === target &&
      addDays(draft.date, INTERRUPTED_DRAFT_DAYS) < today,
  );
  for (const draft of stale)
    cc.out.note(
      `Dropped the unfinished check-in for ${longDate(draft.date)}: drafts are kept ${INTERRUPTED_DRAFT_DAYS} days after their date.`,
    );
}

/** Keeps the answers of stopped prompts as a draft and says how to go on; nothing typed, nothing kept. */
function keepInterrupted(cc: CommandContext, stopped: CheckInInterrupted): CliError {
  const answered = Object.values(stopped.answers).some((value) => value !== undefined && value !== null);
  if (!answered) return stopped;
  const profile = cc.settings.profileName;
  keepDraft(cc.ctx.env, profile, {
    base_url: draftTarget(cc.settings),
    interrupted: true,
    date: stopped.date,
    answers: stopped.answers,
    saved_at: new Date(cc.ctx.clock.now()).toISOString(),
  });
  return new CliError(
    `cancelled; your answers so far are kept in ${draftsPath(cc.ctx.env, profile)}.\nResume them with: ${resumeCommand(stopped.date)}`,
    ExitCode.interrupted,
  );
}

/** `pulse checkin --discard-draft [--date D]`: drops the day's interrupted check-in. */
async function discardDraft(cc: CommandContext, options: FillOptions): Promise<void> {
  const service = await cc.backends.service();
  const me = await service.me();
  const today = todayIn(me.time_zone, cc.ctx.clock.now());
  const date = options.date === undefined ? today : parseDateWord(options.date, today, '--date');
  const target = draftTarget(cc.settings);
  const dropped = dropDrafts(
    cc.ctx.env,
    cc.settings.profileName,
    (draft) => draft.interrupted === true && draft.base_url === target && draft.date === date,
  );
  cc.out.note(
    dropped.length > 0
      ? `Discarded the answers kept for ${longDate(date)}.`
      : `No unfinished check-in is kept for ${longDate(date)}.`,
  );
}

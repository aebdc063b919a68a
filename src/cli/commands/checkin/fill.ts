/** `pulse checkin`: fills in a check-in (today's by default) from flags, a file, or prompts. */
import { NotFoundError, UnreachableError } from '../../../core/errors.js';
import { isMood, MOOD_NAMES } from '../../../core/moods.js';
import type { CheckInUpdate, Service } from '../../../core/service.js';
import { addDays } from '../../../core/time.js';
import type { CheckIn, Person } from '../../../core/types.js';
import { weekdayOf } from '../../../core/weekdays.js';
import type { CommandContext } from '../../command-context.js';
import { parseDateWord, todayIn } from '../../dates.js';
import { type Draft, draftsPath, keepDraft } from '../../drafts.js';
import { CliError, UsageError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';
import { readInputFile } from '../../input.js';
import { isRemote } from '../../settings.js';
import { activitiesAsPrevious, recentActivities } from './activities.js';
import { parseAnswersFile } from './answers-file.js';
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
  previousFromActivities?: boolean;
}

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
    if (!(error instanceof UnreachableError) || draft === undefined || !isRemote(cc.settings)) throw error;
    const settings = cc.settings;
    keepDraft(cc.ctx.env, settings.profileName, {
      base_url: settings.baseUrl,
      ...draft,
      saved_at: new Date(cc.ctx.clock.now()).toISOString(),
    });
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
  let update = given;
  if (cc.settings.interactive && (missing.length > 0 || Object.keys(given).length === 0)) {
    const { promptCheckIn } = await import('./prompt.js');
    const before = await service.listCheckIns({ people_ids: [me.id], until: addDays(date, -1), per_page: 1 });
    const activities = await recentActivities(service, me, before.items[0]);
    update = await promptCheckIn(cc, {
      me,
      date,
      today,
      current,
      previousCheckIn: before.items[0],
      given,
      activities,
    });
  } else if (missing.length > 0) {
    throw missingAnswers(missing);
  } else if (Object.keys(given).length === 0) {
    throw new UsageError(
      'nothing to change: give --previous, --intentions, --blockers, --mood, --done or --team',
    );
  }
  draftable({ date, answers: update });
  const saved = await service.updateCheckIn(date, update);
  if (options.json) return cc.out.json(saved);
  await renderCheckIn(cc.out, saved);
  cc.out.note(`Saved your check-in for ${longDate(saved.date)}.`);
}

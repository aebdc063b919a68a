/**
 * `pulse checkin due`: is today's check-in still to fill in? An exit code for shell prompts and cron
 * (0 nothing due, 1 due), quiet unless asked. In remote mode it costs at most one request: pulse serve
 * answers the check-in on the person's `today` (a deployment without that reads the person's time zone
 * first, kept an hour); the answer is kept a minute (due-cache.ts). Network trouble ends it with 6 and,
 * unless output was asked for, no word.
 */
import { type CheckInDue, checkInDue, TODAY_KEY } from '../../../core/check-in-due.js';
import { NotFoundError, NothingScheduledError, UnsupportedError } from '../../../core/errors.js';
import type { Service } from '../../../core/service.js';
import type { CheckIn } from '../../../core/types.js';
import type { CommandContext } from '../../command-context.js';
import { todayIn } from '../../dates.js';
import { CliError, exitCodeFor, UsageError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';
import { isRemote } from '../../settings.js';
import {
  DUE_ANSWER_MS,
  DUE_FACTS_MS,
  type DueCache,
  type DueFacts,
  readDueCache,
  writeDueCache,
} from './due-cache.js';
import { longDate } from './render.js';

export interface DueOptions {
  team?: string;
  remind?: boolean;
  json?: boolean;
}

export async function run(cc: CommandContext, options: DueOptions): Promise<void> {
  let answer: CheckInDue;
  try {
    answer = await dueAnswer(cc, options.team);
  } catch (error) {
    // A shell prompt asks at every line: being offline is no news to print there.
    if (exitCodeFor(error) === ExitCode.network && !options.remind && !options.json)
      throw new CliError('', ExitCode.network);
    throw error;
  }
  if (options.json) cc.out.json(answer);
  else if (options.remind && answer.due) {
    const what = answer.team ? answer.team.name : longDate(answer.date);
    cc.out.line(`Your check-in for ${what} is due (pulse checkin).`);
  }
  if (answer.due) throw new CliError('', ExitCode.error);
}

async function dueAnswer(cc: CommandContext, teamReference: string | undefined): Promise<CheckInDue> {
  const settings = cc.settings;
  const now = cc.ctx.clock.now();
  if (!isRemote(settings)) {
    const service = await cc.backends.service();
    const facts = await readFacts(service, teamReference);
    return askService(service, todayIn(facts.time_zone, now), teamReference, facts);
  }
  const { env } = cc.ctx;
  const key = teamReference?.trim().toLowerCase() ?? '';
  const cache = readDueCache(env, settings.profileName, settings.baseUrl);
  const remembered = cache.answers[key];
  const fresh = (at: number, ttl: number) => at <= now.getTime() && now.getTime() - at < ttl;
  // Kept only while no midnight has passed since, in the person's time zone where an answer of the
  // server told it, else in this machine's (the usual one: pulse serve's `today` answers say no zone).
  const zone = cache.facts?.time_zone ?? cc.ctx.systemTimeZone();
  if (
    remembered &&
    fresh(remembered.checked_at, DUE_ANSWER_MS) &&
    todayIn(zone, new Date(remembered.checked_at)) === todayIn(zone, now)
  )
    return remembered.answer;

  // Kept drafts are sent by the next command that is not a prompt's question.
  const service = await cc.backends.service({ sendDrafts: false, impatient: true });
  let facts =
    cache.facts && fresh(cache.facts.read_at, DUE_FACTS_MS) && knowsTeam(cache.facts, teamReference)
      ? cache.facts
      : undefined;
  let answer: CheckInDue | undefined;
  let todayUnsupported = facts?.today_unsupported === true;
  // One request: pulse serve answers `today` with the day's check-in, or says which day has none.
  if (teamReference === undefined && !todayUnsupported) {
    try {
      answer = await askToday(service);
    } catch (error) {
      if (!(error instanceof UnsupportedError)) throw error;
      todayUnsupported = true;
      facts = undefined;
    }
  }
  if (!answer) {
    // Another deployment (or a question about one team): the person's time zone (and teams) first,
    // kept an hour.
    facts ??= {
      ...(await readFacts(service, teamReference, now.getTime())),
      today_unsupported: todayUnsupported,
    };
    answer = await askService(service, todayIn(facts.time_zone, now), teamReference, facts);
  }
  const next: DueCache = {
    ...cache,
    ...(facts ? { facts } : {}),
    answers: { ...cache.answers, [key]: { answer, checked_at: now.getTime() } },
  };
  writeDueCache(env, settings.profileName, next);
  return answer;
}

/** The answer from the check-in on the person's today, as the server counts it. */
async function askToday(service: Service): Promise<CheckInDue> {
  try {
    const checkIn = await service.getCheckIn(TODAY_KEY);
    return checkInDue(checkIn.date, checkIn);
  } catch (error) {
    if (error instanceof NothingScheduledError) return checkInDue(error.date, undefined);
    throw error;
  }
}

function findTeam(facts: Pick<DueFacts, 'teams'>, reference: string) {
  const wanted = reference.trim().toLowerCase();
  return facts.teams.find((team) => team.id === wanted || team.name.toLowerCase() === wanted);
}

function knowsTeam(facts: DueFacts, reference: string | undefined): boolean {
  if (reference === undefined) return true;
  const team = findTeam(facts, reference);
  return team !== undefined && facts.report_days[team.id] !== undefined;
}

/** The person's time zone and teams, and the report days of the team asked about. */
async function readFacts(service: Service, teamReference: string | undefined, readAt = 0): Promise<DueFacts> {
  const me = await service.me();
  const facts: DueFacts = {
    time_zone: me.time_zone,
    teams: me.teams.map((team) => ({ id: team.id, name: team.name })),
    report_days: {},
    read_at: readAt,
  };
  if (teamReference !== undefined) {
    const team = findTeam(facts, teamReference);
    if (!team) {
      const yours = facts.teams.map((t) => t.name).join(', ') || 'none';
      throw new UsageError(`--team: "${teamReference}" is not one of your teams (${yours})`);
    }
    facts.report_days[team.id] = (await service.getTeam(team.id)).report_days;
  }
  return facts;
}

async function askService(
  service: Service,
  date: string,
  teamReference: string | undefined,
  facts: DueFacts,
): Promise<CheckInDue> {
  let checkIn: CheckIn | undefined;
  try {
    checkIn = await service.getCheckIn(date);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
  if (teamReference === undefined) return checkInDue(date, checkIn);
  const team = findTeam(facts, teamReference);
  if (!team) throw new UsageError(`--team: "${teamReference}" is not one of your teams`);
  return checkInDue(date, checkIn, { ...team, report_days: facts.report_days[team.id] ?? [] });
}

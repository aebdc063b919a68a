/**
 * Sending kept check-in drafts (src/cli/drafts.ts): by `pulse checkin --resume`, and before the first
 * request of any other remote command. A send is idempotent: a check-in is identified by its person and
 * day and filled with PATCH, and the day's check-in is read first, so a draft the server already received
 * (the connection dropped after it arrived) is not written again.
 */
import { RateLimitedError, ServiceError, UnavailableError } from '../../../core/errors.js';
import type { CheckInUpdate, Service } from '../../../core/service.js';
import type { CheckIn, Person } from '../../../core/types.js';
import type { CommandContext } from '../../command-context.js';
import type { Context } from '../../context.js';
import { printable } from '../../control-characters.js';
import { type Draft, draftsPath, readDrafts, writeDrafts } from '../../drafts.js';
import { CliError, UsageError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';
import { isRemote, type Settings } from '../../settings.js';
import { withSpinner } from '../../spinner.js';
import { forgetDueState } from './due-cache.js';
import type { FillOptions } from './fill.js';
import { ANSWER_OPTIONS, teamIdsFor } from './fill.js';
import { longDate } from './render.js';

export interface SendResult {
  sent: CheckIn[];
  /** Drafts left kept because the server is still unreachable. */
  kept: number;
  /** Drafts the server refused (a 4xx): removed, their answers printed on stderr. */
  refused: number;
  /** The failure that stopped the sending (unreachable, 5xx, rate limited), if any. */
  unreachable?: ServiceError;
}

/** An answer about the draft itself (its answers, its day, its teams), not about the token or the server. */
function refusesTheDraft(error: unknown): boolean {
  if (error instanceof UsageError) return true;
  return (
    error instanceof ServiceError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 403, 429].includes(error.status)
  );
}

const TEXT_FIELDS = ['previous', 'intentions', 'blockers', 'mood', 'previous_completed'] as const;

/** The server already holds every answer of the draft: sending it again would change nothing. */
function alreadyHolds(current: CheckIn, answers: CheckInUpdate): boolean {
  for (const field of TEXT_FIELDS) {
    const wanted = answers[field];
    if (wanted === undefined) continue;
    const held = current[field];
    const same = typeof wanted === 'string' ? (held ?? '') === wanted.trim() : held === wanted;
    if (!same) return false;
  }
  if (answers.team_ids) {
    const held = current.teams.map((team) => team.id).sort();
    if (held.join(',') !== [...answers.team_ids].sort().join(',')) return false;
  }
  return current.completed_at !== null;
}

async function sendOne(service: Service, me: Person, draft: Draft): Promise<CheckIn> {
  const answers: CheckInUpdate = { ...draft.answers };
  if (draft.teams?.length) answers.team_ids = teamIdsFor(me, draft.teams);
  const current = await service.getCheckIn(draft.date);
  if (alreadyHolds(current, answers)) return current;
  return service.updateCheckIn(draft.date, answers);
}

/**
 * Sends the profile's drafts for `baseUrl`, oldest first, stopping at the first network failure (the
 * rest stay kept). A refused draft is removed and its answers written to stderr as JSON, to fix and send
 * with `pulse checkin --file`.
 */
export async function sendDrafts(
  ctx: Context,
  settings: Settings & { baseUrl: string },
  service: Service,
): Promise<SendResult> {
  const { env } = ctx;
  const all = readDrafts(env, settings.profileName);
  // An interrupted check-in is the person's to finish: only `pulse checkin` offers it.
  const mine = all.filter((draft) => draft.base_url === settings.baseUrl && !draft.interrupted);
  const result: SendResult = { sent: [], kept: 0, refused: 0 };
  if (mine.length === 0) return result;
  const done = new Set<Draft>();
  try {
    const me = await service.me();
    for (const draft of mine) {
      try {
        result.sent.push(await sendOne(service, me, draft));
      } catch (error) {
        if (!refusesTheDraft(error)) throw error;
        result.refused++;
        ctx.streams.stderr.write(
          `pulse: the server refused your kept check-in draft for ${longDate(draft.date)} (${printable((error as Error).message)}); ` +
            `its answers, to fix and send with pulse checkin --date ${draft.date} --file -:\n` +
            `${JSON.stringify(draft.answers, null, 2)}\n`,
        );
      }
      done.add(draft);
    }
  } catch (error) {
    // Unreachable, failing (5xx) or rate limited: try again later. Anything else (a refused token) is the
    // command's to report, with the drafts still kept.
    if (!(error instanceof UnavailableError || error instanceof RateLimitedError)) throw error;
    result.unreachable = error;
  } finally {
    writeDrafts(
      env,
      settings.profileName,
      all.filter((draft) => !done.has(draft)),
    );
  }
  result.kept = mine.length - done.size;
  // A sent check-in changes what `pulse checkin due` would answer.
  if (result.sent.length > 0) forgetDueState(env, settings.profileName);
  return result;
}

/** Before a remote command's first request: sends what is kept, one line on stderr, quiet when offline. */
export async function sendPendingDrafts(
  ctx: Context,
  settings: Settings & { baseUrl: string },
  service: Service,
): Promise<void> {
  // Retries against a server still down take seconds: say what is going on, on a terminal.
  const result = await withSpinner(ctx.streams.stderr, 'Sending your kept check-in drafts…', () =>
    sendDrafts(ctx, settings, service),
  );
  if (result.sent.length === 0) return;
  const days = result.sent.map((checkIn) => longDate(checkIn.date)).join(', ');
  ctx.streams.stderr.write(
    `pulse: sent your kept check-in draft${result.sent.length > 1 ? 's' : ''} for ${days}.\n`,
  );
}

/** `pulse checkin --resume`: sends the kept drafts now. */
export async function resume(cc: CommandContext, options: FillOptions): Promise<void> {
  if (ANSWER_OPTIONS.some((key) => options[key] !== undefined))
    throw new UsageError('--resume sends the kept drafts as they are: give it no other answers or --date');
  const settings = cc.settings;
  if (!isRemote(settings))
    throw new UsageError('--resume sends drafts kept in remote mode: this profile works on a local store');
  const service = await cc.backends.service({ sendDrafts: false });
  const result = await withSpinner(cc.ctx.streams.stderr, 'Sending your kept check-in drafts…', () =>
    sendDrafts(cc.ctx, settings, service),
  );
  if (options.json) cc.out.json(result.sent);
  else
    for (const checkIn of result.sent) cc.out.note(`Sent your kept check-in for ${longDate(checkIn.date)}.`);
  if (result.unreachable) {
    throw new CliError(
      `${result.unreachable.message}; ${result.kept} check-in draft${result.kept === 1 ? '' : 's'} still kept in ${draftsPath(cc.ctx.env, settings.profileName)}`,
      ExitCode.network,
    );
  }
  if (result.sent.length === 0 && result.refused === 0 && !options.json)
    cc.out.note('No kept check-in drafts.');
  if (result.refused > 0) throw new CliError('', ExitCode.usage);
}

/**
 * The check-in a KEY names on the command line: an id, or a date word meaning the caller's own that day,
 * or with `--person P` that person's (P as other commands take a person, and `@me`).
 */
import { NotFoundError } from '../../../core/errors.js';
import { checkInId, isUuid } from '../../../core/ids.js';
import type { Service } from '../../../core/service.js';
import { isIdPrefix } from '../../../core/short-ids.js';
import { isCalendarDate } from '../../../core/time.js';
import type { CheckIn } from '../../../core/types.js';
import type { CommandContext } from '../../command-context.js';
import { parseDateWord, todayIn } from '../../dates.js';
import { CliError, UsageError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';
import { resolvePerson } from '../../resolve.js';
import { longDate } from './render.js';

export interface PersonOption {
  person?: string;
}

/** The key to ask the Service for: an id, a date (the caller's own), or the id of P's check-in that day. */
async function serviceKey(
  cc: CommandContext,
  service: Service,
  key: string,
  person: string | undefined,
): Promise<{ key: string; whose?: string; date?: string }> {
  if (isUuid(key) || isIdPrefix(key)) {
    if (person !== undefined)
      throw new UsageError('--person goes with a date KEY: a check-in id names one check-in already');
    return { key };
  }
  // "today" and weekday names are the caller's days, whoever's check-in they look up.
  const zone = isCalendarDate(key) ? 'UTC' : (await service.me()).time_zone;
  const date = parseDateWord(key, () => todayIn(zone, cc.ctx.clock.now()), 'KEY');
  if (person === undefined) return { key: date };
  const [who, me] = await Promise.all([resolvePerson(service, person, '--person'), service.me()]);
  if (who.id === me.id) return { key: date };
  return { key: await checkInId(who.id, date), whose: who.name, date };
}

/** The check-in a KEY (and --person) names, as the caller sees it; exit 3 naming whose and when if none. */
export async function findCheckIn(
  cc: CommandContext,
  service: Service,
  key: string,
  options: PersonOption,
): Promise<CheckIn> {
  const asked = await serviceKey(cc, service, key, options.person);
  try {
    return await service.getCheckIn(asked.key);
  } catch (error) {
    if (error instanceof NotFoundError && asked.whose !== undefined && asked.date !== undefined) {
      throw new CliError(
        `${asked.whose} has no check-in on ${longDate(asked.date)} that you can see`,
        ExitCode.notFound,
      );
    }
    throw error;
  }
}

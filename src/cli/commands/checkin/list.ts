/** `pulse checkin list`: completed check-ins you can see, newest first, with filters. */
import { isMood, MOOD_NAMES } from '../../../core/moods.js';
import type { CheckInListQuery } from '../../../core/service.js';
import { isCalendarDate } from '../../../core/time.js';
import type { CommandContext } from '../../command-context.js';
import { parseDateRange, parseDateWord, todayIn } from '../../dates.js';
import { UsageError } from '../../errors.js';
import { pagesUpTo, parseLimit } from '../../paging.js';
import { resolveAudience } from '../../resolve.js';
import { checkInColumns, parseColumns } from './render.js';

export interface ListOptions {
  since?: string;
  until?: string;
  during?: string;
  blocked?: boolean;
  search?: string;
  mood?: string;
  absent?: boolean;
  person?: string[];
  team?: string[];
  columns?: string;
  limit?: string;
  all?: boolean;
  json?: boolean;
}

const needsToday = (value: string | undefined) => value !== undefined && !isCalendarDate(value.trim());

export async function run(cc: CommandContext, options: ListOptions): Promise<void> {
  const limit = parseLimit(options.limit, options.all);
  if (options.columns !== undefined && options.json)
    throw new UsageError('--columns chooses the columns of the table; with --json, name the fields there');
  const fields = options.columns === undefined ? undefined : parseColumns(options.columns);
  const service = await cc.backends.service();
  // Only relative words need today's date (and the time-zone lookup that costs start-up time).
  const today =
    needsToday(options.since) || needsToday(options.until) || needsToday(options.during)
      ? todayIn((await service.me()).time_zone, cc.ctx.clock.now())
      : '';
  const query: CheckInListQuery = {};
  if (options.since !== undefined) query.since = parseDateWord(options.since, today, '--since');
  if (options.until !== undefined)
    query.until = parseDateWord(options.until, today, '--until', { edge: 'end' });
  if (options.during !== undefined) {
    if (options.since !== undefined || options.until !== undefined)
      throw new UsageError('--during names both ends: use it without --since and --until');
    const range = parseDateRange(options.during, today, '--during');
    query.since = range.from;
    query.until = range.to;
  }
  if (query.since && query.until && query.since > query.until) {
    throw new UsageError(`--since ${query.since} is after --until ${query.until}`);
  }
  if (options.blocked) query.blocked = true;
  if (options.search !== undefined) query.search = options.search;
  if (options.mood !== undefined) {
    const mood = options.mood.trim().toLowerCase();
    if (!isMood(mood))
      throw new UsageError(`--mood: no mood "${options.mood}" (one of ${MOOD_NAMES.join(', ')})`);
    query.mood = mood;
  }
  if (options.absent) query.absent = true;
  await resolveAudience(service, options, query);

  // --all walks the list with a cursor (locally); a --limit reads the pages it needs.
  const batches =
    limit === Number.POSITIVE_INFINITY
      ? service.walkCheckIns(query)
      : pagesUpTo((page, per_page) => service.listCheckIns({ ...query, page, per_page }), limit);
  const columns = checkInColumns(cc.out, { fields, blocked: options.blocked });
  await cc.out.listWalk(batches, options.json, 'No check-ins match.', columns, cc.ctx.shutdownSignal());
}

/** `pulse activity list|view|add`: activities from other tools, and custom ones. */
import { ACTIVITY_KINDS } from '../../../core/activity-input.js';
import type { ActivityListQuery } from '../../../core/service.js';
import type { CommandContext, JsonOption } from '../../command-context.js';
import { parseDateRange, parseMomentWord, todayIn } from '../../dates.js';
import { UsageError } from '../../errors.js';
import { pagesUpTo, parseLimit } from '../../paging.js';
import { resolveAudience } from '../../resolve.js';

export interface ListOptions {
  since?: string;
  until?: string;
  during?: string;
  kind?: string[];
  person?: string[];
  team?: string[];
  search?: string;
  limit?: string;
  all?: boolean;
  json?: boolean;
}

export async function list(cc: CommandContext, options: ListOptions): Promise<void> {
  const limit = parseLimit(options.limit, options.all);
  const service = await cc.backends.service();
  const query: ActivityListQuery = options.search === undefined ? {} : { search: options.search };
  if (options.kind?.length) {
    const unknown = options.kind.filter((kind) => !(ACTIVITY_KINDS as readonly string[]).includes(kind));
    if (unknown.length)
      throw new UsageError(
        `--kind: unknown kind ${unknown.join(', ')} (one of ${ACTIVITY_KINDS.join(', ')})`,
      );
    query.kinds = options.kind;
  }
  if (options.during !== undefined && (options.since !== undefined || options.until !== undefined))
    throw new UsageError('--during names both ends: use it without --since and --until');
  if (options.during !== undefined) {
    const zone = (await service.me()).time_zone;
    const now = cc.ctx.clock.now();
    const range = parseDateRange(options.during, () => todayIn(zone, now), '--during');
    query.since = await parseMomentWord(range.from, zone, now, '--during');
    query.until = await parseMomentWord(range.to, zone, now, '--during', true);
  }
  if (options.since !== undefined || options.until !== undefined) {
    const zone = (await service.me()).time_zone;
    const now = cc.ctx.clock.now();
    if (options.since !== undefined) query.since = await parseMomentWord(options.since, zone, now, '--since');
    if (options.until !== undefined)
      query.until = await parseMomentWord(options.until, zone, now, '--until', true);
  }
  await resolveAudience(service, options, query);
  const shown = pagesUpTo((page, per_page) => service.listActivities({ ...query, page, per_page }), limit);
  await cc.out.listWalk(
    shown,
    options.json,
    'No activities match.',
    [
      { header: 'ID', cell: (a) => a.id, plainOnly: true },
      {
        header: 'WHEN',
        cell: (a) => cc.out.time(a.recorded_at),
        plain: (a) => a.recorded_at,
      },
      { header: 'PERSON', cell: (a) => a.person.name },
      { header: 'KIND', cell: (a) => a.kind },
      { header: 'GROUP', cell: (a) => a.group },
      { header: 'DESCRIPTION', cell: (a) => a.description },
      { header: 'URL', cell: (a) => a.url ?? '' },
    ],
    cc.ctx.shutdownSignal(),
  );
}

export async function view(cc: CommandContext, id: string, options: JsonOption): Promise<void> {
  const activity = await (await cc.backends.service()).getActivity(id);
  if (options.json) return cc.out.json(activity);
  const { out } = cc;
  out.line(
    `${out.style.bold(activity.title ?? activity.description)} ${out.style.dim(`(${activity.kind}, ${activity.group})`)}`,
  );
  if (activity.title) out.line(activity.description);
  out.line(`${activity.person.name}, ${activity.recorded_at}`);
  if (activity.url) out.line(activity.url);
  out.line(out.style.dim(activity.id));
}

export async function add(
  cc: CommandContext,
  options: { group: string; description: string; url?: string; json?: boolean },
): Promise<void> {
  const activity = await (await cc.backends.service()).createActivity({
    group: options.group,
    description: options.description,
    ...(options.url !== undefined ? { url: options.url } : {}),
  });
  if (options.json) return cc.out.json(activity);
  cc.out.line(activity.id);
}

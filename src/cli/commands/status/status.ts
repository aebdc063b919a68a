/**
 * `pulse status` and its readers: the page (or --check for pipelines), `components`, `notices` and
 * `notice ID`. The page is read from a status URL or the local store (see Backends.statusService).
 */
import { deriveState } from '../../../core/status/rules.js';
import type { NoticeQuery, StatusService } from '../../../core/status/status-service.js';
import type { StatusNotice } from '../../../core/status/types.js';
import type { CommandContext } from '../../command-context.js';
import { UsageError } from '../../errors.js';
import { check } from './check.js';
import { MIN_TIMEOUT_MS, outOfTime, parseDuration, parseFailOn, parseId } from './flags.js';
import { allComponents, allNotices, noticesIn, scopeOf } from './read.js';
import { formatTime, noticeLines, paintState, statusLines, treeOrder } from './render.js';

export { wait } from './wait.js';

export interface StatusOptions {
  json?: boolean;
  check?: boolean;
  component?: string;
  failOn?: string;
  statusUrl?: string;
  timeout?: string;
}

/** How long `pulse status` (and --check) may take in all, retries included, unless --timeout says. */
const DEFAULT_TIMEOUT = '30s';

export async function show(cc: CommandContext, options: StatusOptions): Promise<void> {
  if (options.failOn !== undefined && !options.check) throw new UsageError('--fail-on goes with --check');
  const failOn = parseFailOn(options.failOn);
  const timeout = options.timeout ?? DEFAULT_TIMEOUT;
  const deadline = cc.ctx.deadline(parseDuration(timeout, '--timeout', MIN_TIMEOUT_MS));
  const service = await cc.backends.statusService(options.statusUrl, deadline);
  try {
    if (options.check) return await check(cc, service, options, failOn);
    return await showPage(cc, service, options);
  } catch (error) {
    throw deadline.aborted ? outOfTime(error, timeout) : error;
  }
}

async function showPage(cc: CommandContext, service: StatusService, options: StatusOptions): Promise<void> {
  const page = await service.page();
  let components = await allComponents(service);
  let present = await allNotices(service, { timeline_state_eq: 'present' });
  let upcoming = (await allNotices(service, { timeline_state_eq: 'future' })).filter(
    (notice) => notice.type === 'planned',
  );
  let title = page.name;
  let state = page.state;
  if (options.component !== undefined) {
    const scope = scopeOf(components, options.component);
    components = components.filter((component) => scope.ids.has(component.id));
    present = await noticesIn(service, present, scope);
    upcoming = await noticesIn(service, upcoming, scope);
    title = `${page.name} / ${scope.root.name}`;
    state = deriveState(
      components.map((component) => component.state),
      present,
    );
  }
  if (options.json) return cc.out.json({ page, components, notices: [...present, ...upcoming] });
  for (const line of statusLines(cc.out.style, { title, state, components, present, upcoming })) {
    cc.out.line(line);
  }
}

export interface ListOptions {
  json?: boolean;
  statusUrl?: string;
}

/** `pulse status components`: the tree, children under their parents. */
export async function components(cc: CommandContext, options: ListOptions): Promise<void> {
  const service = await cc.backends.statusService(options.statusUrl);
  const all = await allComponents(service);
  if (options.json) return cc.out.json(all);
  if (all.length === 0 && cc.out.isTerminal) return cc.out.note('The status page has no components.');
  await cc.out.table(treeOrder(all), [
    { header: 'ID', cell: ({ component }) => String(component.id) },
    {
      header: 'NAME',
      cell: ({ component, depth }) => `${'  '.repeat(depth)}${component.name}`,
      plain: ({ component }) => component.name,
    },
    {
      header: 'STATE',
      cell: ({ component }) => paintState(cc.out.style, component.state),
      plain: ({ component }) => component.state,
    },
    {
      header: 'PARENT',
      cell: ({ component }) => (component.parent_id === null ? '' : String(component.parent_id)),
      plainOnly: true,
    },
    { header: 'DESCRIPTION', cell: ({ component }) => component.description },
  ]);
}

export interface NoticesOptions extends ListOptions {
  type?: string;
  timeline?: string;
  all?: boolean;
}

/** `pulse status notices`: newest first, the first page (25) or, with --all, every page. */
export async function notices(cc: CommandContext, options: NoticesOptions): Promise<void> {
  const service = await cc.backends.statusService(options.statusUrl);
  const query: NoticeQuery = {};
  if (options.type !== undefined) query.type_eq = options.type;
  if (options.timeline !== undefined) query.timeline_state_eq = options.timeline;
  let shown: StatusNotice[];
  if (options.all) {
    shown = await allNotices(service, query);
  } else {
    const first = await service.listNotices(query);
    shown = first.items;
    if (first.hasNext) {
      cc.out.note(`Showing ${shown.length} of ${first.totalCount} notices; --all lists every page.`);
    }
  }
  await cc.out.list(shown, options.json, 'No notices.', [
    { header: 'ID', cell: (n) => String(n.id) },
    { header: 'TYPE', cell: (n) => n.type },
    { header: 'TIMELINE', cell: (n) => n.timeline_state },
    { header: 'STATE', cell: (n) => n.state },
    { header: 'SUBJECT', cell: (n) => n.subject },
    {
      header: 'WHEN',
      cell: (n) =>
        n.type === 'planned' && n.began_at === null
          ? `${formatTime(n.begins_at)} to ${formatTime(n.ends_at)}`
          : `${formatTime(n.began_at)} to ${n.ended_at ? formatTime(n.ended_at) : 'now'}`,
      // Scripts get the start and the end as ISO date-times: the window, or the actual times once begun.
      plain: (n) => (n.type === 'planned' && n.began_at === null ? n.begins_at : n.began_at) ?? '',
    },
    {
      header: 'END',
      cell: (n) => (n.type === 'planned' && n.began_at === null ? n.ends_at : n.ended_at) ?? '',
      plainOnly: true,
    },
  ]);
}

/** `pulse status notice ID`: a notice with its components and every update. */
export async function notice(cc: CommandContext, id: string, options: ListOptions): Promise<void> {
  const noticeId = parseId(id, 'the notice id');
  const service = await cc.backends.statusService(options.statusUrl);
  const detail = await service.getNotice(noticeId);
  if (options.json) return cc.out.json(detail);
  for (const line of noticeLines(cc.out.style, detail)) cc.out.line(line);
}

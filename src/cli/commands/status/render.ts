/**
 * How the status page reads on a terminal or in a log: the component tree with coloured states, notices
 * with their latest update, and times in UTC (a status page is read across time zones). States are the
 * document's words, exactly what --for and the JSON use.
 */

import type {
  NoticeUpdate,
  PageState,
  StatusComponent,
  StatusNotice,
  StatusNoticeDetail,
} from '../../../core/status/types.js';
import type { Style } from '../../style.js';

/** A state word, coloured when the output is: green, yellow or blue. */
export function paintState(style: Style, state: string): string {
  if (state === 'operational') return style.green(state);
  if (state === 'degraded') return style.yellow(state);
  if (state === 'under_maintenance') return style.blue(state);
  return state;
}

/** 2026-11-23T09:40:00.000Z -> 2026-11-23 09:40 UTC (an unreadable time as given). */
export function formatTime(at: string | null | undefined): string {
  if (!at) return '-';
  const time = Date.parse(at);
  if (Number.isNaN(time)) return at;
  return `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A scheduled window: "2026-11-25 02:00 to 04:00 UTC", or with both dates when it spans days. */
export function formatWindow(begins: string | null | undefined, ends: string | null | undefined): string {
  const from = formatTime(begins);
  const to = formatTime(ends);
  if (from.length === 20 && to.length === 20 && from.slice(0, 10) === to.slice(0, 10)) {
    return `${from.slice(0, 16)} to ${to.slice(11)}`;
  }
  return `${from} to ${to}`;
}

/** Incident or maintenance, as people say it. */
export const kindOf = (notice: { type: string }) => (notice.type === 'planned' ? 'maintenance' : 'incident');

/** Components depth-first, each with its depth: children (by parent_id) under their parents. */
export function treeOrder(components: StatusComponent[]): { component: StatusComponent; depth: number }[] {
  const ids = new Set(components.map((c) => c.id));
  const children = new Map<number, StatusComponent[]>();
  const roots: StatusComponent[] = [];
  for (const component of components) {
    // A parent outside the list (the root of a --component) makes its child a root here.
    if (component.parent_id === null || !ids.has(component.parent_id)) roots.push(component);
    else children.set(component.parent_id, [...(children.get(component.parent_id) ?? []), component]);
  }
  const ordered: { component: StatusComponent; depth: number }[] = [];
  const seen = new Set<number>();
  const visit = (component: StatusComponent, depth: number) => {
    if (seen.has(component.id)) return;
    seen.add(component.id);
    ordered.push({ component, depth });
    for (const child of children.get(component.id) ?? []) visit(child, depth + 1);
  };
  for (const root of roots) visit(root, 0);
  // A cycle of parents (only a broken server could send one) leaves components unvisited: list them last.
  for (const component of components) visit(component, 0);
  return ordered;
}

/** The tree as lines: names indented by depth, states aligned in a column. */
export function componentLines(style: Style, components: StatusComponent[], indent = '  '): string[] {
  const rows = treeOrder(components).map(({ component, depth }) => ({
    label: `${'  '.repeat(depth)}${component.name}`,
    state: component.state,
  }));
  const width = Math.max(0, ...rows.map((row) => row.label.length));
  return rows.map((row) => `${indent}${row.label.padEnd(width)}  ${paintState(style, row.state)}`);
}

/** An update as one heading line and its content, indented. */
function updateLines(update: NoticeUpdate, indent: string): string[] {
  const lines = [
    `${indent}${update.state}, ${formatTime(update.created_at)}${update.content.trim() ? ':' : ''}`,
  ];
  for (const line of update.content.trim().split('\n'))
    if (line.trim()) lines.push(`${indent}  ${line.trimEnd()}`);
  return lines;
}

/** A present notice: id, subject, kind and state, then its latest update. */
export function presentNoticeLines(notice: StatusNotice): string[] {
  const since = notice.began_at ? `, since ${formatTime(notice.began_at)}` : '';
  return [
    `  #${notice.id} ${notice.subject} (${kindOf(notice)}, ${notice.state}${since})`,
    ...updateLines(notice.latest_update, '     '),
  ];
}

/** Upcoming maintenance: id, subject and its window. */
export function upcomingNoticeLines(notice: StatusNotice): string[] {
  return [
    `  #${notice.id} ${notice.subject} (${notice.state})`,
    `     ${formatWindow(notice.begins_at, notice.ends_at)}`,
  ];
}

export interface StatusView {
  /** The page's name, or "page / component" when narrowed. */
  title: string;
  state: PageState;
  components: StatusComponent[];
  present: StatusNotice[];
  upcoming: StatusNotice[];
}

/** `pulse status`: the state, the component tree, what is happening now and what is planned. */
export function statusLines(style: Style, view: StatusView): string[] {
  const lines = [`${style.bold(view.title)}: ${paintState(style, view.state)}`, '', style.bold('Components')];
  lines.push(...(view.components.length ? componentLines(style, view.components) : ['  none']));
  lines.push('', style.bold('Incidents and maintenance now'));
  lines.push(...(view.present.length ? view.present.flatMap(presentNoticeLines) : ['  none']));
  lines.push('', style.bold('Planned maintenance'));
  lines.push(...(view.upcoming.length ? view.upcoming.flatMap(upcomingNoticeLines) : ['  none']));
  return lines;
}

/** `pulse status notice ID`: the notice's fields, its components and every update, newest first. */
export function noticeLines(style: Style, notice: StatusNoticeDetail): string[] {
  const fields: [string, string][] = [
    ['Type', `${notice.type} (${kindOf(notice)})`],
    ['State', notice.state],
    ['Timeline', notice.timeline_state],
  ];
  if (notice.begins_at || notice.ends_at)
    fields.push(['Window', formatWindow(notice.begins_at, notice.ends_at)]);
  if (notice.began_at) fields.push(['Began', formatTime(notice.began_at)]);
  if (notice.ended_at) fields.push(['Ended', formatTime(notice.ended_at)]);
  fields.push([
    'Components',
    notice.components.length
      ? notice.components.map((c) => `${c.name} (${paintState(style, c.state)})`).join(', ')
      : 'none named (the whole page)',
  ]);
  const width = Math.max(...fields.map(([name]) => name.length));
  return [
    style.bold(`#${notice.id} ${notice.subject}`),
    ...fields.map(([name, value]) => `${name.padEnd(width)}  ${value}`),
    '',
    style.bold('Updates, newest first'),
    ...notice.updates.flatMap((update) => updateLines(update, '  ')),
  ];
}

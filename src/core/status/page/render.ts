/**
 * The HTML status page, rendered on the server as a pure function of the page's data and the clock: the
 * same inputs give the same bytes, so a rendering is kept per data version and may be served by anything
 * that holds those bytes. No external assets: the style and the one small script are inline and allowed
 * by their hashes in the Content-Security-Policy (STATUS_PAGE_CSP), so nothing else can run. Every value
 * from the store is escaped (notice content is the operator's text, shown as text). A state is always
 * words and a symbol, its colour only repeating them.
 */
import { createHash } from 'node:crypto';
import { deriveState, noticeImpacts, PAGE_STATE_TEXT, subtreeIds } from '../rules.js';
import type {
  ComponentState,
  NoticeState,
  NoticeUpdate,
  StatusComponent,
  StatusNotice,
  StatusNoticeDetail,
} from '../types.js';
import { COMPONENT_STATE_WORDS, NOTICE_STATE_WORDS, readableTime } from '../words.js';
import { HISTORY_DAYS, type HistoryDay, historyOf } from './history.js';
import type { IncidentPageData, StatusPageData } from './page-data.js';

/** Text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--muted:#57606a;--line:#d0d7de;--card:#f6f8fa;
--link:#0a58ca;--operational:#1a7f37;--degraded:#9a4b00;--under_maintenance:#0a58ca;--on-state:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#30363d;
--card:#161b22;--link:#79c0ff;--operational:#3fb950;--degraded:#f0883e;--under_maintenance:#79c0ff;
--on-state:#0d1117}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}
header,main,footer{max-width:48rem;margin:0 auto;padding:0 1rem}
header{padding-top:1rem}
h1{font-size:1.6rem;margin:.5rem 0}
h2{font-size:1.25rem;margin:1.75rem 0 .5rem}
h3{font-size:1.05rem;margin:0 0 .25rem}
a{color:var(--link)}
.site{margin:0;color:var(--muted)}
.banner{margin:1rem 0;padding:1rem;border-radius:.5rem;background:var(--state);color:var(--on-state)}
.banner h2{margin:0;font-size:1.3rem}
.banner p{margin:.25rem 0 0}
.state-operational{--state:var(--operational)}
.state-degraded{--state:var(--degraded)}
.state-under_maintenance{--state:var(--under_maintenance)}
.state{color:var(--state);font-weight:600;white-space:nowrap}
.components,.components ul{list-style:none;margin:0;padding:0}
.components ul{margin:.5rem 0 0 1rem;padding-left:.75rem;border-left:2px solid var(--line)}
.components li{padding:.5rem 0;border-bottom:1px solid var(--line)}
.components ul li:last-child{border-bottom:0;padding-bottom:0}
.row{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.25rem 1rem}
.name{font-weight:600}
.description,.meta{margin:.1rem 0;color:var(--muted);font-size:.9rem}
.notice{margin:.75rem 0;padding:.75rem 1rem;border:1px solid var(--line);border-left:.35rem solid var(--state);border-radius:.4rem;background:var(--card)}
.updates{list-style:none;margin:.5rem 0 0;padding:0}
.updates li{margin:.5rem 0 0;padding-top:.5rem;border-top:1px solid var(--line)}
.content{margin:.25rem 0 0;white-space:pre-line}
.empty{color:var(--muted)}
.history{list-style:none;margin:.5rem 0;padding:0;display:flex;flex-wrap:wrap;gap:3px}
.history li{width:1.1rem;height:1.6rem;border-radius:3px;background:var(--state);color:var(--on-state);font-size:.7rem;line-height:1.6rem;text-align:center}
.history a{display:block;color:inherit;text-decoration:none}
.history a:focus{outline:2px solid var(--fg);outline-offset:1px}
.legend{display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:.25rem 0;padding:0;list-style:none;font-size:.9rem}
.days{padding-left:1.25rem}
.days li{margin:.35rem 0}
.sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
footer{margin-top:2rem;padding-bottom:2rem;border-top:1px solid var(--line);color:var(--muted);font-size:.9rem}
footer ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1rem}
.local{color:var(--muted)}
.banner .local{color:inherit}
`;

/** Adds the reader's local time after each instant shown in UTC, where scripts run. */
const SCRIPT = `
document.querySelectorAll('time.instant').forEach(function (time) {
  var at = new Date(time.getAttribute('datetime'));
  if (isNaN(at.getTime())) return;
  var local = document.createElement('span');
  local.className = 'local';
  local.textContent = ' (' + at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) + ' your time)';
  time.after(local);
});
`;

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * The page's Content-Security-Policy: nothing loads or runs but its own style and script (by hash), and
 * the empty data: icon that keeps browsers from asking for /favicon.ico.
 */
export const STATUS_PAGE_CSP = [
  "default-src 'none'",
  `style-src ${sha256(STYLE)}`,
  `script-src ${sha256(SCRIPT)}`,
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const SYMBOL: Record<ComponentState, string> = {
  operational: '✓',
  degraded: '!',
  under_maintenance: '⚙',
};

function stateLabel(state: ComponentState, words = COMPONENT_STATE_WORDS[state]): string {
  return `<span class="state state-${state}"><span aria-hidden="true">${SYMBOL[state]}</span> ${escapeHtml(words)}</span>`;
}

/** An instant in UTC, which the script follows with the reader's local time. */
function instant(at: string): string {
  const shown = readableTime(at);
  return `<time class="instant" datetime="${escapeHtml(at)}">${escapeHtml(shown)}</time>`;
}

function incidentPath(root: string, id: number): string {
  return `${root}/incidents/${id}`;
}

/** The colour a notice's card is edged with: maintenance's until it is complete, an incident's until it ends. */
function noticeTone(notice: { type: StatusNotice['type']; state: NoticeState }): ComponentState {
  if (notice.type === 'planned') return notice.state === 'complete' ? 'operational' : 'under_maintenance';
  return notice.state === 'resolved' || notice.state === 'false_alarm' ? 'operational' : 'degraded';
}

function noticeStateLabel(notice: { type: StatusNotice['type']; state: NoticeState }): string {
  const tone = noticeTone(notice);
  return `<span class="state state-${tone}">${escapeHtml(NOTICE_STATE_WORDS[notice.state])}</span>`;
}

function updatesList(updates: readonly NoticeUpdate[]): string {
  const newestFirst = [...updates].sort((a, b) => b.id - a.id);
  const items = newestFirst.map(
    (update) =>
      `<li><p class="meta"><strong>${escapeHtml(NOTICE_STATE_WORDS[update.state])}</strong> · ${instant(update.created_at)}</p>` +
      (update.content === '' ? '' : `<p class="content">${escapeHtml(update.content)}</p>`) +
      '</li>',
  );
  return `<ol class="updates" aria-label="Updates, newest first">${items.join('')}</ol>`;
}

function windowOf(notice: StatusNotice | StatusNoticeDetail): string {
  if (!notice.begins_at || !notice.ends_at) return '';
  return `<p class="meta">Window: ${instant(notice.begins_at)} to ${instant(notice.ends_at)}</p>`;
}

function impacted(components: readonly StatusComponent[]): string {
  if (components.length === 0) return '<p class="meta">Affects: all components</p>';
  return `<p class="meta">Affects: ${components.map((component) => escapeHtml(component.name)).join(', ')}</p>`;
}

/**
 * A component's state as the page shows it: the worst of its own, its children's and the notices under
 * way that impact it (rules.ts, as `pulse status --check --component` decides), so a page-wide incident
 * never leaves a component looking fine.
 */
function shownState(
  component: StatusComponent,
  components: readonly StatusComponent[],
  active: readonly StatusNoticeDetail[],
): ComponentState {
  const ids = subtreeIds(components, component.id);
  const states = components.filter((each) => ids.has(each.id)).map((each) => each.state);
  const notices = active.filter((notice) =>
    noticeImpacts(
      notice.components.map((each) => each.id),
      ids,
    ),
  );
  return deriveState(states, notices);
}

function componentTree(
  components: readonly StatusComponent[],
  active: readonly StatusNoticeDetail[],
): string {
  if (components.length === 0) return '<p class="empty">No components listed.</p>';
  const known = new Set(components.map((component) => component.id));
  const ordered = [...components].sort((a, b) => a.position - b.position);
  const childrenOf = (parent: number | null) =>
    ordered.filter((component) =>
      parent === null
        ? component.parent_id === null || !known.has(component.parent_id)
        : component.parent_id === parent,
    );
  const list = (items: StatusComponent[]): string =>
    items
      .map((component) => {
        const children = childrenOf(component.id);
        const description =
          component.description === ''
            ? ''
            : `<p class="description">${escapeHtml(component.description)}</p>`;
        return (
          `<li><div class="row"><span class="name">${escapeHtml(component.name)}</span>` +
          `${stateLabel(shownState(component, components, active))}</div>${description}` +
          (children.length > 0
            ? `<ul aria-label="${escapeHtml(component.name)}">${list(children)}</ul>`
            : '') +
          '</li>'
        );
      })
      .join('');
  return `<ul class="components">${list(childrenOf(null))}</ul>`;
}

function openIncidents(data: StatusPageData): string {
  const incidents = data.active.filter((notice) => notice.type === 'unplanned');
  if (incidents.length === 0) return '<p class="empty">No open incidents.</p>';
  return incidents
    .map(
      (notice) =>
        `<article class="notice state-degraded" aria-labelledby="incident-${notice.id}">` +
        `<h3 id="incident-${notice.id}"><a href="${escapeHtml(incidentPath(data.root, notice.id))}">${escapeHtml(notice.subject)}</a></h3>` +
        `<p class="meta">${noticeStateLabel(notice)}${notice.began_at ? ` · began ${instant(notice.began_at)}` : ''}</p>` +
        impacted(notice.components) +
        updatesList(notice.updates) +
        '</article>',
    )
    .join('');
}

function maintenance(data: StatusPageData): string {
  const planned = data.notices
    .filter(
      (notice) => notice.type === 'planned' && (notice.state === 'scheduled' || notice.state === 'underway'),
    )
    .sort((a, b) => (a.begins_at ?? '').localeCompare(b.begins_at ?? '') || a.id - b.id);
  if (planned.length === 0) return '<p class="empty">No maintenance scheduled.</p>';
  return planned
    .map((notice) => {
      const tone = noticeTone(notice);
      const content = notice.latest_update.content;
      return (
        `<article class="notice state-${tone}" aria-labelledby="maintenance-${notice.id}">` +
        `<h3 id="maintenance-${notice.id}"><a href="${escapeHtml(incidentPath(data.root, notice.id))}">${escapeHtml(notice.subject)}</a></h3>` +
        `<p class="meta">${noticeStateLabel(notice)}</p>` +
        windowOf(notice) +
        (content === '' ? '' : `<p class="content">${escapeHtml(content)}</p>`) +
        '</article>'
      );
    })
    .join('');
}

function dayLabel(day: HistoryDay): string {
  return `${day.date}: ${COMPONENT_STATE_WORDS[day.state].toLowerCase()}`;
}

function history(data: StatusPageData, now: Date): string {
  const days = historyOf(data.notices, now);
  const cells = days.map((day) => {
    const inner = `<span aria-hidden="true">${SYMBOL[day.state]}</span><span class="sr">${escapeHtml(dayLabel(day))}</span>`;
    const body = day.notices.length > 0 ? `<a href="#day-${day.date}">${inner}</a>` : inner;
    return `<li class="state-${day.state}">${body}</li>`;
  });
  const legend = (['operational', 'under_maintenance', 'degraded'] as const)
    .map((state) => `<li>${stateLabel(state)}</li>`)
    .join('');
  const withNotices = days.filter((day) => day.notices.length > 0).reverse();
  const list =
    withNotices.length === 0
      ? '<p class="empty">No incidents or maintenance in this time.</p>'
      : `<ul class="days">${withNotices
          .map(
            (day) =>
              `<li id="day-${day.date}"><strong>${day.date}</strong> ${stateLabel(day.state)}<ul>${day.notices
                .map(
                  (notice) =>
                    `<li><a href="${escapeHtml(incidentPath(data.root, notice.id))}">${escapeHtml(notice.subject)}</a> (${escapeHtml(NOTICE_STATE_WORDS[notice.state].toLowerCase())})</li>`,
                )
                .join('')}</ul></li>`,
          )
          .join('')}</ul>`;
  return (
    `<p class="meta">From ${days[0]?.date} to ${days[days.length - 1]?.date} (UTC), oldest first: each day's worst state.</p>` +
    `<ul class="legend" aria-label="Key">${legend}</ul>` +
    `<ol class="history" aria-label="Each day's state">${cells.join('')}</ol>` +
    `<h3>Days with incidents or maintenance, newest first</h3>${list}`
  );
}

interface Shell {
  title: string;
  /** The page's name, where it is known: the header links to the page under it. */
  name?: string;
  root: string;
  main: string;
  /** Feeds in the head and footer: only on the status page's own pages. */
  feeds: boolean;
}

function shell({ title, name, root, main, feeds }: Shell): string {
  const home = root === '' ? '/' : root;
  const site = name === undefined ? 'Status page' : `${name} status`;
  const alternates = feeds
    ? `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(site)}: notices" href="${escapeHtml(root)}/feed.atom">` +
      `<link rel="alternate" type="text/calendar" title="${escapeHtml(site)}: maintenance" href="${escapeHtml(root)}/maintenance.ics">`
    : '';
  const footer = feeds
    ? `<footer><ul><li><a href="${escapeHtml(root)}/feed.atom">Atom feed of notices</a></li>` +
      `<li><a href="${escapeHtml(root)}/maintenance.ics">Maintenance calendar (iCalendar)</a></li>` +
      `<li><a href="${escapeHtml(root)}/badge.svg">Status badge (SVG)</a></li>` +
      `<li><a href="${escapeHtml(root)}/api/v1/status">JSON interface</a></li></ul>` +
      '<p>Times are in UTC.</p></footer>'
    : '';
  return (
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><link rel="icon" href="data:,">${alternates}` +
    `<style>${STYLE}</style></head><body>` +
    `<header><p class="site"><a href="${escapeHtml(home)}">${escapeHtml(site)}</a></p></header>` +
    `<main>${main}</main>${footer}<script>${SCRIPT}</script></body></html>\n`
  );
}

/** The status page: overall state, components, open incidents, maintenance and the last 90 days. */
export function renderStatusPage(data: StatusPageData, now: Date): string {
  const { page } = data;
  const main =
    `<h1>${escapeHtml(page.name)} status</h1>` +
    `<section class="banner state-${page.state}" aria-labelledby="overall">` +
    `<h2 id="overall"><span aria-hidden="true">${SYMBOL[page.state]}</span> ${escapeHtml(PAGE_STATE_TEXT[page.state])}</h2>` +
    `<p>Updated ${instant(page.updated_at)}</p></section>` +
    `<section aria-labelledby="components"><h2 id="components">Components</h2>${componentTree(data.components, data.active)}</section>` +
    `<section aria-labelledby="incidents"><h2 id="incidents">Open incidents</h2>${openIncidents(data)}</section>` +
    `<section aria-labelledby="maintenance"><h2 id="maintenance">Scheduled maintenance</h2>${maintenance(data)}</section>` +
    `<section aria-labelledby="history"><h2 id="history">The last ${HISTORY_DAYS} days</h2>${history(data, now)}</section>`;
  return shell({ title: `${page.name} status`, name: page.name, root: data.root, main, feeds: true });
}

/** A notice's own page: its state, window, impacted components and every update, newest first. */
export function renderIncidentPage(data: IncidentPageData): string {
  const { page, notice } = data;
  const kind = notice.type === 'planned' ? 'Maintenance' : 'Incident';
  const main =
    `<article class="notice state-${noticeTone(notice)}" aria-labelledby="subject">` +
    `<p class="meta">${kind} ${notice.id}</p><h1 id="subject">${escapeHtml(notice.subject)}</h1>` +
    `<p class="meta">${noticeStateLabel(notice)}` +
    (notice.began_at ? ` · began ${instant(notice.began_at)}` : '') +
    (notice.ended_at ? ` · ended ${instant(notice.ended_at)}` : '') +
    '</p>' +
    windowOf(notice) +
    impacted(notice.components) +
    `<h2>Updates</h2>${updatesList(notice.updates)}</article>` +
    `<p><a href="${escapeHtml(data.root === '' ? '/' : data.root)}">Back to the status page</a></p>`;
  return shell({
    title: `${notice.subject} · ${page.name} status`,
    name: page.name,
    root: data.root,
    main,
    feeds: true,
  });
}

/** The page for an address under the status page that names nothing (an unknown incident). */
export function renderNotFoundPage(name: string, root: string): string {
  const main =
    '<h1>Page not found</h1><p>There is no such incident or page here.</p>' +
    `<p><a href="${escapeHtml(root === '' ? '/' : root)}">Go to the status page</a></p>`;
  return shell({ title: `Not found · ${name} status`, name, root, main, feeds: false });
}

/** The page for a reader over the rate limit: made without reading the store, which the limit spares. */
export function renderTooManyRequestsPage(root: string, retryAfter: number): string {
  const main = `<h1>Too many requests</h1><p>Please try again in ${retryAfter} ${retryAfter === 1 ? 'second' : 'seconds'}.</p>`;
  return shell({ title: 'Too many requests', root, main, feeds: false });
}

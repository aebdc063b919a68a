/**
 * The status page's feeds and badge over real HTTP: the Atom feed parsed (every element RFC 4287 requires,
 * exact on a fixed clock), the maintenance calendar parsed by ical.js (events, UTC times, escaping, lines
 * folded at 75 octets through multibyte text), the badge's SVG parsed (text and colour of each state, a
 * named component, an unknown one), ETag and 304, the shared rate limit, and the paths at the root of the
 * status listener of its own (the real `pulse serve --status-port`).
 */
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import ICAL from 'ical.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, runInProcess } from '../helpers/cli.js';
import { type SteppingClock, steppingClock } from '../helpers/clock.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { PUBLIC_URL } from '../helpers/store.js';
import { tempDir } from '../helpers/temp.js';

const MONDAY = '2026-11-23T10:00:00.000Z';
const MINUTE = 60_000;

let server: TestServer;
let clock: SteppingClock;

async function start(options: Parameters<typeof startTestServer>[0] = {}) {
  clock = steppingClock(MONDAY);
  server = await startTestServer({ clock, ...options });
  return server.fixture.store.statusAdmin;
}

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/status${path}`, { headers });

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['entry', 'link', 'text', 'rect'].includes(name),
});

interface AtomLink {
  rel: string;
  type: string;
  href: string;
}
interface AtomEntry {
  id: string;
  title: string;
  updated: string;
  published: string;
  link: AtomLink[];
  author: { name: string };
  category: { term: string };
  content: { type: string; '#text': string };
}
interface AtomFeed {
  feed: {
    xmlns: string;
    id: string;
    title: string;
    subtitle: string;
    updated: string;
    link: AtomLink[];
    author: { name: string };
    generator: string;
    entry?: AtomEntry[];
  };
}

async function atom(path = '/feed.atom'): Promise<AtomFeed['feed']> {
  const response = await get(path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  const text = await response.text();
  expect(XMLValidator.validate(text)).toBe(true);
  return (xml.parse(text) as AtomFeed).feed;
}

interface Svg {
  svg: {
    width: string;
    height: string;
    role: string;
    'aria-label': string;
    title: string;
    g: [{ rect: { width: string; fill: string; x?: string }[] }, { text: { '#text': string }[] }];
  };
}

/** What a badge says and shows: its title, the texts drawn, the message's colour, and the widths adding up. */
function readBadge(text: string) {
  expect(XMLValidator.validate(text)).toBe(true);
  const { svg } = xml.parse(text) as Svg;
  const [shapes, texts] = svg.g;
  const [label, message] = shapes.rect;
  expect(Number(label?.width) + Number(message?.width)).toBe(Number(svg.width));
  expect([svg.role, svg.height, svg['aria-label']]).toEqual(['img', '20', svg.title]);
  return {
    title: svg.title,
    // Each text is drawn twice: its shadow, then itself.
    texts: texts.text.map((node) => String(node['#text'])),
    colour: message?.fill,
    width: Number(svg.width),
  };
}

/** A component, a planned notice and an unplanned one, each updated, a minute apart on the fixed clock. */
async function seed() {
  const admin = server.fixture.store.statusAdmin;
  await admin.setPage({ name: 'Acme' });
  const api = await admin.addComponent({ name: 'API' });
  clock.advance(MINUTE);
  const planned = await admin.addNotice({
    type: 'planned',
    subject: 'Upgrade',
    begins_at: '2026-11-24T02:00:00Z',
    ends_at: '2026-11-24T04:00:00Z',
    component_ids: [api.id],
    content: 'Database upgrade',
  });
  clock.advance(MINUTE);
  const unplanned = await admin.addNotice({
    type: 'unplanned',
    subject: 'Errors & <timeouts>',
    content: 'Looking',
  });
  clock.advance(MINUTE);
  await admin.updateNotice(unplanned.id, { state: 'identified', content: 'Found it: "disk" full' });
  clock.advance(MINUTE);
  await admin.updateNotice(planned.id, { content: 'Still on' });
  return { api, planned, unplanned };
}

describe('the Atom feed of notices', () => {
  afterEach(async () => {
    await server.close();
  });

  it('lists each notice with its updates, most recently updated first, with every element RFC 4287 requires', async () => {
    await start();
    const { planned, unplanned } = await seed();
    const feed = await atom();
    const base = `${PUBLIC_URL}/status`;
    const author = { name: 'Acme' };
    expect(feed).toEqual({
      xmlns: 'http://www.w3.org/2005/Atom',
      id: `${base}/feed.atom`,
      title: 'Acme',
      subtitle: 'Partial outage',
      updated: '2026-11-23T10:04:00Z',
      link: [
        { rel: 'self', type: 'application/atom+xml', href: `${base}/feed.atom` },
        { rel: 'alternate', type: 'text/html', href: base },
      ],
      author,
      generator: 'pulse',
      entry: [
        {
          id: `tag:pulse.test,2026-11-23:notice/${planned.id}`,
          title: 'Upgrade (Scheduled)',
          updated: '2026-11-23T10:04:00Z',
          published: '2026-11-23T10:01:00Z',
          link: [{ rel: 'alternate', type: 'text/html', href: `${base}/incidents/${planned.id}` }],
          author,
          category: { term: 'planned' },
          content: {
            type: 'text',
            '#text': [
              'Scheduled from 2026-11-24 02:00 UTC to 2026-11-24 04:00 UTC.',
              'Affects: API.',
              'Scheduled (2026-11-23 10:04 UTC): Still on',
              'Scheduled (2026-11-23 10:01 UTC): Database upgrade',
            ].join('\n\n'),
          },
        },
        {
          id: `tag:pulse.test,2026-11-23:notice/${unplanned.id}`,
          title: 'Errors & <timeouts> (Identified)',
          updated: '2026-11-23T10:03:00Z',
          published: '2026-11-23T10:02:00Z',
          link: [{ rel: 'alternate', type: 'text/html', href: `${base}/incidents/${unplanned.id}` }],
          author,
          category: { term: 'unplanned' },
          content: {
            type: 'text',
            '#text': [
              'Identified (2026-11-23 10:03 UTC): Found it: "disk" full',
              'Investigating (2026-11-23 10:02 UTC): Looking',
            ].join('\n\n'),
          },
        },
      ],
    });
  });

  it('reads a page nobody has configured afresh: it is "updated" at the time of each reading', async () => {
    await start();
    const first = await atom();
    expect([first.title, first.updated, first.entry]).toEqual(['pulse', '2026-11-23T10:00:00Z', undefined]);
    clock.advance(1_000);
    expect((await atom()).updated).toBe('2026-11-23T10:00:01Z');
  });

  it('is a valid feed with no notices, and follows a new update at once', async () => {
    const admin = await start();
    await admin.setPage({ name: 'Acme' });
    const empty = await atom();
    expect([empty.title, empty.updated, empty.entry]).toEqual(['Acme', '2026-11-23T10:00:00Z', undefined]);
    clock.advance(MINUTE);
    const notice = await admin.addNotice({ type: 'unplanned', subject: 'Slow' });
    const one = await atom();
    expect(one.entry?.map((entry) => [entry.title, entry.updated, entry.content['#text']])).toEqual([
      ['Slow (Investigating)', '2026-11-23T10:01:00Z', 'Investigating (2026-11-23 10:01 UTC)'],
    ]);
    clock.advance(MINUTE);
    await admin.updateNotice(notice.id, { state: 'resolved', content: 'Fine' });
    const resolved = await atom();
    // The same entry (its id does not follow the state), updated.
    expect(resolved.entry?.map((entry) => [entry.id, entry.title, entry.updated])).toEqual([
      [one.entry?.[0]?.id, 'Slow (Resolved)', '2026-11-23T10:02:00Z'],
    ]);
  });
});

/** A component's property by name, as ical.js reads it. */
function property(event: ICAL.Component, name: string): unknown {
  return event.getFirstPropertyValue(name);
}

describe('the iCalendar feed of planned maintenance', () => {
  afterEach(async () => {
    await server.close();
  });

  it('has an event per planned notice over its window in UTC, revised with each update', async () => {
    await start();
    const { planned, unplanned } = await seed();
    const response = await get('/maintenance.ics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await response.text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(
      ['version', 'prodid', 'calscale', 'method', 'x-wr-calname'].map((name) => property(calendar, name)),
    ).toEqual(['2.0', '-//pulse//status maintenance//EN', 'GREGORIAN', 'PUBLISH', 'Acme maintenance']);
    const events = calendar.getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    const [event] = events as [ICAL.Component];
    const begins = property(event, 'dtstart') as ICAL.Time;
    const end = property(event, 'dtend') as ICAL.Time;
    expect([begins.zone?.tzid, end.zone?.tzid]).toEqual(['UTC', 'UTC']);
    expect([begins.toJSDate().toISOString(), end.toJSDate().toISOString()]).toEqual([
      '2026-11-24T02:00:00.000Z',
      '2026-11-24T04:00:00.000Z',
    ]);
    expect(['uid', 'summary', 'status', 'sequence', 'url'].map((name) => property(event, name))).toEqual([
      `notice-${planned.id}@pulse.test`,
      'Upgrade',
      'CONFIRMED',
      1,
      `${PUBLIC_URL}/status/incidents/${planned.id}`,
    ]);
    expect((property(event, 'dtstamp') as ICAL.Time).toJSDate().toISOString()).toBe(
      '2026-11-23T10:04:00.000Z',
    );
    expect(property(event, 'description')).toBe(
      [
        'Scheduled from 2026-11-24 02:00 UTC to 2026-11-24 04:00 UTC.',
        'Affects: API.',
        'Scheduled (2026-11-23 10:04 UTC): Still on',
        'Scheduled (2026-11-23 10:01 UTC): Database upgrade',
      ].join('\n\n'),
    );
    expect(text).not.toContain(`notice-${unplanned.id}@`);

    // Underway: the same event, its sequence grown.
    clock.advance(MINUTE);
    await server.fixture.store.statusAdmin.updateNotice(planned.id, { state: 'underway' });
    const underway = new ICAL.Component(ICAL.parse(await (await get('/maintenance.ics')).text()));
    const [again] = underway.getAllSubcomponents('vevent') as [ICAL.Component];
    expect([property(again, 'uid'), property(again, 'sequence')]).toEqual([
      `notice-${planned.id}@pulse.test`,
      2,
    ]);
  });

  it('escapes text and folds long lines at 75 octets without splitting a character', async () => {
    const admin = await start();
    // 3- and 4-octet characters, so a fold falls inside one unless lines are cut by character.
    const subject = `Größere Wartung – 数据库迁移 🚀; Netz, Speicher\\Backup ${'é'.repeat(60)}`;
    const content = 'Zeile eins\nZeile zwei; mit, Zeichen\\ und 🛠️ Werkzeug';
    await admin.addNotice({
      type: 'planned',
      subject,
      content,
      begins_at: '2026-11-30T22:00:00Z',
      ends_at: '2026-12-01T01:30:00Z',
    });
    const bytes = Buffer.from(await (await get('/maintenance.ics')).arrayBuffer());
    const text = bytes.toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const lines: string[] = [];
    let from = 0;
    for (let at = bytes.indexOf('\r\n'); at !== -1; at = bytes.indexOf('\r\n', from)) {
      const line = bytes.subarray(from, at);
      expect(line.length).toBeLessThanOrEqual(75);
      // Each physical line decodes alone: no fold cut a character in two.
      lines.push(decoder.decode(line));
      from = at + 2;
    }
    expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThanOrEqual(3);
    expect(lines.find((line) => line.startsWith('SUMMARY:'))).toBe(
      foldedStart(`SUMMARY:${subject.replace(/[\\;,]/g, (character) => `\\${character}`)}`),
    );
    const [event] = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent') as [ICAL.Component];
    expect(property(event, 'summary')).toBe(subject);
    expect(property(event, 'description')).toBe(
      `Scheduled from 2026-11-30 22:00 UTC to 2026-12-01 01:30 UTC.\n\nScheduled (2026-11-23 10:00 UTC): ${content}`,
    );
    const begins = property(event, 'dtstart') as ICAL.Time;
    expect(begins.toJSDate().toISOString()).toBe('2026-11-30T22:00:00.000Z');
  });
});

/** The first physical line of a content line: as many whole characters as fit in 75 octets. */
function foldedStart(line: string): string {
  let kept = '';
  for (const character of line) {
    if (Buffer.byteLength(kept + character) > 75) break;
    kept += character;
  }
  return kept;
}

describe('the status badge', () => {
  afterEach(async () => {
    await server.close();
  });

  it('says the page state in words and colour, and a named component its own', async () => {
    const admin = await start();
    const badge = async (path: string) => {
      const response = await get(path);
      expect([path, response.status, response.headers.get('content-type')]).toEqual([
        path,
        200,
        'image/svg+xml; charset=utf-8',
      ]);
      return readBadge(await response.text());
    };
    const operational = await badge('/badge.svg');
    expect(operational).toEqual({
      title: 'status: operational',
      texts: ['status', 'status', 'operational', 'operational'],
      colour: '#4c1',
      width: 116,
    });
    const api = await admin.addComponent({ name: 'API' });
    const db = await admin.addComponent({ name: 'Datenbank Größe', state: 'under_maintenance' });
    await admin.setComponentState(api.id, 'degraded');
    // The page: maintenance outranks a degraded component.
    expect(await badge('/badge.svg')).toMatchObject({
      title: 'status: under maintenance',
      texts: ['status', 'status', 'under maintenance', 'under maintenance'],
      colour: '#007ec6',
    });
    expect(await badge('/badge.svg?component=API')).toMatchObject({
      title: 'API: degraded',
      texts: ['API', 'API', 'degraded', 'degraded'],
      colour: '#fe7d37',
    });
    const named = await badge(`/badge.svg?component=${encodeURIComponent('Datenbank Größe')}&cache=1`);
    expect(named).toMatchObject({ title: 'Datenbank Größe: under maintenance', colour: '#007ec6' });
    await admin.setComponentState(db.id, 'operational');
    expect(await badge('/badge.svg')).toMatchObject({ title: 'status: degraded', colour: '#fe7d37' });
    // A longer text makes a wider badge.
    expect((await badge('/badge.svg?component=API')).width).toBeLessThan(named.width);
  });

  it('answers an unknown component with a grey badge saying so, a 404, and a bad parameter with a 400', async () => {
    await start();
    const unknown = await get('/badge.svg?component=Nope');
    expect([unknown.status, unknown.headers.get('content-type')]).toEqual([
      404,
      'image/svg+xml; charset=utf-8',
    ]);
    expect(readBadge(await unknown.text())).toMatchObject({
      title: 'Nope: unknown component',
      colour: '#9f9f9f',
    });
    // Asked again (now from the cache): still a 404.
    expect((await get('/badge.svg?component=Nope')).status).toBe(404);
    for (const query of ['component=a&component=b', 'component=', 'component=%20']) {
      const bad = await get(`/badge.svg?${query}`);
      expect([query, bad.status, await bad.json()]).toEqual([
        query,
        400,
        { errors: ['component must be given once, as the name of a component'], code: 'bad_request' },
      ]);
    }
  });
});

describe('caching and the status interface rules', () => {
  afterEach(async () => {
    await server.close();
  });

  it('sends an ETag and a 304 for it until the data changes, with short public caching and CORS', async () => {
    const admin = await start();
    await admin.setPage({ name: 'Acme' });
    for (const path of ['/feed.atom', '/maintenance.ics', '/badge.svg']) {
      const first = await get(path);
      const etag = first.headers.get('etag') ?? '';
      expect([path, first.status, etag]).toEqual([path, 200, expect.stringMatching(/^"[\w-]+"$/)]);
      expect([first.headers.get('cache-control'), first.headers.get('access-control-allow-origin')]).toEqual([
        'public, max-age=60',
        '*',
      ]);
      const body = await first.text();
      const again = await get(path);
      expect([again.headers.get('etag'), await again.text()]).toEqual([etag, body]);
      const unchanged = await get(path, { 'If-None-Match': etag });
      expect([path, unchanged.status, await unchanged.text(), unchanged.headers.get('etag')]).toEqual([
        path,
        304,
        '',
        etag,
      ]);
      expect((await get(path, { 'If-None-Match': `W/${etag}, "other"` })).status).toBe(304);
    }
    const tags = async () =>
      Promise.all(
        ['/feed.atom', '/maintenance.ics', '/badge.svg'].map(async (path) =>
          (await get(path)).headers.get('etag'),
        ),
      );
    const before = await tags();
    clock.advance(MINUTE);
    await admin.addComponent({ name: 'API', state: 'degraded' });
    await admin.addNotice({
      type: 'planned',
      subject: 'Upgrade',
      begins_at: '2026-11-24T02:00:00Z',
      ends_at: '2026-11-24T04:00:00Z',
    });
    const after = await tags();
    for (const [index, tag] of after.entries()) expect(tag).not.toBe(before[index]);
    const stale = await get('/badge.svg', { 'If-None-Match': before[2] ?? '' });
    expect(stale.status).toBe(200);
  });

  it('answers HEAD like GET, 405 with Allow for other methods', async () => {
    await start();
    const head = await fetch(`${server.url}/status/feed.atom`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([
      200,
      'application/atom+xml; charset=utf-8',
      '',
    ]);
    for (const path of ['/feed.atom', '/maintenance.ics', '/badge.svg']) {
      const post = await fetch(`${server.url}/status${path}`, { method: 'POST', body: 'x' });
      expect([path, post.status, post.headers.get('allow')]).toEqual([path, 405, 'GET, HEAD']);
    }
  });

  it('takes from the same bucket per address as the JSON interface', async () => {
    await start({ statusRateLimit: 1 });
    const json = await fetch(`${server.url}/status/api/v1/status`);
    expect(json.status).toBe(200);
    // The clock stands still: the one token a second is spent.
    const feed = await get('/feed.atom');
    expect([
      feed.status,
      feed.headers.get('retry-after'),
      feed.headers.get('access-control-allow-origin'),
    ]).toEqual([429, '1', '*']);
    clock.advance(1_000);
    expect((await get('/badge.svg')).status).toBe(200);
  });
});

describe('the feeds on the status listener of its own', () => {
  const env = isolatedEnv();
  const store = join(tempDir('pulse-status-feeds-'), 'served.db');
  let served: ServeProcess;
  let notice: string;

  beforeAll(async () => {
    const local = async (args: string[]) => {
      const result = await runInProcess(['--store', store, ...args], { env });
      expect([args, result.exitCode]).toEqual([args, 0]);
      return result.stdout.trim();
    };
    await local(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com']);
    await local(['admin', 'status', 'component', 'add', '--name', 'API']);
    notice = await local([
      'admin',
      'status',
      'notice',
      'add',
      '--type',
      'planned',
      '--subject',
      'Upgrade',
      '--begins-at',
      '2030-01-01T00:00:00Z',
      '--ends-at',
      '2030-01-01T01:00:00Z',
    ]);
    served = await startServe(['--store', store], env, [
      '--status-port',
      '0',
      '--status-url',
      'https://status.example.com',
      '--status-rate-limit',
      'off',
    ]);
  });

  it('serves /feed.atom, /maintenance.ics and /badge.svg at the root, linking under the status URL', async () => {
    const root = served.statusUrl as string;
    const feedText = await (await fetch(`${root}/feed.atom`)).text();
    const feed = (xml.parse(feedText) as AtomFeed).feed;
    expect(feed.link).toEqual([
      { rel: 'self', type: 'application/atom+xml', href: 'https://status.example.com/feed.atom' },
      { rel: 'alternate', type: 'text/html', href: 'https://status.example.com' },
    ]);
    expect(feed.entry?.[0]?.link[0]?.href).toBe(`https://status.example.com/incidents/${notice}`);
    expect(feed.entry?.[0]?.id).toMatch(
      new RegExp(`^tag:status\\.example\\.com,\\d{4}-\\d\\d-\\d\\d:notice/${notice}$`),
    );
    const calendar = new ICAL.Component(ICAL.parse(await (await fetch(`${root}/maintenance.ics`)).text()));
    const [event] = calendar.getAllSubcomponents('vevent') as [ICAL.Component];
    expect([property(event, 'url'), property(event, 'uid')]).toEqual([
      `https://status.example.com/incidents/${notice}`,
      `notice-${notice}@status.example.com`,
    ]);
    const badge = await fetch(`${root}/badge.svg?component=API`);
    expect([badge.status, readBadge(await badge.text()).title]).toEqual([200, 'API: operational']);
    // The main listener keeps them under /status, linking to its own public URL.
    const main = (xml.parse(await (await fetch(`${served.url}/status/feed.atom`)).text()) as AtomFeed).feed;
    expect(main.link[1]?.href).toBe(`${served.url}/status`);
  });
});

import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/core/errors.js';
import type { NoticeInput, StatusService } from '../../src/core/status/status-service.js';
import type {
  NoticeState,
  NoticeType,
  StatusComponent,
  StatusNoticeDetail,
} from '../../src/core/status/types.js';
import { asWritten } from '../helpers/clock.js';
import { PUBLIC_URL } from '../helpers/store.js';
import { eachWorld, START, TARGETS, type World } from './targets.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** An instant `ms` after the fixture's start, as the core writes it. */
const at = (ms: number) => asWritten(Date.parse(START) + ms);

const API = '/status/api/v1';
const PAGE_ERROR = 'page must be an integer of at least 1';
const TYPE_ERROR = 'filter[type_eq] must be one of planned, unplanned';
const TIMELINE_ERROR =
  'filter[timeline_state_eq] must be one of future, present, past_recent, past_distant, past';

/** Tomorrow's maintenance window. */
const WINDOW = { begins_at: '2026-11-24T02:00:00Z', ends_at: '2026-11-24T04:00:00Z' };

const UNPLANNED: NoticeState[] = ['investigating', 'identified', 'recovering', 'resolved', 'false_alarm'];
const PLANNED: NoticeState[] = ['scheduled', 'underway', 'complete'];

/** The transitions the issue allows (forward along the chain; false_alarm from any unresolved state). */
const ALLOWED: Record<NoticeState, NoticeState[]> = {
  investigating: ['identified', 'recovering', 'resolved', 'false_alarm'],
  identified: ['recovering', 'resolved', 'false_alarm'],
  recovering: ['resolved', 'false_alarm'],
  resolved: [],
  false_alarm: [],
  scheduled: ['underway'],
  underway: ['complete'],
  complete: [],
};

/** How a fresh notice reaches each state. */
const ROUTE: Record<NoticeState, { type: NoticeType; via: NoticeState[] }> = {
  investigating: { type: 'unplanned', via: [] },
  identified: { type: 'unplanned', via: ['identified'] },
  recovering: { type: 'unplanned', via: ['identified', 'recovering'] },
  resolved: { type: 'unplanned', via: ['identified', 'recovering', 'resolved'] },
  false_alarm: { type: 'unplanned', via: ['false_alarm'] },
  scheduled: { type: 'planned', via: [] },
  underway: { type: 'planned', via: ['underway'] },
  complete: { type: 'planned', via: ['underway', 'complete'] },
};

/** A failure as both paths report it: the error's class, status and errors. */
async function failure(pending: Promise<unknown>) {
  try {
    await pending;
  } catch (error) {
    if (error instanceof ServiceError)
      return { name: error.name, status: error.status, errors: error.errors };
    throw error;
  }
  throw new Error('expected a failure');
}
const badRequest = (...errors: string[]) => ({ name: 'BadRequestError', status: 400, errors });
const notFound = { name: 'NotFoundError', status: 404, errors: [] };

describe.each(TARGETS)('status page ($name)', (target) => {
  let world: World;
  let status: StatusService;
  eachWorld(target, (fresh) => {
    world = fresh;
    status = world.status();
  });

  const notice = (input: Partial<NoticeInput> & { type: NoticeType }) =>
    world.statusAdmin.addNotice({
      subject: `A ${input.type} notice`,
      ...(input.type === 'planned' ? WINDOW : {}),
      ...input,
    });
  const move = (id: number, state: NoticeState, content?: string) =>
    world.statusAdmin.updateNotice(id, content === undefined ? { state } : { state, content });
  const ids = (items: { id: number }[]) => items.map((item) => item.id);

  describe('the page', () => {
    it('reads a default page before the operator configures one', async () => {
      expect(await status.page()).toEqual({
        name: 'pulse',
        state: 'operational',
        state_text: 'All systems operational',
        url: `${PUBLIC_URL}/status`,
        links: {
          components: { href: `${API}/components`, count: 0 },
          notices: { href: `${API}/notices`, count: 0 },
        },
        created_at: START,
        updated_at: START,
      });
      const empty = { items: [], page: 1, hasNext: false, count: 0, totalCount: 0, nextPage: null };
      expect(await status.listComponents()).toEqual(empty);
      expect(await status.listNotices()).toEqual(empty);
    });

    it('takes its name and URL from the operator; without a URL it is the deployment’s page', async () => {
      const named = await world.statusAdmin.setPage({ name: 'Acme status', url: 'https://status.acme.test' });
      expect(named).toMatchObject({
        name: 'Acme status',
        url: 'https://status.acme.test',
        created_at: START,
      });
      expect(await status.page()).toEqual(named);

      world.clock.advance(HOUR);
      await world.statusAdmin.setPage({ name: 'Acme Cloud' });
      expect(await status.page()).toMatchObject({
        name: 'Acme Cloud',
        url: `${PUBLIC_URL}/status`,
        created_at: START,
        updated_at: at(HOUR),
      });

      // The counts follow the page's contents, and so does updated_at.
      world.clock.advance(HOUR);
      await world.statusAdmin.addComponent({ name: 'API' });
      await notice({ type: 'unplanned' });
      await notice({ type: 'planned' });
      expect(await status.page()).toMatchObject({
        links: {
          components: { href: `${API}/components`, count: 1 },
          notices: { href: `${API}/notices`, count: 2 },
        },
        updated_at: at(2 * HOUR),
      });

      expect(await failure(world.statusAdmin.setPage({ name: ' ' }))).toMatchObject({ status: 400 });
      expect(await failure(world.statusAdmin.setPage({ name: 'x', url: 'ftp://x.test' }))).toMatchObject({
        status: 400,
      });
      expect((await status.page()).name).toBe('Acme Cloud');
    });
  });

  describe('components', () => {
    it('adds components with a parent, a description and a state, and sets a state', async () => {
      const api = await world.statusAdmin.addComponent({
        name: 'API',
        description: 'The HTTP API',
        state: 'degraded',
      });
      const auth = await world.statusAdmin.addComponent({ name: 'Auth', parent_id: api.id });
      expect(api).toEqual({
        id: api.id,
        state: 'degraded',
        name: 'API',
        description: 'The HTTP API',
        parent_id: null,
        position: 1,
        created_at: START,
        updated_at: START,
      });
      expect(auth).toMatchObject({ state: 'operational', description: '', parent_id: api.id, position: 2 });

      world.clock.advance(HOUR);
      const changed = await world.statusAdmin.setComponentState(auth.id, 'under_maintenance');
      expect(changed).toEqual({ ...auth, state: 'under_maintenance', updated_at: at(HOUR) });
      expect(await status.listComponents()).toEqual({
        items: [api, changed],
        page: 1,
        hasNext: false,
        count: 2,
        totalCount: 2,
        nextPage: null,
      });

      // A parent that is not there breaks a rule; a state that is not one is malformed.
      expect(await failure(world.statusAdmin.addComponent({ name: 'X', parent_id: 99 }))).toMatchObject({
        status: 422,
      });
      expect(await failure(world.statusAdmin.addComponent({ name: 'X', state: 'down' }))).toMatchObject({
        status: 400,
      });
      expect(await failure(world.statusAdmin.setComponentState(api.id, 'down'))).toMatchObject({
        status: 400,
      });
      expect(await failure(world.statusAdmin.setComponentState(99, 'degraded'))).toMatchObject({
        status: 404,
      });
      expect((await status.listComponents()).totalCount).toBe(2);
    });

    it('pages components 25 at a time, by id', async () => {
      const added: number[] = [];
      for (let i = 1; i <= 30; i++) added.push((await world.statusAdmin.addComponent({ name: `C${i}` })).id);
      const first = await status.listComponents();
      expect(ids(first.items)).toEqual(added.slice(0, 25));
      expect(first).toMatchObject({
        page: 1,
        hasNext: true,
        count: 25,
        totalCount: 30,
        nextPage: `${API}/components?page=2`,
      });
      const second = await status.listComponents({ page: 2 });
      expect(ids(second.items)).toEqual(added.slice(25));
      expect(second).toMatchObject({ page: 2, hasNext: false, count: 5, totalCount: 30, nextPage: null });
      // The page as text (from a URL) reads the same.
      expect(await status.listComponents({ page: '2' })).toEqual(second);
      expect(await status.listComponents({ page: 3 })).toEqual({
        items: [],
        page: 3,
        hasNext: false,
        count: 0,
        totalCount: 30,
        nextPage: null,
      });
      expect((await status.page()).links.components.count).toBe(30);
    });

    it('number their display order 1..n, new ones last, and list by it as the operator moves them', async () => {
      const added: StatusComponent[] = [];
      for (const name of ['API', 'Auth', 'Web', 'DB'])
        added.push(await world.statusAdmin.addComponent({ name }));
      expect(added.map((component) => component.position)).toEqual([1, 2, 3, 4]);
      const [api, auth, web, db] = added as [
        StatusComponent,
        StatusComponent,
        StatusComponent,
        StatusComponent,
      ];
      const order = async () =>
        (await status.listComponents()).items.map((component) => [component.name, component.position]);

      // Up the list: the ones between shift down; the moved one and the shifted ones are updated.
      world.clock.advance(HOUR);
      const moved = await world.statusAdmin.moveComponent(db.id, 1);
      expect(moved).toEqual({ ...db, position: 1, updated_at: at(HOUR) });
      expect(await order()).toEqual([
        ['DB', 1],
        ['API', 2],
        ['Auth', 3],
        ['Web', 4],
      ]);
      const listed = (await status.listComponents()).items;
      expect(listed.find((component) => component.id === web.id)?.updated_at).toBe(at(HOUR));
      // Down the list, by its id as text too; to where it already is changes nothing.
      world.clock.advance(HOUR);
      await world.statusAdmin.moveComponent(String(api.id), 4);
      expect(await order()).toEqual([
        ['DB', 1],
        ['Auth', 2],
        ['Web', 3],
        ['API', 4],
      ]);
      // Auth shifted up a place with API's move: updated then, and not by a move to where it is.
      world.clock.advance(HOUR);
      expect(await world.statusAdmin.moveComponent(auth.id, 2)).toMatchObject({
        position: 2,
        updated_at: at(2 * HOUR),
      });
      // A new component goes last.
      expect(await world.statusAdmin.addComponent({ name: 'CDN' })).toMatchObject({ position: 5 });

      // Places the page does not have, and components it does not have, change nothing.
      for (const position of [0, -1, 1.5]) {
        expect([position, await failure(world.statusAdmin.moveComponent(db.id, position))]).toEqual([
          position,
          badRequest('position must be a positive integer'),
        ]);
      }
      expect(await failure(world.statusAdmin.moveComponent(db.id, 6))).toEqual({
        name: 'ValidationError',
        status: 422,
        errors: ['position must be from 1 to 5, the number of components: 6 is past the last'],
      });
      expect(await failure(world.statusAdmin.moveComponent(99, 1))).toMatchObject({ status: 404 });
      expect(await order()).toEqual([
        ['DB', 1],
        ['Auth', 2],
        ['Web', 3],
        ['API', 4],
        ['CDN', 5],
      ]);
    });
  });

  describe('the page state', () => {
    it('is derived: maintenance beats degraded, which beats operational', async () => {
      const state = async () => (await status.page()).state;
      /** The sentence for people always says the state it goes with. */
      const sentence = async () => {
        const page = await status.page();
        return [page.state, page.state_text];
      };
      const api = await world.statusAdmin.addComponent({ name: 'API' });
      expect(await state()).toBe('operational');
      await world.statusAdmin.setComponentState(api.id, 'degraded');
      expect(await state()).toBe('degraded');
      const db = await world.statusAdmin.addComponent({ name: 'DB', state: 'under_maintenance' });
      expect(await state()).toBe('under_maintenance');
      await world.statusAdmin.setComponentState(db.id, 'operational');
      expect(await state()).toBe('degraded');
      await world.statusAdmin.setComponentState(api.id, 'operational');
      expect(await state()).toBe('operational');

      // An unresolved incident degrades the page, whichever unresolved state it is in.
      const incident = await notice({ type: 'unplanned' });
      expect(await state()).toBe('degraded');
      await move(incident.id, 'identified');
      await move(incident.id, 'recovering');
      expect(await state()).toBe('degraded');
      // Scheduled maintenance changes nothing until it is underway.
      const maintenance = await notice({ type: 'planned' });
      expect(await state()).toBe('degraded');
      await move(maintenance.id, 'underway');
      expect(await state()).toBe('under_maintenance');
      await move(incident.id, 'resolved');
      expect(await state()).toBe('under_maintenance');
      await move(maintenance.id, 'complete');
      expect(await state()).toBe('operational');

      // A false alarm ends the incident too; a degraded component under maintenance work is maintenance.
      const alarm = await notice({ type: 'unplanned' });
      expect(await state()).toBe('degraded');
      await move(alarm.id, 'false_alarm');
      expect(await state()).toBe('operational');
      expect(await sentence()).toEqual(['operational', 'All systems operational']);
      await world.statusAdmin.setComponentState(api.id, 'degraded');
      expect(await sentence()).toEqual(['degraded', 'Partial outage']);
      const again = await notice({ type: 'planned' });
      await move(again.id, 'underway');
      expect(await state()).toBe('under_maintenance');
      expect(await sentence()).toEqual(['under_maintenance', 'Under maintenance']);
    });
  });

  describe('notices', () => {
    it('start investigating (began now) or scheduled (not begun), with their first update', async () => {
      const incident = await notice({ type: 'unplanned', subject: 'Slow API', content: 'Looking into it' });
      expect(incident).toEqual({
        id: incident.id,
        type: 'unplanned',
        timeline_state: 'present',
        state: 'investigating',
        subject: 'Slow API',
        began_at: START,
        ended_at: null,
        components: [],
        updates: [
          {
            id: incident.updates[0]?.id,
            state: 'investigating',
            content: 'Looking into it',
            created_at: START,
            updated_at: START,
          },
        ],
        url: `${PUBLIC_URL}${API}/notices/${incident.id}`,
        created_at: START,
        updated_at: START,
      });
      const maintenance = await notice({ type: 'planned', subject: 'DB upgrade' });
      expect(maintenance).toMatchObject({
        type: 'planned',
        timeline_state: 'future',
        state: 'scheduled',
        begins_at: '2026-11-24T02:00:00Z',
        ends_at: '2026-11-24T04:00:00Z',
        began_at: null,
        ended_at: null,
        updates: [{ state: 'scheduled', content: '' }],
      });
      expect(await status.getNotice(incident.id)).toEqual(incident);
      expect(await status.getNotice(maintenance.id)).toEqual(maintenance);
      // Update ids are integers, unique across notices, greater for a later update.
      const [first, second] = [incident.updates[0]?.id, maintenance.updates[0]?.id];
      expect([Number.isSafeInteger(first), Number.isSafeInteger(second)]).toEqual([true, true]);
      expect((second as number) > (first as number)).toBe(true);
    });

    it('refuses a planned notice without a window, or with one that ends first, and an unplanned one with one', async () => {
      const refused = [
        { type: 'planned', subject: 'x' },
        { type: 'planned', subject: 'x', begins_at: WINDOW.begins_at },
        { type: 'planned', subject: 'x', begins_at: WINDOW.ends_at, ends_at: WINDOW.begins_at },
        { type: 'unplanned', subject: 'x', begins_at: WINDOW.begins_at, ends_at: WINDOW.ends_at },
        { type: 'unplanned', subject: 'x', component_ids: [99] },
      ];
      for (const input of refused) {
        expect([input, (await failure(world.statusAdmin.addNotice(input))).status]).toEqual([input, 422]);
      }
      for (const input of [
        { type: 'outage', subject: 'x' },
        { type: 'unplanned', subject: '' },
      ]) {
        expect([input, (await failure(world.statusAdmin.addNotice(input))).status]).toEqual([input, 400]);
      }
      expect((await status.listNotices()).totalCount).toBe(0);
    });

    it('allow exactly the documented transitions; refused ones are 422 and change nothing', async () => {
      const allowed: Record<string, NoticeState[]> = {};
      for (const [from, { type, via }] of Object.entries(ROUTE) as [
        NoticeState,
        (typeof ROUTE)[NoticeState],
      ][]) {
        const moves: NoticeState[] = [];
        allowed[from] = moves;
        for (const to of [...UNPLANNED, ...PLANNED]) {
          const { id } = await notice({ type });
          for (const step of via) await move(id, step);
          const before = await status.getNotice(id);
          expect(before.state).toBe(from);
          world.clock.advance(1000);
          const outcome = await move(id, to).catch((error: unknown) => error);
          if (outcome instanceof ServiceError) {
            expect([from, to, outcome.name, outcome.status]).toEqual([from, to, 'ValidationError', 422]);
            expect(outcome.errors).toHaveLength(1);
            expect(await status.getNotice(id)).toEqual(before);
            continue;
          }
          moves.push(to);
          const after = outcome as StatusNoticeDetail;
          expect(after).toMatchObject({ state: to, updated_at: asWritten(world.clock.now()) });
          const newest = after.updates[0]?.id as number;
          expect(newest > (before.updates[0]?.id as number)).toBe(true);
          expect(after.updates).toEqual([
            {
              id: newest,
              state: to,
              content: '',
              created_at: after.updated_at,
              updated_at: after.updated_at,
            },
            ...before.updates,
          ]);
          expect(await status.getNotice(id)).toEqual(after);
        }
      }
      expect(allowed).toEqual(ALLOWED);
    });

    it('appends an update in the same state when it has content; the latest update is the newest', async () => {
      const { id } = await notice({ type: 'unplanned', content: 'Looking into it' });
      world.clock.advance(HOUR);
      await move(id, 'identified', 'A bad deploy');
      world.clock.advance(HOUR);
      const detail = await move(id, 'identified', 'Rolling back');
      expect(detail.state).toBe('identified');
      expect(detail.updates.map((update) => [update.state, update.content, update.created_at])).toEqual([
        ['identified', 'Rolling back', at(2 * HOUR)],
        ['identified', 'A bad deploy', at(HOUR)],
        ['investigating', 'Looking into it', START],
      ]);
      // Without content the same state says nothing: refused.
      expect(await failure(move(id, 'identified'))).toMatchObject({ status: 422 });
      expect(await failure(move(id, 'identified', '  '))).toMatchObject({ status: 422 });
      const [listed] = (await status.listNotices()).items;
      // Ids are stable (the same on every read) and fall with age in the newest-first list.
      const updateIds = detail.updates.map((update) => update.id);
      expect([...updateIds].sort((a, b) => b - a)).toEqual(updateIds);
      expect(new Set(updateIds).size).toBe(3);
      expect((await status.getNotice(id)).updates.map((update) => update.id)).toEqual(updateIds);
      expect(listed?.latest_update).toEqual({
        id: updateIds[0],
        state: 'identified',
        content: 'Rolling back',
        created_at: at(2 * HOUR),
        updated_at: at(2 * HOUR),
      });
      expect(listed).toMatchObject({ id, state: 'identified', updated_at: at(2 * HOUR) });
    });

    it('set began_at and ended_at by their transitions', async () => {
      const incident = await notice({ type: 'unplanned' });
      const maintenance = await notice({ type: 'planned' });
      world.clock.advance(HOUR);
      expect(await move(incident.id, 'identified')).toMatchObject({ began_at: START, ended_at: null });
      expect(await move(maintenance.id, 'underway')).toMatchObject({ began_at: at(HOUR), ended_at: null });
      world.clock.advance(HOUR);
      expect(await move(incident.id, 'identified', 'still')).toMatchObject({
        began_at: START,
        ended_at: null,
      });
      expect(await move(maintenance.id, 'underway', 'half way')).toMatchObject({
        began_at: at(HOUR),
        ended_at: null,
      });
      world.clock.advance(HOUR);
      expect(await move(incident.id, 'resolved')).toMatchObject({ began_at: START, ended_at: at(3 * HOUR) });
      expect(await move(maintenance.id, 'complete')).toMatchObject({
        began_at: at(HOUR),
        ended_at: at(3 * HOUR),
      });
      const alarm = await notice({ type: 'unplanned' });
      world.clock.advance(HOUR);
      expect(await move(alarm.id, 'false_alarm')).toMatchObject({
        began_at: at(3 * HOUR),
        ended_at: at(4 * HOUR),
      });
      const listed = (await status.listNotices()).items;
      expect(listed.map((item) => [item.id, item.began_at, item.ended_at])).toEqual([
        [alarm.id, at(3 * HOUR), at(4 * HOUR)],
        [maintenance.id, at(HOUR), at(3 * HOUR)],
        [incident.id, START, at(3 * HOUR)],
      ]);
    });

    it('move along the timeline with the clock: future, present, past_recent for 7 days, past_distant', async () => {
      const maintenance = await notice({ type: 'planned' });
      const incident = await notice({ type: 'unplanned' });
      const timeline = async () => {
        const listed = (await status.listNotices()).items;
        const details = await Promise.all([maintenance.id, incident.id].map((id) => status.getNotice(id)));
        // List and detail agree.
        expect(details.map((detail) => detail.timeline_state)).toEqual(
          [maintenance.id, incident.id].map((id) => listed.find((item) => item.id === id)?.timeline_state),
        );
        return details.map((detail) => detail.timeline_state);
      };
      expect(await timeline()).toEqual(['future', 'present']);
      // Still scheduled after its window: the operator says when work begins.
      world.clock.set('2026-11-25T00:00:00Z');
      expect(await timeline()).toEqual(['future', 'present']);
      await move(maintenance.id, 'underway');
      expect(await timeline()).toEqual(['present', 'present']);
      await move(maintenance.id, 'complete');
      const ended = Date.parse('2026-11-25T00:00:00Z');
      world.clock.advance(HOUR);
      await move(incident.id, 'resolved');
      expect(await timeline()).toEqual(['past_recent', 'past_recent']);
      // Exactly 7 days after the maintenance ended it is still recent; a moment later it is distant.
      world.clock.set(new Date(ended + 7 * DAY).toISOString());
      expect(await timeline()).toEqual(['past_recent', 'past_recent']);
      world.clock.advance(1);
      expect(await timeline()).toEqual(['past_distant', 'past_recent']);
      world.clock.advance(HOUR);
      expect(await timeline()).toEqual(['past_distant', 'past_distant']);
    });

    it('filter by type and by timeline state, alone and combined', async () => {
      // Ended more than 7 days ago: an incident and a maintenance.
      const oldIncident = await notice({ type: 'unplanned' });
      await move(oldIncident.id, 'resolved');
      const oldMaintenance = await notice({ type: 'planned' });
      await move(oldMaintenance.id, 'underway');
      await move(oldMaintenance.id, 'complete');
      world.clock.advance(8 * DAY);
      const future = await notice({ type: 'planned' });
      const underway = await notice({ type: 'planned' });
      await move(underway.id, 'underway');
      const completed = await notice({ type: 'planned' });
      await move(completed.id, 'underway');
      await move(completed.id, 'complete');
      const open = await notice({ type: 'unplanned' });
      const alarm = await notice({ type: 'unplanned' });
      await move(alarm.id, 'false_alarm');

      const listed = async (query: Parameters<StatusService['listNotices']>[0]) => {
        const result = await status.listNotices(query);
        expect(result).toMatchObject({ page: 1, hasNext: false, count: result.items.length, nextPage: null });
        expect(result.totalCount).toBe(result.items.length);
        if (query?.type_eq) for (const item of result.items) expect(item.type).toBe(query.type_eq);
        // past is past_recent and past_distant together.
        const timelines =
          query?.timeline_state_eq === 'past' ? ['past_recent', 'past_distant'] : [query?.timeline_state_eq];
        if (query?.timeline_state_eq)
          for (const item of result.items) expect(timelines).toContain(item.timeline_state);
        return ids(result.items);
      };
      const all = [alarm, open, completed, underway, future, oldMaintenance, oldIncident].map((n) => n.id);
      expect(await listed({})).toEqual(all);
      expect(await listed({ type_eq: 'planned' })).toEqual(
        [completed, underway, future, oldMaintenance].map((n) => n.id),
      );
      expect(await listed({ type_eq: 'unplanned' })).toEqual([alarm, open, oldIncident].map((n) => n.id));
      expect(await listed({ timeline_state_eq: 'future' })).toEqual([future.id]);
      expect(await listed({ timeline_state_eq: 'present' })).toEqual([open.id, underway.id]);
      expect(await listed({ timeline_state_eq: 'past_recent' })).toEqual([alarm.id, completed.id]);
      expect(await listed({ timeline_state_eq: 'past_distant' })).toEqual([
        oldMaintenance.id,
        oldIncident.id,
      ]);
      expect(await listed({ timeline_state_eq: 'past' })).toEqual(
        [alarm, completed, oldMaintenance, oldIncident].map((n) => n.id),
      );
      expect(await listed({ type_eq: 'unplanned', timeline_state_eq: 'past' })).toEqual([
        alarm.id,
        oldIncident.id,
      ]);
      expect(await listed({ type_eq: 'planned', timeline_state_eq: 'past_distant' })).toEqual([
        oldMaintenance.id,
      ]);
      expect(await listed({ type_eq: 'unplanned', timeline_state_eq: 'present' })).toEqual([open.id]);
      expect(await listed({ type_eq: 'unplanned', timeline_state_eq: 'future' })).toEqual([]);
    });

    it('page 25 at a time, newest first, keeping the filters in next_page', async () => {
      const planned: number[] = [];
      for (let i = 0; i < 30; i++) {
        planned.push((await notice({ type: 'planned' })).id);
        await notice({ type: 'unplanned' });
      }
      const newest = [...planned].reverse();
      const first = await status.listNotices({ type_eq: 'planned' });
      expect(ids(first.items)).toEqual(newest.slice(0, 25));
      expect(first).toMatchObject({
        page: 1,
        hasNext: true,
        count: 25,
        totalCount: 30,
        nextPage: `${API}/notices?filter[type_eq]=planned&page=2`,
      });
      const second = await status.listNotices({ type_eq: 'planned', page: 2 });
      expect(ids(second.items)).toEqual(newest.slice(25));
      expect(second).toMatchObject({ page: 2, hasNext: false, count: 5, totalCount: 30, nextPage: null });

      const both = await status.listNotices({ type_eq: 'planned', timeline_state_eq: 'future' });
      expect(both).toMatchObject({
        count: 25,
        totalCount: 30,
        nextPage: `${API}/notices?filter[type_eq]=planned&filter[timeline_state_eq]=future&page=2`,
      });
      const everything = await status.listNotices({ page: '3' });
      expect(everything).toMatchObject({
        page: 3,
        count: 10,
        totalCount: 60,
        nextPage: null,
        hasNext: false,
      });
      expect((await status.listNotices({ page: 2 })).nextPage).toBe(`${API}/notices?page=3`);
      expect((await status.page()).links.notices.count).toBe(60);
    });

    it('show one in detail with its impacted components and every update, newest first', async () => {
      const api = await world.statusAdmin.addComponent({ name: 'API' });
      await world.statusAdmin.addComponent({ name: 'Web' });
      const db = await world.statusAdmin.addComponent({ name: 'DB', parent_id: api.id });
      const { id } = await notice({
        type: 'unplanned',
        subject: 'Errors on writes',
        component_ids: [db.id, api.id, db.id],
        content: 'Looking into it',
      });
      world.clock.advance(HOUR);
      await move(id, 'identified', 'A full disk');
      world.clock.advance(HOUR);
      await move(id, 'resolved', 'Disk grown');
      // Each update's id, newest first: ascending with time, so falling down the list.
      const updateIds = (await status.getNotice(id)).updates.map((update) => update.id);
      expect(updateIds).toHaveLength(3);
      expect([...updateIds].sort((a, b) => b - a)).toEqual(updateIds);
      const [resolvedId, identifiedId, firstId] = updateIds;
      const update = (updateId: number | undefined, state: NoticeState, content: string, time: string) => ({
        id: updateId,
        state,
        content,
        created_at: time,
        updated_at: time,
      });
      expect(await status.getNotice(id)).toEqual({
        id,
        type: 'unplanned',
        timeline_state: 'past_recent',
        state: 'resolved',
        subject: 'Errors on writes',
        began_at: START,
        ended_at: at(2 * HOUR),
        components: [api, db],
        updates: [
          update(resolvedId, 'resolved', 'Disk grown', at(2 * HOUR)),
          update(identifiedId, 'identified', 'A full disk', at(HOUR)),
          update(firstId, 'investigating', 'Looking into it', START),
        ],
        url: `${PUBLIC_URL}${API}/notices/${id}`,
        created_at: START,
        updated_at: at(2 * HOUR),
      });
      expect(await status.getNotice(String(id))).toEqual(await status.getNotice(id));
      const [listed] = (await status.listNotices()).items;
      expect(listed).toEqual({
        id,
        type: 'unplanned',
        timeline_state: 'past_recent',
        state: 'resolved',
        subject: 'Errors on writes',
        began_at: START,
        ended_at: at(2 * HOUR),
        latest_update: update(resolvedId, 'resolved', 'Disk grown', at(2 * HOUR)),
        url: `${PUBLIC_URL}${API}/notices/${id}`,
        links: { self: `${API}/notices/${id}` },
        created_at: START,
        updated_at: at(2 * HOUR),
      });
    });
  });

  describe('errors', () => {
    it('refuses a page that is not a whole number of at least 1 with 400', async () => {
      for (const page of ['x', '0', '1.5', '-1', '', 0, 1.5, -1]) {
        expect([page, await failure(status.listComponents({ page }))]).toEqual([
          page,
          badRequest(PAGE_ERROR),
        ]);
        expect([page, await failure(status.listNotices({ page }))]).toEqual([page, badRequest(PAGE_ERROR)]);
      }
    });

    it('refuses filter values that are not documented with 400, each named', async () => {
      expect(await failure(status.listNotices({ type_eq: 'maintenance' }))).toEqual(badRequest(TYPE_ERROR));
      expect(await failure(status.listNotices({ type_eq: 'Planned' }))).toEqual(badRequest(TYPE_ERROR));
      expect(await failure(status.listNotices({ timeline_state_eq: 'now' }))).toEqual(
        badRequest(TIMELINE_ERROR),
      );
      expect(await failure(status.listNotices({ type_eq: '', timeline_state_eq: 'ended' }))).toEqual(
        badRequest(TYPE_ERROR, TIMELINE_ERROR),
      );
      // Names are exact: past is a filter, Past and past_ are not.
      for (const timeline of ['Past', 'past_', 'PAST']) {
        expect([timeline, await failure(status.listNotices({ timeline_state_eq: timeline }))]).toEqual([
          timeline,
          badRequest(TIMELINE_ERROR),
        ]);
      }
      expect(await failure(status.listNotices({ type_eq: 'planned', page: '0' }))).toEqual(
        badRequest(PAGE_ERROR),
      );
    });

    it('answers 404 for a notice that is not there or an id that is not a whole number', async () => {
      const { id } = await notice({ type: 'unplanned' });
      expect(id).toBe(1);
      for (const missing of [2, 999, '999', 'abc', '1.5', '0', '-1', 0, -1, 1.5, '1x', '']) {
        expect([missing, await failure(status.getNotice(missing))]).toEqual([missing, notFound]);
      }
      expect((await status.getNotice('1')).id).toBe(1);
    });
  });
});

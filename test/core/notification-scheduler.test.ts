/**
 * The notification scheduler (issue 31) over a real SQLite store, with a stepping clock: reminders at
 * each member's local time across the 2026 autumn DST changes of Berlin and New York (and Berlin's spring
 * gap), each once, only while the check-in is due; late within an hour of a restart, dropped older;
 * team summaries, blocked check-ins and Echo answers only as a plain member of the team sees them.
 * Settings are written as rows (the settings' commands are another part's).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/instance.js';
import { localInstant, reminderTimesOn } from '../../src/core/notifications/scheduler.js';
import type { ReminderData, SummaryData } from '../../src/core/notifications/types.js';
import { webhookPoster } from '../../src/providers/webhook-post.js';
import { type SteppingClock, steppingClock } from '../helpers/clock.js';
import {
  addChannel,
  outboxEvents,
  setReminderChoice,
  setTeamTimes,
  slotOutcomes,
} from '../helpers/notification-rows.js';
import { createFixture, type FixtureIds } from '../helpers/store.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

const SECRET = 'whsec_notifications-test';
const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const MINUTE = 60_000;

let clock: SteppingClock;
let store: Instance;
let path: string;
let ids: FixtureIds;
let logged: string[];

async function setUp(start: string) {
  clock = steppingClock(start);
  ({ store, path, ids } = await createFixture(clock));
  logged = [];
  return () => store.close();
}

const tick = () => store.sendDueNotifications((message) => logged.push(message));

/** Walks the clock to `until` in steps, ticking at each; `at` runs before the tick at that instant. */
async function walk(until: string, stepMs: number, at: Record<string, () => Promise<unknown>> = {}) {
  const end = Date.parse(until);
  while (clock.now().getTime() <= end) {
    await at[clock.now().toISOString()]?.();
    await tick();
    clock.advance(stepMs);
  }
}

const reminders = async () =>
  (await outboxEvents<ReminderData>(path))
    .filter((event) => event.type === 'reminder.due')
    .map((event) => event.data)
    .sort((a, b) => a.due_at.localeCompare(b.due_at) || a.person.name.localeCompare(b.person.name))
    .map(
      (data) =>
        `${data.due_at} ${data.person.name} ${data.date} #${data.reminder}${data.late ? ' late' : ''}`,
    );

describe('reminder instants', () => {
  it('move a time in the spring gap forward by the gap, and take the first of an autumn repeat', () => {
    expect(localInstant('2026-03-29', '02:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(localInstant('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(localInstant('2026-10-25', '02:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(localInstant('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    expect(localInstant('2026-11-02', '09:30', 'America/New_York').toISOString()).toBe(
      '2026-11-02T14:30:00.000Z',
    );
  });

  it("follow the person's choice, else the earliest times of their teams reporting that day", () => {
    const teams = [
      { id: 'core', report_days: ['monday' as const, 'tuesday' as const] },
      { id: 'design', report_days: ['monday' as const] },
    ];
    const times = new Map([
      ['core', row('core', '09:30', '11:00', '2026-11-01T00:00:00.000Z')],
      ['design', row('design', '09:00', null, '2026-11-02T00:00:00.000Z')],
    ]);
    // Monday: both report; Tuesday: only Core; Sunday: none.
    expect(reminderTimesOn('2026-11-23', undefined, teams, times)).toEqual({
      first: '09:00',
      second: '11:00',
      configuredAt: '2026-11-02T00:00:00.000Z',
    });
    expect(reminderTimesOn('2026-11-24', undefined, teams, times)).toEqual({
      first: '09:30',
      second: '11:00',
      configuredAt: '2026-11-01T00:00:00.000Z',
    });
    expect(reminderTimesOn('2026-11-22', undefined, teams, times)).toBeUndefined();
    const own = choice('own', '08:15', null);
    expect(reminderTimesOn('2026-11-24', own, teams, times)).toEqual({
      first: '08:15',
      second: null,
      configuredAt: own.updated_at,
    });
    expect(reminderTimesOn('2026-11-22', own, teams, times)).toBeUndefined();
    expect(reminderTimesOn('2026-11-23', choice('off', null, null), teams, times)).toBeUndefined();
    // A team that reports but set no reminder gives none.
    expect(reminderTimesOn('2026-11-24', undefined, teams, new Map())).toBeUndefined();
  });
});

function row(team_id: string, remind_at: string | null, remind_again_at: string | null, updated_at: string) {
  return { team_id, remind_at, remind_again_at, summary_at: null, summary_time_zone: null, updated_at };
}

function choice(mode: string, remind_at: string | null, remind_again_at: string | null) {
  return { person_id: 'p', mode, remind_at, remind_again_at, updated_at: '2026-11-05T00:00:00.000Z' };
}

describe('reminders walked across a week and the autumn DST changes', () => {
  const START = '2026-10-23T12:00:00.000Z';
  beforeEach(() => setUp(START));

  it('reach Ben (Berlin) and Cy (New York) once at each local time, only while their check-in is due', async () => {
    const around = await store.admin.addTeam({
      name: 'Around',
      reportDays: EVERY_DAY,
      members: ['ben@example.com', 'cy@example.com'],
    });
    // 01:30 and 02:30 local: Berlin repeats 02:00-03:00 on Oct 25, New York 01:00-02:00 on Nov 1.
    await setTeamTimes(path, around, { remind_at: '01:30', remind_again_at: '02:30' }, START);
    await addChannel(path, { url: 'http://127.0.0.1:9/ben', secret: SECRET, person_id: ids.ben });
    await addChannel(path, { url: 'http://127.0.0.1:9/cy', secret: SECRET, person_id: ids.cy });
    await store.admin.addMemberAbsence('cy@example.com', '2026-10-29');
    // Saturday Oct 31: only Around reports, and it is on holiday.
    await store.admin.addTeamAbsence('Around', '2026-10-31');
    const ben = store.serviceFor(ids.ben);

    await walk('2026-11-02T12:00:00.000Z', 15 * MINUTE, {
      // Between his first and second reminder of Oct 27, and before either of Oct 28.
      '2026-10-27T01:00:00.000Z': () => ben.updateCheckIn('2026-10-27', { intentions: 'Ship it' }),
      '2026-10-28T00:00:00.000Z': () => ben.updateCheckIn('2026-10-28', { intentions: 'Review' }),
    });

    expect(await reminders()).toEqual([
      '2026-10-23T23:30:00Z Ben Okafor 2026-10-24 #1',
      '2026-10-24T00:30:00Z Ben Okafor 2026-10-24 #2',
      '2026-10-24T05:30:00Z Cy Park 2026-10-24 #1',
      '2026-10-24T06:30:00Z Cy Park 2026-10-24 #2',
      // Berlin's last night of summer time: 02:30 happens twice, the first one counts.
      '2026-10-24T23:30:00Z Ben Okafor 2026-10-25 #1',
      '2026-10-25T00:30:00Z Ben Okafor 2026-10-25 #2',
      '2026-10-25T05:30:00Z Cy Park 2026-10-25 #1',
      '2026-10-25T06:30:00Z Cy Park 2026-10-25 #2',
      // Berlin on winter time from here: an hour later in UTC.
      '2026-10-26T00:30:00Z Ben Okafor 2026-10-26 #1',
      '2026-10-26T01:30:00Z Ben Okafor 2026-10-26 #2',
      '2026-10-26T05:30:00Z Cy Park 2026-10-26 #1',
      '2026-10-26T06:30:00Z Cy Park 2026-10-26 #2',
      // Ben checked in between his two reminders of Oct 27: no second one.
      '2026-10-27T00:30:00Z Ben Okafor 2026-10-27 #1',
      '2026-10-27T05:30:00Z Cy Park 2026-10-27 #1',
      '2026-10-27T06:30:00Z Cy Park 2026-10-27 #2',
      // Ben checked in before Oct 28's; Cy is absent on Oct 29.
      '2026-10-28T05:30:00Z Cy Park 2026-10-28 #1',
      '2026-10-28T06:30:00Z Cy Park 2026-10-28 #2',
      '2026-10-29T00:30:00Z Ben Okafor 2026-10-29 #1',
      '2026-10-29T01:30:00Z Ben Okafor 2026-10-29 #2',
      '2026-10-30T00:30:00Z Ben Okafor 2026-10-30 #1',
      '2026-10-30T01:30:00Z Ben Okafor 2026-10-30 #2',
      '2026-10-30T05:30:00Z Cy Park 2026-10-30 #1',
      '2026-10-30T06:30:00Z Cy Park 2026-10-30 #2',
      // Oct 31: the team's holiday, nobody is due. Nov 1: New York's 01:30 twice, the first counts.
      '2026-11-01T00:30:00Z Ben Okafor 2026-11-01 #1',
      '2026-11-01T01:30:00Z Ben Okafor 2026-11-01 #2',
      '2026-11-01T05:30:00Z Cy Park 2026-11-01 #1',
      '2026-11-01T07:30:00Z Cy Park 2026-11-01 #2',
      '2026-11-02T00:30:00Z Ben Okafor 2026-11-02 #1',
      '2026-11-02T01:30:00Z Ben Okafor 2026-11-02 #2',
      '2026-11-02T06:30:00Z Cy Park 2026-11-02 #1',
      '2026-11-02T07:30:00Z Cy Park 2026-11-02 #2',
    ]);
    const outcomes = await slotOutcomes(path);
    // Keys hold random person ids: compared as sets.
    const byKey = (a: string[], b: string[]) => ((a[0] as string) < (b[0] as string) ? -1 : 1);
    expect(
      Object.entries(outcomes)
        .filter(([, outcome]) => outcome !== 'sent')
        .sort(byKey),
    ).toEqual(
      [
        [`reminder|${ids.ben}|2026-10-27|2`, 'not_due'],
        [`reminder|${ids.ben}|2026-10-28|1`, 'not_due'],
        [`reminder|${ids.ben}|2026-10-28|2`, 'not_due'],
        [`reminder|${ids.ben}|2026-10-31|1`, 'not_due'],
        [`reminder|${ids.ben}|2026-10-31|2`, 'not_due'],
        [`reminder|${ids.cy}|2026-10-29|1`, 'not_due'],
        [`reminder|${ids.cy}|2026-10-29|2`, 'not_due'],
        [`reminder|${ids.cy}|2026-10-31|1`, 'not_due'],
        [`reminder|${ids.cy}|2026-10-31|2`, 'not_due'],
      ].sort(byKey),
    );
    expect(logged).toEqual([]);

    // The clock set back a day and walked again (a clock fix, a second scheduler): nothing twice.
    clock.set('2026-11-01T00:00:00.000Z');
    await walk('2026-11-02T12:00:00.000Z', 60 * MINUTE);
    expect(await reminders()).toHaveLength(31);
  });

  it("carry the person's last intentions and the command, and reach a real receiver signed", async () => {
    const receiver = await startWebhookReceiver(
      () => SECRET,
      () => clock.now(),
    );
    await setTeamTimes(path, ids.core, { remind_at: '09:30' }, START);
    await addChannel(path, { url: `${receiver.url}/ana`, secret: SECRET, person_id: ids.ana });
    const ana = store.serviceFor(ids.ana);
    await ana.updateCheckIn('2026-10-23', { intentions: 'Write the release notes' });
    // Monday Oct 26 09:30 UTC (Ana's zone).
    clock.set('2026-10-26T09:30:00.000Z');
    expect(await tick()).toEqual({ sent: 1, late: 0, dropped: 0, not_due: 0 });
    await (await store.webhookSender({ clock, poster: webhookPoster() })).drain();
    expect(receiver.received.map((hook) => [hook.path, hook.verified])).toEqual([['/hooks/ana', true]]);
    const event = JSON.parse(receiver.received[0]?.body ?? '{}');
    expect(event).toEqual({
      id: receiver.received[0]?.headers['pulse-webhook-id'],
      type: 'reminder.due',
      created_at: '2026-10-26T09:30:00Z',
      data: {
        person: { id: ids.ana, name: 'Ana Diaz', email: 'ana@example.com' },
        date: '2026-10-26',
        reminder: 1,
        local_time: '09:30',
        due_at: '2026-10-26T09:30:00Z',
        late: false,
        command: 'pulse checkin',
        url: expect.stringMatching(/^https:\/\/pulse\.test\/api\/v2\/check-ins\//),
        previous_intentions: 'Write the release notes',
        previous_date: '2026-10-23',
      },
    });
  });
});

describe("reminders across Berlin's spring gap", () => {
  beforeEach(() => setUp('2026-03-28T12:00:00.000Z'));

  it('go out once, at 03:30 on the night 02:30 does not exist', async () => {
    const around = await store.admin.addTeam({
      name: 'Around',
      reportDays: EVERY_DAY,
      members: ['ben@example.com'],
    });
    await setTeamTimes(path, around, { remind_at: '02:30' }, '2026-03-28T12:00:00.000Z');
    await addChannel(path, { url: 'http://127.0.0.1:9/ben', secret: SECRET, person_id: ids.ben });
    await walk('2026-03-30T12:00:00.000Z', 15 * MINUTE);
    expect(await reminders()).toEqual([
      // 02:30 CET would be 01:30Z; the clocks jump from 02:00 to 03:00, so 03:30 CEST: 01:30Z too.
      '2026-03-29T01:30:00Z Ben Okafor 2026-03-29 #1',
      '2026-03-30T00:30:00Z Ben Okafor 2026-03-30 #1',
    ]);
  });
});

describe('a scheduler that was not running', () => {
  beforeEach(() => setUp('2026-11-23T08:00:00.000Z'));

  it('sends what came due within the hour late, drops and logs older ones, and skips those set after', async () => {
    await setTeamTimes(
      path,
      ids.core,
      { remind_at: '09:30', remind_again_at: '11:00' },
      '2026-11-20T00:00:00.000Z',
    );
    await addChannel(path, { url: 'http://127.0.0.1:9/ana', secret: SECRET, person_id: ids.ana });
    // Ben chose 10:00 (09:00 UTC) at 10:30 his time: today's came due before he chose it.
    await setReminderChoice(path, ids.ben, { mode: 'own', remind_at: '10:00' }, '2026-11-23T09:30:00.000Z');
    await addChannel(path, { url: 'http://127.0.0.1:9/ben', secret: SECRET, person_id: ids.ben });

    // Started at 10:10: Ana's 09:30 is 40 minutes past.
    clock.set('2026-11-23T10:10:00.000Z');
    expect(await tick()).toEqual({ sent: 0, late: 1, dropped: 0, not_due: 0 });
    // Stopped again, started at 12:30: Ana's 11:00 is an hour and a half past.
    clock.set('2026-11-23T12:30:00.000Z');
    expect(await tick()).toEqual({ sent: 0, late: 0, dropped: 1, not_due: 0 });
    expect(await tick()).toEqual({ sent: 0, late: 0, dropped: 0, not_due: 0 });
    expect(logged).toEqual([
      `dropped reminder reminder|${ids.ana}|2026-11-23|2: due at 2026-11-23T11:00:00Z, more than an hour ago`,
    ]);
    // The next day, Ben's 10:00 goes out on time.
    clock.set('2026-11-24T09:00:00.000Z');
    await tick();
    expect(await reminders()).toEqual([
      '2026-11-23T09:30:00Z Ana Diaz 2026-11-23 #1 late',
      '2026-11-24T09:00:00Z Ben Okafor 2026-11-24 #1',
    ]);
    expect(await slotOutcomes(path)).toEqual({
      [`reminder|${ids.ana}|2026-11-23|1`]: 'late',
      [`reminder|${ids.ana}|2026-11-23|2`]: 'dropped',
      [`reminder|${ids.ben}|2026-11-24|1`]: 'sent',
    });
  });

  it('sends a slot once when ticks run at once', async () => {
    await setTeamTimes(path, ids.core, { remind_at: '09:30' }, '2026-11-20T00:00:00.000Z');
    await addChannel(path, { url: 'http://127.0.0.1:9/ana', secret: SECRET, person_id: ids.ana });
    clock.set('2026-11-23T09:30:00.000Z');
    const reports = await Promise.all([tick(), tick(), tick()]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(1);
    expect(await reminders()).toEqual(['2026-11-23T09:30:00Z Ana Diaz 2026-11-23 #1']);
  });
});

describe('team notifications', () => {
  beforeEach(() => setUp('2026-11-23T08:00:00.000Z'));

  it('tell a team of blockers shared with it, and sum its day up as a member of it sees it', async () => {
    const fay = await store.admin.addPerson({
      name: 'Fay Moss',
      email: 'fay@example.com',
      timeZone: 'UTC',
      teams: ['Core'],
    });
    await setTeamTimes(
      path,
      ids.core,
      { summary_at: '17:00', summary_time_zone: 'Europe/Berlin' },
      '2026-11-20T00:00:00.000Z',
    );
    await addChannel(path, {
      url: 'http://127.0.0.1:9/core',
      secret: SECRET,
      team_id: ids.core,
      events: 'checkin.blocked,team.summary',
    });
    await addChannel(path, { url: 'http://127.0.0.1:9/design', secret: SECRET, team_id: ids.design });
    await store.admin.addMemberAbsence('ben@example.com', '2026-11-23');

    await store
      .serviceFor(ids.ana)
      .updateCheckIn('2026-11-23', { intentions: 'Deploy', blockers: 'Waiting on review' });
    // Cy's blocker goes to Design only: the check-in is not shared with Core.
    await store
      .serviceFor(ids.cy)
      .updateCheckIn('2026-11-23', { intentions: 'Sketch', blockers: 'No access', team_ids: [ids.design] });
    // Not blocked: nothing to tell.
    await store.serviceFor(fay).updateCheckIn('2026-11-20', { intentions: 'x', blockers: 'none' });

    clock.set('2026-11-23T16:00:00.000Z');
    expect(await tick()).toEqual({ sent: 1, late: 0, dropped: 0, not_due: 0 });
    const events = await outboxEvents(path);
    const blocked = events.filter((event) => event.type === 'checkin.blocked').map((event) => event.data);
    expect(blocked).toEqual(
      expect.arrayContaining([
        {
          team: { id: ids.core, name: 'Core' },
          check_in: {
            id: expect.any(String),
            date: '2026-11-23',
            blockers: 'Waiting on review',
            url: expect.stringMatching(/^https:\/\/pulse\.test\/api\/v2\/check-ins\//),
          },
          person: { id: ids.ana, name: 'Ana Diaz' },
        },
        expect.objectContaining({
          team: { id: ids.design, name: 'Design' },
          person: { id: ids.cy, name: 'Cy Park' },
        }),
      ]),
    );
    expect(blocked).toHaveLength(2);
    const summary = events.find((event) => event.type === 'team.summary')?.data as unknown as SummaryData;
    expect(summary).toEqual({
      team: { id: ids.core, name: 'Core' },
      date: '2026-11-23',
      checked_in: [{ id: ids.ana, name: 'Ana Diaz' }],
      blocked: [{ id: ids.ana, name: 'Ana Diaz', blockers: 'Waiting on review' }],
      absent: [{ id: ids.ben, name: 'Ben Okafor' }],
      missing: [{ id: fay, name: 'Fay Moss' }],
      counts: { members: 4, checked_in: 1, blocked: 1, absent: 1, missing: 1 },
      late: false,
    });
    // Which channels each went to: the summary and Ana's blocker to Core, Cy's to Design.
    const deliveries = await (await import('../helpers/notification-rows.js')).storeRows<{
      url: string;
      type: string;
    }>(
      path,
      `SELECT w.url AS url, e.type AS type FROM pulse_webhook_deliveries d
        JOIN webhooks w ON w.id = d.webhook_id JOIN pulse_webhook_events e ON e.id = d.event_id ORDER BY w.url, e.type`,
    );
    expect(deliveries.map((d) => `${d.url} ${d.type}`)).toEqual([
      'http://127.0.0.1:9/core checkin.blocked',
      'http://127.0.0.1:9/core team.summary',
      'http://127.0.0.1:9/design checkin.blocked',
    ]);
  });

  it("send no summary on the team's holiday, and none on days it does not report", async () => {
    await setTeamTimes(
      path,
      ids.core,
      { summary_at: '17:00', summary_time_zone: 'UTC' },
      '2026-11-20T00:00:00.000Z',
    );
    await addChannel(path, { url: 'http://127.0.0.1:9/core', secret: SECRET, team_id: ids.core });
    await store.admin.addTeamAbsence('Core', '2026-11-23');
    clock.set('2026-11-23T17:00:00.000Z');
    expect(await tick()).toEqual({ sent: 0, late: 0, dropped: 0, not_due: 1 });
    clock.set('2026-11-29T17:00:00.000Z');
    expect(await tick()).toEqual({ sent: 0, late: 0, dropped: 0, not_due: 0 });
    expect(await outboxEvents(path)).toEqual([]);
  });

  it("tell a team of one person's new Echo answers, and no team with other members", async () => {
    clock.set('2026-11-20T10:00:00.000Z');
    const solo = await store.admin.addTeam({ name: 'Solo', members: ['ben@example.com'] });
    await addChannel(path, {
      url: 'http://127.0.0.1:9/solo',
      secret: SECRET,
      team_id: solo,
      events: 'echo.answered',
    });
    await addChannel(path, {
      url: 'http://127.0.0.1:9/core',
      secret: SECRET,
      team_id: ids.core,
      events: 'echo.answered',
    });
    const question = await store.serviceFor(ids.ben).createEchoQuestion({
      prompt: 'What blocked me?',
      title: 'Daily blockers',
      answer_frequency: 'daily',
      answer_time: '09:00',
      every_day: true,
    });
    clock.set('2026-11-21T10:00:00.000Z');
    expect(await store.publishDueEchoAnswers()).toBe(1);
    const events = await outboxEvents(path);
    expect(events).toEqual([
      {
        id: expect.any(String),
        type: 'echo.answered',
        created_at: '2026-11-21T10:00:00Z',
        data: {
          team: { id: solo, name: 'Solo' },
          echo: { id: question.id, question: 'What blocked me?' },
          answer: {
            id: expect.any(String),
            period: expect.any(String),
            text: null,
            url: expect.stringMatching(/^https:\/\/pulse\.test\/api\/v2\/echo\/answers\//),
          },
        },
      },
    ]);
  });
});

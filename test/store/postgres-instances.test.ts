/**
 * Two instances' stores on one PostgreSQL database, as two `pulse serve` processes have them: the Echo
 * scheduler of both, running at once, publishes each due occurrence once (the store's transactions take
 * turns, and the core checks again under its turn; issue 11). Both run in this one process, whose event
 * loop interleaves them less than two processes would: test/cli/serve-jobs.test.ts races two real
 * instances. The status page's numbering holds across the pair too: notice update ids come from one
 * sequence, and components added at once by both get distinct places at the end.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { steppingClock } from '../helpers/clock.js';
import { createDatabase, dropDatabase } from '../helpers/postgres.js';
import { createFixture, openInstance, PUBLIC_URL } from '../helpers/store.js';
import { postgresServer } from '../helpers/system-parts.js';

// The run's PostgreSQL when it answers; without it these tests skip, saying why (CI requires it).
const server = await postgresServer();

describe.skipIf(!server)('two instances on one PostgreSQL database', () => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
  });

  it('publish an Echo occurrence due while both run once, whichever scheduler gets there first', async () => {
    const database = await createDatabase(server as string);
    cleanUps.push(() => dropDatabase(database));
    const clock = steppingClock('2026-11-20T10:00:00Z');
    const { store: first, ids } = await createFixture(clock, { location: database });
    cleanUps.push(() => first.close());
    const second = await openInstance(database, { clock, publicUrl: PUBLIC_URL });
    cleanUps.push(() => second.close());

    const ben = first.serviceFor(ids.ben as string);
    const question = await ben.createEchoQuestion({
      prompt: 'What blocked the team?',
      title: 'Daily blockers',
      answer_frequency: 'daily',
      answer_time: '09:00',
      every_day: true,
    });
    // Three occurrences fall due (Nov 21, 22 and 23 at 09:00 in Ben's Berlin); both schedulers run at once, twice.
    clock.set('2026-11-23T10:00:00Z');
    const published = await Promise.all([
      first.publishDueEchoAnswers(),
      second.publishDueEchoAnswers(),
      first.publishDueEchoAnswers(),
      second.publishDueEchoAnswers(),
    ]);
    expect(published.reduce((sum, count) => sum + count, 0)).toBe(3);
    const answers = (await second.serviceFor(ids.ben as string).listEchoAnswers(question.id)).items;
    expect(answers.map((answer) => answer.published_at)).toEqual([
      '2026-11-23T08:00:00Z',
      '2026-11-22T08:00:00Z',
      '2026-11-21T08:00:00Z',
    ]);
  });

  it('send each reminder and team summary once, whichever scheduler gets there first (issue 31)', async () => {
    const database = await createDatabase(server as string);
    cleanUps.push(() => dropDatabase(database));
    const clock = steppingClock('2026-11-20T10:00:00Z');
    const { store: first, ids } = await createFixture(clock, { location: database });
    cleanUps.push(() => first.close());
    const second = await openInstance(database, { clock, publicUrl: PUBLIC_URL });
    cleanUps.push(() => second.close());

    // Ben (Berlin) is reminded at 09:00 and 09:01 his time; Core sums its day up at 09:00 Berlin.
    const ben = first.serviceFor(ids.ben as string);
    await ben.updateMyReminders({ remind_at: '09:00', remind_again_at: '09:01' });
    await ben.addMyChannel({ url: 'https://chat.example.com/ben', format: 'slack' });
    const ana = second.serviceFor(ids.ana as string);
    const core = (await ana.listTeams()).items.find((team) => team.name === 'Core');
    if (!core) throw new Error('no team Core');
    await ana.updateTeamNotifications(core.id, { summary_at: '09:00', summary_time_zone: 'Europe/Berlin' });
    await ana.addTeamChannel(core.id, { url: 'https://chat.example.com/core', events: ['team.summary'] });

    // Monday 23 November, 09:02 in Berlin: all three are due; both schedulers tick at once, twice.
    clock.set('2026-11-23T08:02:00Z');
    const ticks = await Promise.all([
      first.sendDueNotifications(() => {}),
      second.sendDueNotifications(() => {}),
      first.sendDueNotifications(() => {}),
      second.sendDueNotifications(() => {}),
    ]);
    expect(ticks.reduce((sum, tick) => sum + tick.sent, 0)).toBe(3);
    const deliveries = (await ana.listNotificationDeliveries()).items;
    expect(deliveries.map((delivery) => delivery.event_type).sort()).toEqual([
      'reminder.due',
      'reminder.due',
      'team.summary',
    ]);
  });

  it('number status updates once and place components added at once by both without a shared place', async () => {
    const database = await createDatabase(server as string);
    cleanUps.push(() => dropDatabase(database));
    const clock = steppingClock('2026-11-20T10:00:00Z');
    const first = await openInstance(database, { clock, publicUrl: PUBLIC_URL });
    cleanUps.push(() => first.close());
    const second = await openInstance(database, { clock, publicUrl: PUBLIC_URL });
    cleanUps.push(() => second.close());

    const instances = [first, second];
    const added = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (instances[i % 2] ?? first).statusAdmin.addComponent({ name: `C${i}` }),
      ),
    );
    expect(added.map((component) => component.position).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);

    const notices = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (instances[i % 2] ?? first).statusAdmin.addNotice({ type: 'unplanned', subject: `N${i}` }),
      ),
    );
    await Promise.all(
      notices.map((notice, i) =>
        (instances[(i + 1) % 2] ?? first).statusAdmin.updateNotice(notice.id, { state: 'identified' }),
      ),
    );
    const details = await Promise.all(notices.map((notice) => second.statusService().getNotice(notice.id)));
    const updateIds = details.flatMap((detail) => detail.updates.map((update) => update.id));
    expect(updateIds).toHaveLength(12);
    expect(new Set(updateIds).size).toBe(12);
    // Within a notice, newest first: the later update has the greater id.
    for (const detail of details) {
      const [newest, oldest] = detail.updates;
      expect([detail.id, (newest?.id ?? 0) > (oldest?.id ?? 0)]).toEqual([detail.id, true]);
    }
  });
});

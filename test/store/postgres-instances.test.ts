/**
 * Two instances' stores on one PostgreSQL database, as two `pulse serve` processes have them: the Echo
 * scheduler of both, running at once, publishes each due occurrence once (the store's transactions take
 * turns, and the core checks again under its turn; issue 11). Both run in this one process, whose event
 * loop interleaves them less than two processes would: test/cli/serve-jobs.test.ts races two real
 * instances.
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
    const clock = steppingClock('2026-11-20T10:00:00.000Z');
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
    });
    // Three occurrences fall due (Nov 21, 22 and 23 at 09:00 in Ben's Berlin); both schedulers run at once, twice.
    clock.set('2026-11-23T10:00:00.000Z');
    const published = await Promise.all([
      first.publishDueEchoAnswers(),
      second.publishDueEchoAnswers(),
      first.publishDueEchoAnswers(),
      second.publishDueEchoAnswers(),
    ]);
    expect(published.reduce((sum, count) => sum + count, 0)).toBe(3);
    const answers = (await second.serviceFor(ids.ben as string).listEchoAnswers(question.id)).items;
    expect(answers.map((answer) => answer.published_at)).toEqual([
      '2026-11-23T08:00:00.000Z',
      '2026-11-22T08:00:00.000Z',
      '2026-11-21T08:00:00.000Z',
    ]);
  });
});

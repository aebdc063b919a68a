/**
 * Two real `pulse serve --database` processes on one PostgreSQL database, their schedulers running every
 * 100 ms (PULSE_SCHEDULER_INTERVAL_MS): 30 people's Echo questions come due while both run, and every
 * occurrence is published once and its body written once (issue 11). Both write answers with a
 * generative provider (a local chat-completions server), so each body written is one request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, startChatServer } from '../helpers/chat-server.js';
import { isolatedEnv, runInProcess } from '../helpers/cli.js';
import { steppingClock } from '../helpers/clock.js';
import { eventually } from '../helpers/eventually.js';
import { createDatabase, dropDatabase, queryRows } from '../helpers/postgres.js';
import { startServe } from '../helpers/serve-process.js';
import { openInstance } from '../helpers/store.js';
import { postgresServer } from '../helpers/system-parts.js';

// The run's PostgreSQL when it answers; without it these tests skip, saying why (CI requires it).
const server = await postgresServer();

const PEOPLE = 30;
const DAY_MS = 86_400_000;
const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const ANSWER = 'The team shipped the palette [1].';

/** An instance's environment: its own home, answers by the chat server, the scheduler every 100 ms. */
async function instanceEnv(chatUrl: string): Promise<Record<string, string>> {
  const env = isolatedEnv({ PULSE_SCHEDULER_INTERVAL_MS: '100', PULSE_ASK_KEY: 'test-key' });
  for (const [key, value] of [
    ['ask.provider', 'openai'],
    ['ask.url', chatUrl],
    ['ask.model', 'test-model'],
  ]) {
    const result = await runInProcess(['config', 'set', key as string, value as string], { env });
    expect(result.exitCode, result.stderr).toBe(0);
  }
  return env;
}

describe.skipIf(!server)('two pulse serve instances on one database: Echo answers', () => {
  let database: string;
  beforeAll(async () => {
    database = await createDatabase(server as string);
  });
  afterAll(async () => {
    if (database) await dropDatabase(database);
  });

  it('publish each occurrence of 30 questions coming due while both run once, each body written once', async () => {
    // Set up three days ago: a team that reports every day, its people, and a check-in each day since.
    const start = Date.now() - 3 * DAY_MS;
    const clock = steppingClock(new Date(start).toISOString());
    const store = await openInstance(database, { clock, publicUrl: 'https://pulse.test' });
    await store.admin.initialise({
      name: 'Ana Diaz',
      email: 'ana@example.com',
      timeZone: 'UTC',
      teamName: 'Core',
    });
    await store.admin.addTeam({ name: 'Daily', reportDays: [...EVERY_DAY] });
    const people: string[] = [];
    for (let n = 0; n < PEOPLE; n++) {
      people.push(
        await store.admin.addPerson({
          name: `Person ${n}`,
          email: `person${n}@example.com`,
          timeZone: 'UTC',
          teams: ['Daily'],
        }),
      );
    }
    // Something to answer from in every period: person 0 checks in each day, three days ago to today.
    for (let day = 0; day <= 3; day++) {
      clock.set(new Date(start + day * DAY_MS).toISOString());
      const date = new Date(start + day * DAY_MS).toISOString().slice(0, 10);
      await store.serviceFor(people[0] as string).updateCheckIn(date, {
        previous: 'Shipped the palette',
        intentions: 'Ship the icons',
        blockers: 'none',
      });
    }
    clock.set(new Date(start).toISOString());

    const chat = await startChatServer();
    chat.respond(completion(ANSWER));
    const publicUrl = ['--public-url', 'https://pulse.test'];
    const instances = [
      await startServe([], await instanceEnv(chat.url), ['--database', database, ...publicUrl]),
      await startServe([], await instanceEnv(chat.url), ['--database', database, ...publicUrl]),
    ];

    // While both run, each person asks a daily Echo at midnight UTC, as of three days ago: three
    // occurrences of each are due at once, and both schedulers race for them.
    const questions = [];
    for (const personId of people) {
      questions.push(
        await store.serviceFor(personId).createEchoQuestion({
          prompt: 'What did the team ship?',
          title: 'Shipped',
          answer_frequency: 'daily',
          answer_time: '00:00',
          // Every day: the three days before the run may include a weekend.
          every_day: true,
        }),
      );
    }
    const occurrences = questions.length * 3;
    await eventually(
      async () => {
        const [row] = await queryRows<{ published: string; unwritten: string; jobs: string }>(
          database,
          `SELECT (SELECT count(*) FROM echo_answers) AS published,
             (SELECT count(*) FROM echo_answers WHERE body IS NULL) AS unwritten,
             (SELECT count(*) FROM pulse_jobs) AS jobs`,
        );
        return Number(row?.published) >= occurrences && row?.unwritten === '0' && row?.jobs === '0'
          ? true
          : undefined;
      },
      'every occurrence published and written',
      60_000,
    );

    // Exactly once per (question, occurrence), at midnight of each of the three days.
    const counts = await queryRows<{ question_id: string; published_at: string; n: string }>(
      database,
      'SELECT question_id, published_at, count(*) AS n FROM echo_answers GROUP BY question_id, published_at',
    );
    expect(counts).toHaveLength(occurrences);
    expect(counts.filter((row) => row.n !== '1')).toEqual([]);
    for (const row of counts) expect(row.published_at).toMatch(/T00:00:00\.000Z$/);
    // Each body that the provider wrote was asked for once: no occurrence was written by both.
    const generated = await queryRows<{ n: string }>(
      database,
      `SELECT count(*) AS n FROM echo_answers WHERE body LIKE '${ANSWER}%'`,
    );
    expect(Number(generated[0]?.n)).toBe(occurrences);
    expect(chat.requests).toHaveLength(occurrences);

    for (const instance of instances) expect((await instance.stop()).exitCode).toBe(0);
    await store.close();
  }, 120_000);
});

describe('PULSE_SCHEDULER_INTERVAL_MS', () => {
  it('takes only milliseconds above 0 (exit 2), before opening any store', async () => {
    for (const value of ['0', 'soon', '1.5', '-100']) {
      const result = await runInProcess(['serve', '--port', '0'], {
        env: isolatedEnv({ PULSE_SCHEDULER_INTERVAL_MS: value }),
      });
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain(`PULSE_SCHEDULER_INTERVAL_MS must be milliseconds above 0: ${value}`);
    }
  });
});

/**
 * `pulse serve`'s background work: the Echo scheduler publishes due answers without anyone reading,
 * answers are written after their response, closing waits for them, and answers a stopped server left
 * unwritten are written when it starts again. Observed through the SQLite file itself, because reading
 * through the Service would publish due answers on its own.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { buildServer } from '../../src/server/app.js';
import { openSqlite } from '../../src/store/sqlite-driver.js';
import { steppingClock } from '../helpers/clock.js';
import { eventually } from '../helpers/eventually.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { openInstance, PUBLIC_URL } from '../helpers/store.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function rows(path: string, sql: string): Record<string, unknown>[] {
  const db = openSqlite(path, { readonly: true });
  try {
    return db.prepare(sql).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

describe('background work of pulse serve', () => {
  it('publishes due Echo answers on schedule, with their bodies, when nobody reads', async () => {
    const clock = steppingClock('2026-11-23T10:00:00.000Z');
    server = await startTestServer({ clock, echoSchedulerMs: 20 });
    const { store, ids, path } = server.fixture;
    await store.serviceFor(ids.ben as string).createEchoQuestion({
      prompt: 'What blocked the team?',
      title: 'Daily blockers',
      answer_frequency: 'daily',
      answer_time: '09:00',
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rows(path, 'SELECT id FROM echo_answers')).toEqual([]);

    clock.set('2026-11-24T08:00:00.000Z'); // 09:00 in Berlin
    const published = await eventually(() => {
      const found = rows(path, 'SELECT title, body, published_at FROM echo_answers');
      return found.length > 0 && found.every((row) => row.body !== null) ? found : undefined;
    }, 'the scheduler');
    expect(published).toEqual([
      {
        title: 'Daily blockers - Nov 23, 2026',
        published_at: '2026-11-24T08:00:00.000Z',
        body: 'I found no check-ins on Core on Nov 23, 2026 that you can see.\n\nI read this as: blockers · on Nov 23, 2026.',
      },
    ]);
    expect(rows(path, "SELECT category FROM digest_entries WHERE resource_type = 'echo-answer'")).toEqual([
      { category: 'echo' },
    ]);
  });

  it('answers an ask after its 201, and closing waits for the answer to be written', async () => {
    // A fixed clock: "today" is the asker's (Berlin), which is tomorrow in UTC late in the evening.
    server = await startTestServer({ echoSchedulerMs: null, clock: fixedClock('2026-11-23T10:00:00Z') });
    const response = await fetch(`${server.url}/api/v2/asks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.tokens.ben}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'What blocked the team today?' }),
    });
    expect(response.status).toBe(201);
    const ask = (await response.json()) as { id: string; body: string | null };
    expect(ask.body).toBeNull();
    await server.app.close();
    expect(rows(server.fixture.path, 'SELECT body FROM asks')).toEqual([
      {
        body: [
          'I found no check-ins on Core today (Nov 23, 2026) that you can see.',
          'I read this as: blockers · today (Nov 23, 2026).',
          '**Wider: at any time.** Nobody on Core reported blockers at any time.',
        ].join('\n\n'),
      },
    ]);
  });

  it('writes, at start, the answers a stopped server left unwritten', async () => {
    server = await startTestServer({ echoSchedulerMs: null });
    const { fixture } = server;
    await server.app.close();
    // A server that stopped before writing: the answer stays null.
    fixture.store.options.background = { run: async () => {} };
    const ask = await fixture.store
      .serviceFor(fixture.ids.ana as string)
      .createAsk({ prompt: 'What happened today?' });
    expect(rows(fixture.path, 'SELECT body FROM asks')).toEqual([{ body: null }]);

    const clock = steppingClock('2026-11-23T10:00:00.000Z');
    const store = await openInstance(fixture.path, { clock, publicUrl: PUBLIC_URL });
    const restarted = await buildServer({
      instance: store,
      clock,
      publicUrl: () => PUBLIC_URL,
      rateLimit: null,
      echoSchedulerMs: null,
    });
    await restarted.ready();
    await restarted.answers.queue.idle();
    const [row] = rows(fixture.path, `SELECT body FROM asks WHERE id = '${ask.id}'`);
    expect(String(row?.body)).toMatch(
      /^I found no check-ins, goal updates, comments or activities on Core today/,
    );
    await restarted.close();
    await store.close();
  });
});

/**
 * Answers through the core with the chat-completions provider: a local store opened with it writes an
 * Ask's answer from the provider's text, sends the endpoint only what the asker may see, and falls back
 * to the extractive answer, saying so, when the endpoint fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import type { Instance } from '../../src/core/instance.js';
import { ChatCompletionsProvider } from '../../src/providers/chat-completions.js';
import { type ChatServer, completion, startChatServer } from '../helpers/chat-server.js';
import { createFixture, type Fixture, openInstance, PUBLIC_URL } from '../helpers/store.js';

const CLOCK = fixedClock('2026-11-23T10:00:00Z');
const PROMPT = 'What blocked the team today?';
/** In a check-in of Dee's private team, which Ana is not in. */
const HIDDEN = 'quokkalith';

let server: ChatServer;
let fixture: Fixture;
/** The same file opened without a provider: the extractive answer to compare with. */
let plain: Instance;

async function ask(store: Instance): Promise<string> {
  const service = store.serviceFor(fixture.ids.ana as string);
  const { id, body } = await service.createAsk({ prompt: PROMPT });
  expect(body).toBeNull();
  const answered = await service.getAsk(id);
  expect(answered.body).not.toBeNull();
  return answered.body as string;
}

beforeAll(async () => {
  server = await startChatServer();
  const provider = new ChatCompletionsProvider({
    baseUrl: server.url,
    model: 'test-model',
    apiKey: 'sk-e2e',
  });
  fixture = await createFixture(CLOCK, { generative: provider });
  const { store, ids } = fixture;
  const checkIns = [
    [ids.ben, { previous: 'Reviewed #12', intentions: 'Pair with Ana', blockers: 'waiting on CI' }],
    [ids.cy, { previous: 'Sketches', intentions: 'Mock-ups', blockers: 'design review pending' }],
    [ids.dee, { previous: 'Secret work', intentions: 'More of it', blockers: `${HIDDEN} shortage` }],
  ] as const;
  for (const [person, answers] of checkIns) {
    await store.serviceFor(person as string).updateCheckIn('2026-11-23', { ...answers });
  }
  plain = await openInstance(fixture.path, { clock: CLOCK, publicUrl: PUBLIC_URL });
});

afterAll(async () => {
  await plain?.close();
  await fixture?.store.close();
});

describe('answers written by the chat-completions provider', () => {
  it("is the provider's text followed by the sources, from excerpts the asker may see", async () => {
    server.respond(completion('Ben is waiting on CI [1]; Cy on a design review [2].\n'));
    const before = server.requests.length;
    const body = await ask(fixture.store);

    const extractive = await ask(plain);
    const sources = extractive.slice(extractive.indexOf('### Sources'));
    expect(sources).toMatch(/^### Sources\n\n1\. \[Ben Okafor's check-in .*\n2\. \[Cy Park's check-in /);
    expect(body).toBe(`Ben is waiting on CI [1]; Cy on a design review [2].\n\n${sources}`);

    expect(server.requests).toHaveLength(before + 1);
    const request = server.requests.at(-1);
    expect(request?.headers.authorization).toBe('Bearer sk-e2e');
    const user = request?.body.messages?.[1]?.content ?? '';
    expect(user).toContain(`Question: ${PROMPT}`);
    expect(user).toContain(`Summary: ${extractive.split('\n', 1)[0]}`);
    expect(user).toMatch(/\n\nRead as: blockers · .+\n\nSummary: /);
    expect(user).toMatch(/\[1\] Ben Okafor's check-in .*\n> waiting on CI/);
    expect(user).toMatch(/\[2\] Cy Park's check-in .*\n> design review pending/);
    // Dee's check-in is shared with a private team Ana is not in: nothing of it leaves the store.
    expect(request?.text).not.toContain(HIDDEN);
    expect(request?.text).not.toContain('Dee');
    expect(extractive).not.toContain(HIDDEN);
  });

  it('falls back to the extractive answer and says why when the endpoint fails', async () => {
    server.respond((_request, response) => response.writeHead(500).end());
    const body = await ask(fixture.store);
    const extractive = await ask(plain);
    expect(body).toBe(
      `${extractive}\n\n_The generative provider (test-model at ${new URL(server.url).host}) failed (HTTP 500); ` +
        'this is the extractive answer._',
    );
    expect(body).not.toContain('sk-e2e');
  });
});

/** The chat-completions provider against a local server that speaks the protocol. */
import { describe, expect, it } from 'vitest';
import { type GenerativeRequest, SYSTEM_PROMPT } from '../../src/core/answers/generative.js';
import { ChatCompletionsProvider } from '../../src/providers/chat-completions.js';
import { type ChatServer, completion, json, refusedUrl, startChatServer } from '../helpers/chat-server.js';

const KEY = 'sk-test-0123456789abcdefSECRET';

const REQUEST: GenerativeRequest = {
  prompt: 'What blocked the team today?',
  summary: '2 of 3 check-ins in Core today name a blocker.',
  sources: [
    {
      n: 1,
      title: 'Ben Okafor, 2026-11-23',
      url: 'https://pulse.test/api/v2/check-ins/1',
      excerpts: ['waiting on CI'],
    },
    {
      n: 2,
      title: 'Cy Park, 2026-11-23',
      url: 'https://pulse.test/api/v2/check-ins/2',
      excerpts: ['design review pending'],
    },
  ],
};

function provider(server: { url: string }, options: { key?: string; responseTimeoutMs?: number } = {}) {
  return new ChatCompletionsProvider({
    baseUrl: server.url,
    model: 'test-model',
    apiKey: options.key,
    connectTimeoutMs: 2_000,
    responseTimeoutMs: options.responseTimeoutMs ?? 5_000,
  });
}

/** The reason a failing write gives; it must never carry the key. */
async function failure(write: Promise<string>): Promise<string> {
  const error = await write.then(
    () => {
      throw new Error('the write succeeded');
    },
    (reason: Error) => reason,
  );
  expect(error).toBeInstanceOf(Error);
  expect(error.message).not.toContain(KEY);
  expect(error.stack ?? '').not.toContain(KEY);
  return error.message;
}

describe('the chat-completions provider', () => {
  let server: ChatServer;

  it('posts the system prompt and the numbered excerpts to {url}/chat/completions with the key', async () => {
    server = await startChatServer();
    server.respond(completion('Ben waits on CI [1]; Cy on a design review [2].'));
    const answer = await provider(server, { key: KEY }).write(REQUEST);
    expect(answer).toBe('Ben waits on CI [1]; Cy on a design review [2].');

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body.model).toBe('test-model');
    expect(request?.body.temperature).toBe(0);
    const [system, user, ...rest] = request?.body.messages ?? [];
    expect(rest).toEqual([]);
    expect(system).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    expect(user?.role).toBe('user');
    expect(user?.content).toContain('Question: What blocked the team today?');
    expect(user?.content).toContain('Summary: 2 of 3 check-ins in Core today name a blocker.');
    expect(user?.content).toContain('[1] Ben Okafor, 2026-11-23\n> waiting on CI');
    expect(user?.content).toContain('[2] Cy Park, 2026-11-23\n> design review pending');
  });

  it('sends no Authorization header without a key, and is named after its model and host', async () => {
    server = await startChatServer();
    const keyless = provider({ url: `${server.url}/` });
    expect(keyless.name).toBe(`test-model at ${new URL(server.url).host}`);
    await keyless.write(REQUEST);
    expect(server.requests[0]?.path).toBe('/v1/chat/completions');
    expect(server.requests[0]?.headers).not.toHaveProperty('authorization');
  });

  it('fails with the status on an error response, quoting the server but never the key', async () => {
    server = await startChatServer();
    server.respond((_request, response) => response.writeHead(500).end('upstream exploded'));
    expect(await failure(provider(server, { key: KEY }).write(REQUEST))).toBe('HTTP 500');

    server.respond((_request, response) =>
      json(response, 404, { error: { message: `The model test-model does not exist (key ${KEY})` } }),
    );
    expect(await failure(provider(server, { key: KEY }).write(REQUEST))).toBe(
      'HTTP 404: The model test-model does not exist (key [redacted])',
    );

    server.respond((_request, response) =>
      json(response, 401, { error: { message: `Incorrect API key provided: ${KEY}` } }),
    );
    expect(await failure(provider(server, { key: KEY }).write(REQUEST))).toBe(
      'HTTP 401: the endpoint refused the key',
    );
    expect(await failure(provider(server).write(REQUEST))).toBe(
      'HTTP 401: the endpoint wants a key (pulse ask key set, or PULSE_ASK_KEY)',
    );
  });

  it('fails on a response that is not JSON, has no choices or no message content', async () => {
    server = await startChatServer();
    server.respond((_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [tru'),
    );
    expect(await failure(provider(server, { key: KEY }).write(REQUEST))).toBe('the response was not JSON');

    server.respond((_request, response) => json(response, 200, { choices: [] }));
    expect(await failure(provider(server, { key: KEY }).write(REQUEST))).toBe('the response had no choices');
    server.respond((_request, response) => json(response, 200, { object: 'chat.completion' }));
    expect(await failure(provider(server, { key: KEY }).write(REQUEST))).toBe('the response had no choices');

    server.respond((_request, response) => json(response, 200, { choices: [{ message: { role: 'x' } }] }));
    expect(await failure(provider(server, { key: KEY }).write(REQUEST))).toBe(
      'the response had no message content',
    );
  });

  it('gives up on a server that never answers once its response timeout passes', async () => {
    server = await startChatServer();
    server.respond(() => {}); // accepts the request, never answers
    const started = performance.now();
    const reason = await failure(provider(server, { key: KEY, responseTimeoutMs: 300 }).write(REQUEST));
    expect(reason).toBe(`no answer from ${new URL(server.url).host} within 300 ms`);
    // Stopped rather than hung (the server never answers); a loaded machine may add seconds to 300 ms.
    expect(performance.now() - started).toBeLessThan(300 + 5_000);
    expect(server.requests).toHaveLength(1);
  });

  it('gives up on a server that stops halfway through the body', async () => {
    server = await startChatServer();
    server.respond((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"choices": [');
    });
    expect(await failure(provider(server, { key: KEY, responseTimeoutMs: 300 }).write(REQUEST))).toMatch(
      /^no answer from 127\.0\.0\.1:\d+ within 300 ms$/,
    );
  });

  it('fails with the reason when nothing listens', async () => {
    const url = await refusedUrl();
    expect(await failure(provider({ url }, { key: KEY }).write(REQUEST))).toBe(
      `cannot reach ${new URL(url).host} (ECONNREFUSED)`,
    );
  });
});

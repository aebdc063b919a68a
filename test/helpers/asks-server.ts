/**
 * A deployment that is slow to answer asks: POST /api/v2/asks answers 201 with body null, and
 * GET /api/v2/asks/{id} keeps answering body null until `answerAfter` reads have been made (never, by
 * default). Anything else is a 404. For the waiting side of `pulse ask` in remote mode.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

export const FAKE_ASK_ID = '7d444840-9dc1-4b1f-a8c3-2c3b9d0c1a5e';

export interface FakeAsksServer {
  url: string;
  /** Requests received, as "METHOD path". */
  requests: string[];
  close(): Promise<void>;
}

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

export async function startFakeAsksServer(
  options: { answerAfter?: number; body?: string } = {},
): Promise<FakeAsksServer> {
  const requests: string[] = [];
  let reads = 0;
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    request.resume();
    request.on('end', () => {
      const base = `http://${request.headers.host}/api/v2`;
      const ask = (body: string | null) => ({
        id: FAKE_ASK_ID,
        prompt: 'What blocked the team?',
        body,
        created_at: '2026-11-23T10:00:00.000Z',
        updated_at: '2026-11-23T10:00:00.000Z',
        url: `${base}/asks/${FAKE_ASK_ID}`,
      });
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (request.method === 'POST' && request.url === '/api/v2/asks') return send(201, ask(null));
      if (request.method === 'GET' && request.url === `/api/v2/asks/${FAKE_ASK_ID}`) {
        reads += 1;
        const answered = options.answerAfter !== undefined && reads >= options.answerAfter;
        return send(200, ask(answered ? (options.body ?? 'Answered.') : null));
      }
      send(404, { errors: ['not found'] });
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

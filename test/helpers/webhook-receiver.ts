/**
 * A webhook receiver on 127.0.0.1, as an operator would write one: it checks each request's signature
 * and timestamp as docs/guide/status-page.md says (verifySignature), keeps what it received, and answers
 * with the statuses a test queues (then 204).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { verifySignature } from '../../src/core/webhooks/signature.js';

export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether the signature matched the secret and the timestamp was within five minutes of `now`. */
  verified: boolean;
  /** The status it was answered with. */
  status: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedHook[];
  /** Answers the next requests with these statuses, in turn (a 3xx with a Location elsewhere). */
  failNext(...statuses: number[]): void;
  close(): Promise<void>;
}

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

export async function startWebhookReceiver(
  secret: () => string,
  now: () => Date = () => new Date(),
): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const queued: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const timestamp = request.headers['pulse-webhook-timestamp'];
      const signature = request.headers['pulse-webhook-signature'];
      const verified = verifySignature(
        secret(),
        {
          timestamp: typeof timestamp === 'string' ? timestamp : undefined,
          signature: typeof signature === 'string' ? signature : undefined,
        },
        body,
        now(),
      );
      const status = verified ? (queued.shift() ?? 204) : 401;
      received.push({ path: request.url ?? '', headers: request.headers, body, verified, status });
      if (status >= 300 && status < 400) response.setHeader('location', '/elsewhere');
      response.writeHead(status).end(status === 204 ? undefined : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    failNext: (...statuses) => queued.push(...statuses),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  receivers.push(receiver);
  return receiver;
}

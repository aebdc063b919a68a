/**
 * A tiny round-robin HTTP forwarder on 127.0.0.1: every request goes to the next upstream in turn, PER
 * REQUEST, not per connection (a keep-alive client would otherwise stay on one instance), so a client
 * behind it never talks to the same instance twice in a row. It counts the requests each upstream got,
 * so a test can show the alternation happened.
 */
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobin {
  /** The forwarder's address, e.g. http://127.0.0.1:PORT */
  url: string;
  /** Requests forwarded to each upstream, in the order of `upstreams`. */
  counts: number[];
  close(): Promise<void>;
}

export async function startRoundRobin(upstreams: string[]): Promise<RoundRobin> {
  const targets = upstreams.map((upstream) => new URL(upstream));
  const agent = new Agent({ keepAlive: true });
  const counts = targets.map(() => 0);
  let next = 0;

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const index = next;
    next = (next + 1) % targets.length;
    counts[index] = (counts[index] ?? 0) + 1;
    const target = targets[index] as URL;
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
        agent,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  };

  const server = createServer(forward);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

/**
 * The loopback redirect target of `pulse auth login --web` (RFC 8252 §7.3): a one-shot HTTP listener on
 * 127.0.0.1, on a port the system picks, that takes the first request to /callback and answers with a
 * page telling the person they can close the tab.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CallbackListener {
  /** http://127.0.0.1:PORT/callback */
  redirectUri: string;
  /** The redirect's query parameters; rejects when `signal` aborts first. */
  wait(signal: AbortSignal): Promise<URLSearchParams>;
  /** Stops listening and drops open connections; safe to call twice. */
  close(): Promise<void>;
}

const PAGE = (heading: string, text: string) =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${heading} - pulse</title></head>` +
  `<body><main><h1>${heading}</h1><p>${text}</p></main></body></html>\n`;

export async function listenForCallback(): Promise<CallbackListener> {
  let deliver: (parameters: URLSearchParams) => void = () => {};
  const arrived = new Promise<URLSearchParams>((resolve) => {
    deliver = resolve;
  });
  let answered = false;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const headers = {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'",
      'referrer-policy': 'no-referrer',
      // The process stops listening right after: the browser need not keep the connection.
      connection: 'close',
    };
    if (request.method !== 'GET' || url.pathname !== '/callback') {
      response.writeHead(404, headers).end(PAGE('Not found', 'This address only receives the sign-in.'));
      return;
    }
    if (answered) {
      response.writeHead(409, headers).end(PAGE('Already answered', 'This sign-in has already come back.'));
      return;
    }
    answered = true;
    const failed = url.searchParams.has('error');
    response
      .writeHead(200, headers)
      .end(
        failed
          ? PAGE(
              'Sign-in not completed',
              'pulse received the answer; see the terminal. You can close this tab.',
            )
          : PAGE(
              'Signed in',
              'pulse received the sign-in; you can close this tab and return to the terminal.',
            ),
      );
    deliver(url.searchParams);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    wait(signal) {
      return new Promise<URLSearchParams>((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason);
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        arrived.then(resolve);
      });
    },
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

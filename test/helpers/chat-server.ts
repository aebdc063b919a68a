/**
 * A local server that speaks the OpenAI chat-completions protocol, on 127.0.0.1 and a free port: it
 * records every request and answers as the test says (a completion by default). Closed after the file.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

export interface ChatRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, to search for anything that should not have been sent. */
  text: string;
  body: {
    model?: string;
    temperature?: number;
    messages?: { role: string; content: string }[];
  };
}

export type ChatResponder = (request: ChatRequest, response: ServerResponse) => void;

export interface ChatServer {
  /** The API base to configure as ask.url, e.g. http://127.0.0.1:PORT/v1. */
  url: string;
  requests: ChatRequest[];
  /** How the next requests are answered. */
  respond(responder: ChatResponder): void;
  close(): Promise<void>;
}

/** A chat completion whose first choice says `content`. */
export function completion(content: string): ChatResponder {
  return (_request, response) =>
    json(response, 200, {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    });
}

export function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const running: ChatServer[] = [];
afterAll(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

export async function startChatServer(): Promise<ChatServer> {
  let responder: ChatResponder = completion('An answer [1].');
  const requests: ChatRequest[] = [];
  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: ChatRequest['body'] = {};
      try {
        body = JSON.parse(text);
      } catch {}
      const request = {
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        headers: incoming.headers,
        text,
        body,
      };
      requests.push(request);
      responder(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const chat: ChatServer = {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    respond: (next) => {
      responder = next;
    },
    close: () =>
      new Promise((resolve) => {
        // Requests left hanging on purpose (timeouts) would otherwise keep it open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  running.push(chat);
  return chat;
}

/** A base URL on which nothing listens: a port that was free a moment ago. */
export async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/v1`;
}

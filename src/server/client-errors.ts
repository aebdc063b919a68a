/**
 * Answers to requests that never became requests: HTTP that does not parse, a head past Node's 16 KiB
 * (431), a request that timed out (408). They come before routing, so no interface is known; they get
 * the body every interface uses for errors, `{"errors": [...], "code": "bad_request"}`, instead of
 * Fastify's own `{error, message, statusCode}`, and the connection is closed.
 */
import type { Socket } from 'node:net';

const ANSWERS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', "the request's head is larger than 16 KiB"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'the request did not arrive in time'],
};
const NOT_HTTP: [number, string, string] = [400, 'Bad Request', 'the request is not valid HTTP/1.1'];

export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = ANSWERS[error.code ?? ''] ?? NOT_HTTP;
  const body = JSON.stringify({ errors: [message], code: 'bad_request' });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

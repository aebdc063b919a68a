/**
 * A keep-alive connection remembers its last Authorization header's token hash (no SHA-256 per request),
 * and that memory never outlives what it stands for: another header on the same connection is judged on
 * its own, and a token revoked between two requests of one connection is refused on the second.
 */
import { Agent, request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';

const agent = new Agent({ keepAlive: true, maxSockets: 1 });
afterAll(() => agent.destroy());

/** GET /api/v2/me over the one kept-alive socket: status, the person's email, whether the socket was reused. */
function me(url: string, token: string): Promise<{ status: number; email?: string; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const sent = request(
      `${url}/api/v2/me`,
      { agent, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => {
          const email =
            response.statusCode === 200 ? (JSON.parse(text) as { email: string }).email : undefined;
          resolve({
            status: response.statusCode ?? 0,
            ...(email ? { email } : {}),
            reused: sent.reusedSocket,
          });
        });
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

describe('authentication on a keep-alive connection', () => {
  it('judges each header on its own, and refuses a token revoked between two requests of one connection', async () => {
    const server = await startTestServer();
    const { ana, ben } = server.tokens as { ana: string; ben: string };
    expect(await me(server.url, ana)).toEqual({ status: 200, email: 'ana@example.com', reused: false });
    expect(await me(server.url, ana)).toEqual({ status: 200, email: 'ana@example.com', reused: true });
    expect(await me(server.url, ben)).toEqual({ status: 200, email: 'ben@example.com', reused: true });
    expect(await me(server.url, ana)).toEqual({ status: 200, email: 'ana@example.com', reused: true });
    // Same length, one character changed: not the remembered header.
    const forged = `${ana.slice(0, -1)}${ana.endsWith('A') ? 'B' : 'A'}`;
    expect((await me(server.url, forged)).status).toBe(401);

    await server.fixture.store.admin.revokeToken(ana);
    expect(await me(server.url, ana)).toEqual({ status: 401, reused: true });
    expect(await me(server.url, ben)).toEqual({ status: 200, email: 'ben@example.com', reused: true });
  });
});

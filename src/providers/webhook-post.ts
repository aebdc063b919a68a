/**
 * Posts one webhook request (core/webhooks/sender.ts) with undici: never following a redirect (a 3xx is
 * an answer like any other non-2xx, so retried), the whole exchange within a timeout, and at most
 * MAX_RESPONSE_BYTES of the response read before the connection is dropped: a receiver cannot hold an
 * instance's sender, nor fill its memory. A failure rejects with one short reason naming the host only
 * (a Slack webhook's path is its credential).
 */
import { Agent, request, errors as undiciErrors } from 'undici';
import type { WebhookPoster, WebhookRequest } from '../core/webhooks/sender.js';

/** The whole exchange, connection included. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is read of a response: receivers answer with a status; their bodies are not kept. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export function webhookPoster(timeoutMs = WEBHOOK_TIMEOUT_MS): WebhookPoster {
  return async ({ url, headers, body }: WebhookRequest) => {
    const host = new URL(url).host;
    // An agent per request, as the generative provider has: nothing stays open between deliveries.
    const agent = new Agent({ connect: { timeout: timeoutMs } });
    const deadline = AbortSignal.timeout(timeoutMs);
    try {
      const response = await request(url, {
        method: 'POST',
        headers: { ...headers, 'user-agent': 'pulse-webhooks' },
        body,
        dispatcher: agent,
        signal: deadline,
      });
      // undici's request follows no redirect. Leaving the loop early destroys the body, and its socket.
      let read = 0;
      for await (const chunk of response.body) {
        read += (chunk as Buffer).length;
        if (read >= MAX_RESPONSE_BYTES) break;
      }
      return { status: response.statusCode };
    } catch (error) {
      if (deadline.aborted) throw new Error(`no answer from ${host} within ${timeoutMs / 1000} s`);
      if (error instanceof undiciErrors.ConnectTimeoutError) {
        throw new Error(`no connection to ${host} within ${timeoutMs / 1000} s`);
      }
      const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
      throw new Error(`cannot reach ${host}${code ? ` (${code})` : ''}`);
    } finally {
      await agent.destroy().catch(() => {});
    }
  };
}

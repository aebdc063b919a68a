/**
 * How a webhook request is signed, and how a receiver checks it (docs/guide/status-page.md shows the
 * receiver's side): HMAC-SHA256 with the webhook's secret over `${timestamp}.${body}`, the timestamp in
 * Unix seconds, sent as three headers. Signing the timestamp with the body lets a receiver reject a
 * request replayed later (older than REPLAY_WINDOW_S).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const ID_HEADER = 'Pulse-Webhook-Id';
export const TIMESTAMP_HEADER = 'Pulse-Webhook-Timestamp';
export const SIGNATURE_HEADER = 'Pulse-Webhook-Signature';
/** The signature's scheme, so a later one can be sent beside it. */
export const SIGNATURE_VERSION = 'v1';
/** How old a request a receiver should accept. */
export const REPLAY_WINDOW_S = 5 * 60;

export function signature(secret: string, timestamp: number, body: string): string {
  return `${SIGNATURE_VERSION}=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The headers of one attempt: its event's id, when it was sent, and the signature of both. */
export function signedHeaders(
  eventId: string,
  secret: string,
  sentAt: Date,
  body: string,
): Record<string, string> {
  const timestamp = Math.floor(sentAt.getTime() / 1000);
  return {
    'content-type': 'application/json',
    [ID_HEADER.toLowerCase()]: eventId,
    [TIMESTAMP_HEADER.toLowerCase()]: String(timestamp),
    [SIGNATURE_HEADER.toLowerCase()]: signature(secret, timestamp, body),
  };
}

/**
 * A receiver's check, as the guide describes it: the signature matches (compared in constant time) and
 * the timestamp is within REPLAY_WINDOW_S of `now`.
 */
export function verifySignature(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: string,
  now: Date,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isSafeInteger(timestamp) || headers.signature === undefined) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > REPLAY_WINDOW_S) return false;
  const expected = Buffer.from(signature(secret, timestamp, body));
  const given = Buffer.from(headers.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

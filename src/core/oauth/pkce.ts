/** PKCE (RFC 7636), S256 only: `plain` would give the code's thief the verifier with the code. */
import { sameDigest } from '../tokens.js';

// RFC 7636 §4.1: 43 to 128 unreserved characters.
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
// The base64url SHA-256 of a verifier: always 43 characters.
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function isCodeChallenge(value: string): boolean {
  return CHALLENGE.test(value);
}

export function isCodeVerifier(value: string): boolean {
  return VERIFIER.test(value);
}

/** Whether the verifier hashes to the challenge, compared in constant time. */
export async function verifierMatches(verifier: string, challenge: string): Promise<boolean> {
  if (!isCodeVerifier(verifier) || !isCodeChallenge(challenge)) return false;
  const { createHash } = await import('node:crypto');
  const computed = createHash('sha256').update(verifier, 'ascii').digest();
  return sameDigest(computed.toString('hex'), Buffer.from(challenge, 'base64url').toString('hex'));
}

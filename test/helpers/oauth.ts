/**
 * The browser's part of the OAuth authorization code flow, as plain HTTP: open the authorization page,
 * post a sign-in code, post Allow (or Deny), and read the redirect. For tests of the server and of clients.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Instance } from '../../src/core/instance.js';

export interface TokenBody {
  access_token: string;
  refresh_token: string;
  token_type: string;
  scope: string;
  expires_in: number;
}

export const CLI_REDIRECT = 'http://127.0.0.1:49152/callback';

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The hidden fields of an authorization page's form. */
export function formFields(html: string): { pending: string; csrf: string } {
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1];
  const pending = field('pending');
  const csrf = field('csrf');
  if (!pending || !csrf) throw new Error(`no pending authorization in the page:\n${html}`);
  return { pending, csrf };
}

export async function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

export interface BrowserRun {
  /** The redirect the flow ended with. */
  location: URL;
}

/**
 * Follows an authorization URL as a person would: signs in with a fresh code for `email` and presses
 * Allow (or Deny). Returns where the browser is sent.
 */
export async function signInAndDecide(
  store: Instance,
  origin: string,
  authorizeUrl: string,
  options: { email?: string; decision?: 'allow' | 'deny' } = {},
): Promise<URL> {
  const page = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(page.status).toBe(200);
  const fields = formFields(await page.text());
  const { code } = await store.oauthAdmin.createLoginCode(options.email ?? 'dee@example.com');
  const consent = await postForm(`${origin}/oauth/authorize`, { ...fields, code, action: 'sign-in' });
  expect(consent.status).toBe(200);
  const consentHtml = await consent.text();
  expect(consentHtml).toContain('Allow');
  const decided = await postForm(`${origin}/oauth/authorize`, {
    ...formFields(consentHtml),
    action: options.decision ?? 'allow',
  });
  expect(decided.status).toBe(302);
  return new URL(decided.headers.get('location') as string);
}

/** The authorization URL of pulse-cli (or another client) with PKCE S256. */
export function authorizeUrl(
  origin: string,
  params: { challenge: string; clientId?: string; redirectUri?: string; scope?: string; state?: string },
): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: params.clientId ?? 'pulse-cli',
    redirect_uri: params.redirectUri ?? CLI_REDIRECT,
    code_challenge: params.challenge,
    code_challenge_method: 'S256',
    state: params.state ?? 'st-123',
    ...(params.scope !== undefined ? { scope: params.scope } : {}),
  });
  return `${origin}/oauth/authorize?${query}`;
}

/** Runs the whole flow for pulse-cli and returns the token response. */
export async function oauthTokens(
  store: Instance,
  origin: string,
  options: { scope?: string; email?: string } = {},
): Promise<TokenBody> {
  const { verifier, challenge } = pkcePair();
  const location = await signInAndDecide(
    store,
    origin,
    authorizeUrl(origin, { challenge, scope: options.scope }),
    {
      email: options.email,
    },
  );
  const response = await postForm(`${origin}/oauth/token`, {
    grant_type: 'authorization_code',
    code: location.searchParams.get('code') as string,
    redirect_uri: CLI_REDIRECT,
    code_verifier: verifier,
    client_id: 'pulse-cli',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as TokenBody;
}

/**
 * A $BROWSER for `pulse auth login --web` that opens nothing: it records the address it is given in a
 * file under `home` (written whole, then renamed), for the test to play the browser with.
 */
export function recordingBrowser(home: string): { script: string; openedUrl: () => string | undefined } {
  const script = join(home, 'browser.sh');
  const urlFile = join(home, 'opened-url');
  writeFileSync(
    script,
    `#!/bin/sh\nprintf '%s\\n' "$1" > "${urlFile}.tmp" && mv "${urlFile}.tmp" "${urlFile}"\n`,
  );
  chmodSync(script, 0o755);
  return {
    script,
    openedUrl: () => (existsSync(urlFile) ? readFileSync(urlFile, 'utf8').trim() : undefined),
  };
}

/** The OAuth rules that need no server: redirect URI matching, PKCE, sign-in codes and scopes. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newLoginCode, normaliseLoginCode } from '../../src/core/oauth/login-codes.js';
import { verifierMatches } from '../../src/core/oauth/pkce.js';
import { redirectUriMatches, redirectUriProblem, withParams } from '../../src/core/oauth/redirect-uris.js';
import { parseScope } from '../../src/core/oauth/scopes.js';

const CLI = ['http://127.0.0.1/callback', 'http://[::1]/callback'];

describe('redirect URIs', () => {
  it('match loopback URIs on any port, and nothing else loosely', () => {
    expect(redirectUriMatches(CLI, 'http://127.0.0.1:49152/callback')).toBe(true);
    expect(redirectUriMatches(CLI, 'http://127.0.0.1/callback')).toBe(true);
    expect(redirectUriMatches(CLI, 'http://[::1]:8080/callback')).toBe(true);
    for (const uri of [
      'http://127.0.0.1:49152/callback/',
      'http://127.0.0.1:49152/other',
      'http://127.0.0.1:49152/callback?x=1',
      'http://127.0.0.1:49152/callback#frag',
      'https://127.0.0.1:49152/callback',
      'http://localhost:49152/callback',
      'http://127.0.0.1.evil.example/callback',
      'http://user@127.0.0.1:49152/callback',
      'not a uri',
    ]) {
      expect(redirectUriMatches(CLI, uri), uri).toBe(false);
    }
    expect(redirectUriMatches(['https://app.example/cb'], 'https://app.example/cb')).toBe(true);
    expect(redirectUriMatches(['https://app.example/cb'], 'https://app.example:8443/cb')).toBe(false);
  });

  it('may be registered when https, or http on a loopback address, without a fragment', () => {
    expect(redirectUriProblem('https://app.example/cb')).toBeUndefined();
    expect(redirectUriProblem('http://127.0.0.1/cb')).toBeUndefined();
    expect(redirectUriProblem('http://app.example/cb')).toContain('plain http');
    expect(redirectUriProblem('https://app.example/cb#x')).toContain('fragment');
    expect(redirectUriProblem('javascript:alert(1)')).toBeDefined();
  });

  it('keep their own query when parameters are added', () => {
    expect(withParams('https://app.example/cb?a=1', { code: 'c d', state: null })).toBe(
      'https://app.example/cb?a=1&code=c+d',
    );
  });
});

describe('PKCE S256', () => {
  it('accepts the verifier of a challenge and nothing else', async () => {
    const verifier = 'a'.repeat(43);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    expect(await verifierMatches(verifier, challenge)).toBe(true);
    expect(await verifierMatches('b'.repeat(43), challenge)).toBe(false);
    // plain: the verifier as its own challenge.
    expect(await verifierMatches(verifier, verifier)).toBe(false);
    expect(await verifierMatches('short', challenge)).toBe(false);
  });
});

describe('sign-in codes and scopes', () => {
  it('read a code however it is typed', async () => {
    const code = await newLoginCode();
    expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const plain = code.replace('-', '');
    expect(normaliseLoginCode(` ${code.toLowerCase()} `)).toBe(plain);
    expect(normaliseLoginCode(plain.replace(/(.{5})/, '$1 '))).toBe(plain);
    expect(normaliseLoginCode('OOOOO-00000')).toBeUndefined();
  });

  it('take read, write or both, and nothing else', () => {
    expect([undefined, 'read', 'write', 'read write', 'write read'].map(parseScope)).toEqual([
      'read',
      'read',
      'write',
      'write',
      'write',
    ]);
    for (const text of ['admin', 'read  write', ' read', 'READ'])
      expect(parseScope(text), text).toBeUndefined();
  });
});

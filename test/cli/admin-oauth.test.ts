/** `pulse admin login-code` and `pulse admin oauth-client ...`, in-process and through the real binary. */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { execPulse, initAnaAndBen, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { formFields, pkcePair, postForm } from '../helpers/oauth.js';
import { startServe } from '../helpers/serve-process.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
const pulse = (args: string[], options: Parameters<typeof runInProcess>[1] = {}) =>
  runInProcess(['--store', store, ...args], { env, ...options });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeEach(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  await initAnaAndBen(pulse);
});

describe('pulse admin login-code', () => {
  it('prints a one-time code alone on stdout, and its person and expiry with --json', async () => {
    const made = await pulse(['admin', 'login-code', '--person', 'ben@example.com']);
    expect(made.exitCode).toBe(0);
    expect(made.stdout).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}\n$/);
    expect(made.stderr).toContain('ben@example.com');
    const json = JSON.parse(
      (await pulse(['admin', 'login-code', '--person', 'ben@example.com', '--json'])).stdout,
    );
    expect(json).toEqual({
      code: expect.stringMatching(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/),
      person: 'ben@example.com',
      expires_at: '2026-11-23T10:10:00Z',
    });
  });

  it('refuses an unknown person', async () => {
    const made = await pulse(['admin', 'login-code', '--person', 'nobody@example.com']);
    expect(made.exitCode).not.toBe(0);
    expect(made.stdout).toBe('');
    expect(made.stderr).toContain('nobody@example.com');
  });
});

describe('pulse admin oauth-client', () => {
  it('adds public and confidential clients, lists them without secrets, and removes them', async () => {
    const listed = JSON.parse((await pulse(['admin', 'oauth-client', 'list', '--json'])).stdout);
    expect(listed).toEqual([
      {
        client_id: 'pulse-cli',
        name: 'pulse CLI',
        confidential: false,
        redirect_uris: ['http://127.0.0.1/callback', 'http://[::1]/callback'],
        created_at: '2026-01-01T00:00:00Z',
      },
    ]);
    const pub = await pulse([
      'admin',
      'oauth-client',
      'add',
      '--name',
      'Tool',
      '--redirect-uri',
      'http://127.0.0.1/cb',
    ]);
    expect(pub.exitCode).toBe(0);
    const [publicId] = pub.stdout.trim().split('\n');
    expect(pub.stdout.trim().split('\n')).toHaveLength(1);
    expect(publicId).toMatch(UUID);

    const conf = await pulse([
      'admin',
      'oauth-client',
      'add',
      '--name',
      'Dashboard',
      '--confidential',
      '--json',
      '--redirect-uri',
      'https://dash.example/cb',
      '--redirect-uri',
      'https://dash.example/other',
    ]);
    const made = JSON.parse(conf.stdout);
    expect(made).toMatchObject({
      name: 'Dashboard',
      confidential: true,
      redirect_uris: ['https://dash.example/cb', 'https://dash.example/other'],
    });
    expect(made.client_secret).toMatch(/^service_ocs_[A-Za-z0-9_-]{43}$/);

    const table = await pulse(['admin', 'oauth-client', 'list']);
    expect(table.stdout).toContain('Dashboard');
    expect(table.stdout).toContain('confidential');
    expect(table.stdout).not.toContain(made.client_secret);
    const all = JSON.parse((await pulse(['admin', 'oauth-client', 'list', '--json'])).stdout);
    expect(all.map((c: { name: string }) => c.name).sort()).toEqual(['Dashboard', 'Tool', 'pulse CLI']);
    expect(JSON.stringify(all)).not.toContain('service_ocs_');

    expect((await pulse(['admin', 'oauth-client', 'remove', publicId as string])).exitCode).toBe(0);
    const again = await pulse(['admin', 'oauth-client', 'remove', publicId as string]);
    expect(again.exitCode).not.toBe(0);
    const builtIn = await pulse(['admin', 'oauth-client', 'remove', 'pulse-cli']);
    expect(builtIn.exitCode).not.toBe(0);
    expect(builtIn.stderr).toContain('built in');
  });

  it('refuses redirect URIs that could leak codes', async () => {
    for (const uri of ['http://app.example/cb', 'https://app.example/cb#frag', 'not a uri', 'ftp://x/cb']) {
      const result = await pulse(['admin', 'oauth-client', 'add', '--name', 'Bad', '--redirect-uri', uri]);
      expect(result.exitCode, uri).not.toBe(0);
      expect(result.stdout).toBe('');
    }
  });
});

describe('through the real binary', () => {
  it('a client and a login code made by the binary work against pulse serve --access-token-ttl', async () => {
    const home = isolatedEnv();
    const file = join(tempDir(), 'pulse.db');
    const bin = (args: string[]) => execPulse(['--store', file, ...args], { env: home });
    expect((await bin(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com'])).exitCode).toBe(0);
    const added = await bin([
      'admin',
      'oauth-client',
      'add',
      '--name',
      'Script',
      '--redirect-uri',
      'http://127.0.0.1/cb',
    ]);
    expect(added.exitCode).toBe(0);
    const clientId = added.stdout.trim();
    const server = await startServe(['--store', file], home, ['--access-token-ttl', '90s']);
    const { verifier, challenge } = pkcePair();
    const redirectUri = 'http://127.0.0.1:8123/cb';
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      scope: 'read',
      state: 's',
    });
    const page = await fetch(`${server.url}/oauth/authorize?${query}`);
    expect(page.status).toBe(200);
    const code = (await bin(['admin', 'login-code', '--person', 'ana@example.com'])).stdout.trim();
    const consent = await postForm(`${server.url}/oauth/authorize`, {
      ...formFields(await page.text()),
      code,
      action: 'sign-in',
    });
    expect(consent.status).toBe(200);
    const allowed = await postForm(`${server.url}/oauth/authorize`, {
      ...formFields(await consent.text()),
      action: 'allow',
    });
    const location = new URL(allowed.headers.get('location') as string);
    const tokens = await postForm(`${server.url}/oauth/token`, {
      grant_type: 'authorization_code',
      code: location.searchParams.get('code') as string,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: clientId,
    });
    expect(tokens.status).toBe(200);
    const body = (await tokens.json()) as { access_token: string; expires_in: number };
    expect(body.expires_in).toBe(90);
    const me = await fetch(`${server.url}/api/v2/me`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(((await me.json()) as { email: string }).email).toBe('ana@example.com');
  });

  it('pulse serve refuses a bad --access-token-ttl', async () => {
    const result = await execPulse([
      '--store',
      join(tempDir(), 'pulse.db'),
      'serve',
      '--access-token-ttl',
      'soon',
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--access-token-ttl');
  });
});

/**
 * Secrets: tokens and v1 API keys are kept only hashed (never in the SQLite file's bytes, WAL included),
 * never shown in any output or file of a full session through the real binary but the insecure
 * credentials file asked for (0600, like the configuration); every authenticated response carries
 * Cache-Control: no-store. (SQL injection attempts: sql-injection.test.ts.)
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/store/sqlite-driver.js';
import { execPulse, initAnaAndBen, isolatedEnv, type Result } from '../helpers/cli.js';
import { formFields, pkcePair, postForm } from '../helpers/oauth.js';
import { startServe } from '../helpers/serve-process.js';
import { tempDir } from '../helpers/temp.js';
import { ACTOR_CREDENTIALS, type Actor, accessMatrix, prefixOf } from './access-matrix.js';
import { buildWorld, type World } from './access-world.js';

/** Every file under a directory, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('tokens and API keys', () => {
  it('are kept only hashed and never appear in any output or file of a full session', async () => {
    const serverEnv = isolatedEnv();
    const storeDir = tempDir('pulse-secrets-store-');
    const store = join(storeDir, 'pulse.db');
    const local = (args: string[], input?: string) =>
      execPulse(['--store', store, ...args], { env: serverEnv, ...(input !== undefined ? { input } : {}) });
    await initAnaAndBen(local);
    // What prints a secret on purpose (shown once) is kept apart from the outputs searched.
    const shown = async (args: string[]) => {
      const result = await local(args);
      expect(result.exitCode, result.stderr).toBe(0);
      return result.stdout.trim();
    };
    const write = await shown(['admin', 'token', 'create', '--person', 'ben@example.com']);
    const read = await shown(['admin', 'token', 'create', '--person', 'ben@example.com', '--scope', 'read']);
    const expiring = await shown([
      'admin',
      'token',
      'create',
      '--person',
      'ana@example.com',
      '--expires-in',
      '1s',
    ]);
    const revoked = await shown([
      'admin',
      'token',
      'create',
      '--person',
      'ana@example.com',
      '--name',
      'gone',
    ]);
    const [teamId, oldKey] = (await shown(['admin', 'team', 'api-key', '--team', 'Core'])).split(/\s+/) as [
      string,
      string,
    ];
    const newKey = (await shown(['admin', 'team', 'api-key', '--team', 'Core', '--rotate'])).split(
      /\s+/,
    )[1] as string;
    const outputs: [string, Result][] = [];
    const record = (label: string, result: Result) => {
      outputs.push([label, result]);
      return result;
    };
    const tokenList = JSON.parse(
      record('token list', await local(['admin', 'token', 'list', '--json'])).stdout,
    ) as {
      id: string;
      name: string | null;
    }[];
    const revokedId = tokenList.find((token) => token.name === 'gone')?.id as string;
    record('revoke', await local(['admin', 'token', 'revoke', revokedId]));
    const secrets: Record<string, string> = { write, read, expiring, revoked, oldKey, newKey };
    for (const [name, secret] of Object.entries(secrets))
      expect([name, secret]).toEqual([name, expect.stringMatching(/^service_(pat|team)_/)]);

    const server = await startServe(['--store', store], serverEnv);
    // OAuth: a confidential client's secret, a sign-in code, an authorization code and the tokens it buys.
    const redirectUri = 'http://127.0.0.1:5555/cb';
    const [clientId, clientSecret] = (
      await shown([
        'admin',
        'oauth-client',
        'add',
        '--name',
        'App',
        '--redirect-uri',
        redirectUri,
        '--confidential',
      ])
    ).split('\n') as [string, string];
    const loginCode = await shown(['admin', 'login-code', '--person', 'ben@example.com']);
    const { verifier, challenge } = pkcePair();
    const page = await fetch(
      `${server.url}/oauth/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: redirectUri,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      })}`,
    );
    const consent = await postForm(`${server.url}/oauth/authorize`, {
      ...formFields(await page.text()),
      code: loginCode,
      action: 'sign-in',
    });
    const allowed = await postForm(`${server.url}/oauth/authorize`, {
      ...formFields(await consent.text()),
      action: 'allow',
    });
    const authorizationCode = new URL(allowed.headers.get('location') as string).searchParams.get(
      'code',
    ) as string;
    const oauthTokens = (await (
      await postForm(`${server.url}/oauth/token`, {
        grant_type: 'authorization_code',
        code: authorizationCode,
        redirect_uri: redirectUri,
        code_verifier: verifier,
        client_id: clientId,
        client_secret: clientSecret,
      })
    ).json()) as { access_token: string; refresh_token: string };
    expect(
      (
        await fetch(`${server.url}/api/v2/me`, {
          headers: { authorization: `Bearer ${oauthTokens.access_token}` },
        })
      ).status,
    ).toBe(200);
    Object.assign(secrets, {
      clientSecret,
      loginCode,
      authorizationCode,
      oauthAccess: oauthTokens.access_token,
      oauthRefresh: oauthTokens.refresh_token,
    });
    const clientEnv = isolatedEnv({ PULSE_DEBUG: 'api' });
    const client = (args: string[], options: { env?: Record<string, string>; input?: string } = {}) =>
      execPulse(args, {
        env: { ...clientEnv, ...options.env },
        ...(options.input ? { input: options.input } : {}),
      });
    const session: [string, string[], { env?: Record<string, string>; input?: string }?][] = [
      ['config', ['config', 'set', 'base_url', server.url]],
      ['login', ['auth', 'login', '--with-token', '--insecure-storage'], { input: `${write}\n` }],
      ['status', ['auth', 'status', '--json']],
      ['me', ['me', '--json']],
      ['check-ins', ['checkin', 'list']],
      ['goal create', ['goal', 'create', '--title', 'Ship it']],
      [
        'team login',
        ['auth', 'login', '--team-id', teamId, '--with-token', '--insecure-storage'],
        { input: newKey },
      ],
      ['team members', ['team', 'members']],
      ['wrong token', ['me'], { env: { PULSE_TOKEN: `service_pat_${'x'.repeat(43)}` } }],
      ['malformed token', ['me'], { env: { PULSE_TOKEN: 'not a token' } }],
      ['revoked token', ['me'], { env: { PULSE_TOKEN: revoked } }],
      ['expired token', ['me'], { env: { PULSE_TOKEN: expiring } }],
      ['read scope writes', ['goal', 'create', '--title', 'No'], { env: { PULSE_TOKEN: read } }],
      ['not found', ['goal', 'view', randomUUID()]],
      ['old team key', ['team', 'members'], { env: { PULSE_TEAM_ID: teamId, PULSE_API_KEY: oldKey } }],
      ['login refused', ['auth', 'login', '--with-token', '--insecure-storage'], { input: revoked }],
      ['no server', ['me'], { env: { PULSE_BASE_URL: 'http://127.0.0.1:9', PULSE_TOKEN: write } }],
    ];
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the expiring token's second is over
    for (const [label, args, options] of session) record(label, await client(args, options ?? {}));
    const exit = (label: string) => outputs.find(([name]) => name === label)?.[1].exitCode;
    // The session did what it says: logins worked, the refused requests were refused.
    expect(['login', 'me', 'team members', 'goal create'].map(exit)).toEqual([0, 0, 0, 0]);
    expect(
      ['wrong token', 'revoked token', 'expired token', 'old team key', 'login refused'].map(exit),
    ).toEqual([4, 4, 4, 4, 4]);
    expect(exit('read scope writes')).not.toBe(0);
    // The client's debug log of requests (PULSE_DEBUG=api) was on, and redacted the credentials it sent.
    const debug = outputs.map(([, result]) => result.stderr).join('\n');
    expect(debug).toMatch(/\[api\] > GET .*"authorization":"\[redacted\]"/);
    expect(debug).toMatch(/\[api\] > GET .*"x-api-key":"\[redacted\]"/i);

    // The SQLite file, its WAL and shared memory, as the running server leaves them: hashes only.
    const storeBytes = filesUnder(storeDir).map((file) => ({ file, bytes: readFileSync(file) }));
    expect(storeBytes.some(({ file }) => file.endsWith('-wal'))).toBe(true);
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    const db = openSqlite(store, { readonly: true });
    const hashes = [
      ...db.prepare('SELECT hash FROM tokens').pluck().all(),
      ...db.prepare('SELECT hash FROM team_keys').pluck().all(),
    ] as string[];
    db.close();
    expect(hashes).toEqual(
      expect.arrayContaining([
        sha256(write),
        sha256(read),
        sha256(revoked),
        sha256(newKey),
        sha256(oauthTokens.access_token),
        sha256(oauthTokens.refresh_token),
      ]),
    );
    const stopped = await server.stop();
    outputs.push([
      'serve',
      {
        exitCode: stopped.exitCode ?? -1,
        stdout: String(server.process.stdout ?? ''),
        stderr: stopped.stderr,
      },
    ]);

    const found: string[] = [];
    for (const [name, secret] of Object.entries(secrets)) {
      for (const [label, result] of outputs) {
        if (`${result.stdout}\n${result.stderr}`.includes(secret))
          found.push(`${name} in the output of ${label}`);
      }
      for (const { file, bytes } of storeBytes) if (bytes.includes(secret)) found.push(`${name} in ${file}`);
      const homes = [serverEnv.HOME as string, clientEnv.HOME as string];
      for (const file of homes.flatMap(filesUnder)) {
        if (file.endsWith('credentials.json')) continue;
        if (readFileSync(file).includes(secret)) found.push(`${name} in ${file}`);
      }
    }
    expect(found).toEqual([]);

    // Only the credentials file asked for holds them, readable by its owner alone, like the configuration.
    const configDir = join(clientEnv.XDG_CONFIG_HOME as string, 'pulse');
    const credentials = join(configDir, 'credentials.json');
    const kept = Object.values(JSON.parse(readFileSync(credentials, 'utf8')) as Record<string, string>);
    expect(kept.sort()).toEqual([write, newKey].sort());
    const configFile = filesUnder(configDir).find((file) => !file.endsWith('credentials.json')) as string;
    expect([statSync(credentials).mode & 0o777, statSync(configFile).mode & 0o777]).toEqual([0o600, 0o600]);
    console.log(
      `secrets: ${Object.keys(secrets).length} secrets searched for in ${outputs.length} outputs, ` +
        `${storeBytes.length} store files and every file under 2 homes`,
    );
  }, 180_000); // some thirty runs of the real binary and a server: minutes on a loaded two-core machine
});

describe('Cache-Control on authenticated responses', () => {
  let world: World;
  afterAll(async () => {
    await world?.server.close();
  });

  it('is no-store on every response past authentication, errors included, on v2 and v1', async () => {
    world = await buildWorld();
    const authenticated: Actor[] = [
      'read',
      'write',
      'otherTeam',
      'nonMember',
      'admin',
      'v1Team',
      'v1OtherTeam',
    ];
    const missing: string[] = [];
    let checked = 0;
    const check = async (label: string, url: string, init: RequestInit) => {
      const response = await fetch(`${world.server.url}${url}`, init);
      await response.arrayBuffer();
      if (response.status === 401) return; // not past authentication
      checked++;
      if (response.headers.get('cache-control') !== 'no-store') {
        missing.push(`${label}: ${response.status} Cache-Control ${response.headers.get('cache-control')}`);
      }
    };
    // The status page, the interfaces' OpenAPI documents and the OAuth authorization server take no
    // credentials (the OAuth pages and token answers are no-store themselves: test/server/oauth.test.ts).
    const authenticating = (e: ReturnType<typeof accessMatrix>[number]) =>
      (prefixOf(e) === '/api/v2' || prefixOf(e) === '/api/v1') && !e.route.endsWith('/openapi.json');
    for (const endpoint of accessMatrix().filter(authenticating)) {
      for (const actor of authenticated) {
        const { url, body } = await endpoint.call(world);
        const headers: Record<string, string> = { ...ACTOR_CREDENTIALS[actor].headers(world) };
        if (body !== undefined) headers['content-type'] = 'application/json';
        await check(`${endpoint.method} ${endpoint.route} as ${actor}`, `${prefixOf(endpoint)}${url}`, {
          method: endpoint.method,
          headers,
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
      }
    }
    // Errors of every kind after authentication: 400, 404 (unknown path and resource), 413, 422, 406.
    const v2 = { ...world.bearer(world.tokens.deeWrite), 'content-type': 'application/json' };
    const v1 = {
      ...world.teamKey(world.ids.secret as string, world.keys.secret),
      'content-type': 'application/json',
    };
    const errors: [string, string, RequestInit][] = [
      ['v2 400', '/api/v2/check-ins?per_page=99', { headers: v2 }],
      ['v2 400 body', '/api/v2/goals', { method: 'POST', headers: v2, body: '{' }],
      ['v2 404 path', '/api/v2/no-such-thing', { headers: v2 }],
      ['v2 404', `/api/v2/goals/${randomUUID()}`, { headers: v2 }],
      [
        'v2 413',
        '/api/v2/goals',
        { method: 'POST', headers: v2, body: JSON.stringify({ title: 'x'.repeat(1 << 20) }) },
      ],
      [
        'v2 422',
        '/api/v2/check-ins/2026-11-23',
        { method: 'PATCH', headers: v2, body: '{"mood":"ecstatic"}' },
      ],
      ['v2 304', `/api/v2/me`, { headers: v2 }],
      ['v1 400', '/api/v1/reports?page=0', { headers: v1 }],
      ['v1 404 path', '/api/v1/no-such-thing', { headers: v1 }],
      ['v1 404', `/api/v1/statuses/${randomUUID()}`, { headers: v1 }],
      ['v1 406', '/api/v1/members', { headers: { ...v1, accept: 'text/html' } }],
      ['v1 422', '/api/v1/team_absences', { method: 'POST', headers: v1, body: '{"date":"2026-02-30"}' }],
    ];
    const me = await fetch(`${world.server.url}/api/v2/me`, { headers: v2 });
    await me.arrayBuffer();
    for (const [label, url, init] of errors) {
      const headers =
        label === 'v2 304' ? { ...v2, 'if-none-match': me.headers.get('etag') as string } : init.headers;
      await check(label, url, { ...init, headers: headers as Record<string, string> });
    }
    console.log(`no-store: ${checked} authenticated responses checked`);
    expect(missing).toEqual([]);
  }, 120_000);
});

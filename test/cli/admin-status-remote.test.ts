/**
 * `pulse admin status ...` in remote mode: the built binary against a real `pulse serve` on 127.0.0.1,
 * with an administrator's token (every command, components named by name), a non-administrator's and a
 * read-scope one (403, exit 5, nothing changed), none (exit 4), and the endpoints themselves: 401
 * without a credential, never cached, not on the public status interface.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPersonArgs, execPulse, isolatedEnv, type Result } from '../helpers/cli.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';
import { tempDir } from '../helpers/temp.js';

const store = join(tempDir(), 'served.db');
const serverEnv = isolatedEnv();
let served: ServeProcess;
const tokens = { ana: '', anaRead: '', ben: '' };

/** A command on the store's machine; its stdout trimmed. */
async function onStore(args: string[]): Promise<string> {
  const result = await execPulse(['--store', store, ...args], { env: serverEnv });
  expect([args, result.exitCode, result.stderr]).toEqual([args, 0, result.stderr]);
  return result.stdout.trim();
}

/** A laptop of its own: no store, the deployment's base URL and a token. */
const laptop = (args: string[], token?: string): Promise<Result> =>
  execPulse(args, {
    env: isolatedEnv({ PULSE_BASE_URL: served.url, ...(token === undefined ? {} : { PULSE_TOKEN: token }) }),
  });

/** What the page says, read on the store's machine. */
const componentsOnStore = async () =>
  JSON.parse(await onStore(['status', 'components', '--json', 'id,name,state,position,parent_id']));

beforeAll(async () => {
  await onStore(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core']);
  await onStore(addPersonArgs('Ben Okafor', 'ben@example.com', 'Core'));
  tokens.ana = await onStore(['admin', 'token', 'create', '--person', 'ana@example.com', '--name', 'laptop']);
  tokens.anaRead = await onStore([
    'admin',
    'token',
    'create',
    '--person',
    'ana@example.com',
    '--scope',
    'read',
    '--name',
    'dashboard',
  ]);
  tokens.ben = await onStore(['admin', 'token', 'create', '--person', 'ben@example.com', '--name', 'laptop']);
  served = await startServe(['--store', store], serverEnv);
}, 120_000);

describe('an administrator on their laptop', () => {
  it('runs every admin status command remotely, naming components by name', async () => {
    const run = async (args: string[]) => {
      const result = await laptop(['admin', 'status', ...args], tokens.ana);
      expect([args, result.exitCode, result.stderr]).toEqual([args, 0, result.stderr]);
      return result;
    };
    expect((await run(['page', '--name', 'Acme status'])).stderr).toBe(
      `Status page "Acme status" (${served.url}/status) is operational.`,
    );
    expect((await run(['component', 'add', '--name', 'API'])).stdout).toBe('1');
    expect((await run(['component', 'add', '--name', 'Auth', '--parent', 'api'])).stdout).toBe('2');
    expect((await run(['component', 'add', '--name', 'Website'])).stdout).toBe('3');
    expect((await run(['component', 'set', 'Website', '--state', 'degraded'])).stdout).toBe('3');
    expect((await run(['component', 'move', 'website', '--to', '1'])).stdout).toBe('3');
    expect(await componentsOnStore()).toEqual([
      { id: 3, name: 'Website', state: 'degraded', position: 1, parent_id: null },
      { id: 1, name: 'API', state: 'operational', position: 2, parent_id: null },
      { id: 2, name: 'Auth', state: 'operational', position: 3, parent_id: 1 },
    ]);

    const added = await run([
      'notice',
      'add',
      '--type',
      'unplanned',
      '--subject',
      'Errors on sign-in',
      '--component',
      'Auth',
      '--content',
      'Looking into it',
    ]);
    expect(added.stdout).toBe('1');
    expect((await run(['notice', 'update', '1', '--content', 'Still looking'])).stderr).toBe(
      'Notice 1: update added (still investigating).',
    );
    expect((await run(['notice', 'update', '1', '--state', 'identified'])).stderr).toBe(
      'Notice 1 is now identified (present).',
    );
    const json = JSON.parse((await run(['notice', 'update', '1', '--state', 'resolved', '--json'])).stdout);
    expect([json.state, json.components.map((c: { name: string }) => c.name)]).toEqual([
      'resolved',
      ['Auth'],
    ]);
    const notice = JSON.parse(await onStore(['status', 'notice', '1', '--json', 'subject,state,updates']));
    expect([notice.subject, notice.state, notice.updates.map((u: { content: string }) => u.content)]).toEqual(
      ['Errors on sign-in', 'resolved', ['', '', 'Still looking', 'Looking into it']],
    );
  }, 120_000);

  it('reports a component or notice that is not there as the local store does (exit 3)', async () => {
    const component = await laptop(
      ['admin', 'status', 'component', 'set', 'Billing', '--state', 'degraded'],
      tokens.ana,
    );
    expect(component).toEqual({
      exitCode: 3,
      stdout: '',
      stderr: expect.stringMatching(
        /^pulse: the component: no component Billing on the status page \(its components: /,
      ),
    });
    const notice = await laptop(['admin', 'status', 'notice', 'update', '99', '--content', 'x'], tokens.ana);
    expect(notice).toEqual({ exitCode: 3, stdout: '', stderr: 'pulse: no notice 99' });
  }, 60_000);
});

describe('anyone else', () => {
  it('is refused with 403 (exit 5) saying why, and nothing changes', async () => {
    const before = await componentsOnStore();
    const ben = await laptop(['admin', 'status', 'component', 'set', '1', '--state', 'degraded'], tokens.ben);
    expect(ben).toEqual({
      exitCode: 5,
      stdout: '',
      stderr: `pulse: permission denied (403) for PUT ${served.url}/api/v2/status/components/1/state: only administrators may administer the status page`,
    });
    // Names are read through the same endpoints, so they are refused too.
    const byName = await laptop(
      ['admin', 'status', 'component', 'set', 'API', '--state', 'degraded'],
      tokens.ben,
    );
    expect([byName.exitCode, byName.stderr]).toEqual([
      5,
      `pulse: permission denied (403) for GET ${served.url}/api/v2/status/components: only administrators may administer the status page`,
    ]);
    const readOnly = await laptop(
      ['admin', 'status', 'component', 'add', '--name', 'Billing'],
      tokens.anaRead,
    );
    expect([readOnly.exitCode, readOnly.stderr]).toEqual([
      5,
      `pulse: permission denied (403) for POST ${served.url}/api/v2/status/components: this credential's scope does not allow write`,
    ]);
    const nobody = await laptop(['admin', 'status', 'page', '--name', 'Taken over']);
    expect([nobody.exitCode, nobody.stdout]).toEqual([4, '']);
    expect(nobody.stderr).toContain('not logged in to 127.0.0.1');
    expect(await componentsOnStore()).toEqual(before);
    expect(JSON.parse(await onStore(['status', '--json'])).page.name).toBe('Acme status');
  }, 60_000);

  it('gets a 401 without a credential; the answers are never cached; the public page has no writes', async () => {
    const put = await fetch(`${served.url}/api/v2/status/page`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Taken over' }),
    });
    expect([put.status, put.headers.get('www-authenticate')]).toEqual([401, 'Bearer realm="pulse"']);
    const list = await fetch(`${served.url}/api/v2/status/components`, {
      headers: { authorization: `Bearer ${tokens.ana}` },
    });
    expect([list.status, list.headers.get('cache-control'), list.headers.get('etag')]).toEqual([
      200,
      'no-store',
      null,
    ]);
    const body = (await list.json()) as { components: unknown[]; meta: unknown };
    expect([body.components.length, body.meta]).toEqual([3, { count: 3, total_count: 3, next_page: null }]);
    const publicWrite = await fetch(`${served.url}/status/api/v1/components`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Billing' }),
    });
    expect(publicWrite.status).toBe(405);
    const document = (await (await fetch(`${served.url}/api/v2/status/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths).sort()).toEqual([
      '/components',
      '/components/{id}/position',
      '/components/{id}/state',
      '/notices',
      '/notices/{id}/updates',
      '/page',
      '/webhook-deliveries',
      '/webhooks',
      '/webhooks/{id}',
    ]);
  }, 60_000);
});

/**
 * docs/examples/: the deployment docs/deployment.md describes, run for real. The real nginx with the
 * example nginx.conf in front of two real `pulse serve --database` processes started with the command
 * line of the example pulse@.service, over HTTPS with a self-signed certificate made by openssl.
 *
 * The placeholders (docs/deployment.md names them): in nginx.conf, the instances' addresses
 * 127.0.0.1:8081 and 127.0.0.1:8082, the ports 80 and 443 of its `listen` lines and the certificate
 * directory /etc/ssl/pulse/ are replaced by the test's; in pulse@.service, %i (the port) and the binary's
 * path. Nothing else of either file changes. nginx runs unprivileged-friendly: a temporary prefix (-p),
 * its own main file (-c) holding the pid, logs and temporary paths, and the example included into its
 * http {} block, where it belongs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from './helpers/certificate.js';
import { addPersonArgs, execPulse, isolatedEnv } from './helpers/cli.js';
import { eventually } from './helpers/eventually.js';
import { createDatabase, dropDatabase, testPostgresUrl } from './helpers/postgres.js';
import { type ServeProcess, startServe } from './helpers/serve-process.js';
import { missingParts, NGINX } from './helpers/system-parts.js';
import { tempDir } from './helpers/temp.js';

const EXAMPLES = join(import.meta.dirname, '../docs/examples');
// Without nginx, openssl or the run's PostgreSQL the test skips, saying why (system-parts.ts); CI requires them.
const missing = await missingParts('nginx', 'openssl', 'postgres');
const server = testPostgresUrl();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Replaces every occurrence of each placeholder, failing when one is absent (the example changed). */
function substitute(text: string, replacements: [string, string][]): string {
  let result = text;
  for (const [placeholder, value] of replacements) {
    if (!result.includes(placeholder)) throw new Error(`the example lost its placeholder ${placeholder}`);
    result = result.split(placeholder).join(value);
  }
  return result;
}

/** The pulse@.service ExecStart line's arguments after `serve`, for the instance on `port`. */
function unitServeArgs(port: number): string[] {
  const unit = readFileSync(join(EXAMPLES, 'pulse@.service'), 'utf8');
  const line = /^ExecStart=(.+)$/m.exec(unit)?.[1] as string;
  const [binary, command, ...args] = line.trim().split(/\s+/);
  expect(binary).toBe('/usr/local/bin/pulse');
  expect(command).toBe('serve');
  return args.map((arg) => arg.replace('%i', String(port)));
}

describe.skipIf(missing)('the example deployment', () => {
  const dir = tempDir('pulse-deploy-');
  let database: string;
  let token: string;
  let nginx: ResultPromise | undefined;
  let instances: ServeProcess[] = [];
  let https: number;
  let http: number;
  let ca: Buffer;

  beforeAll(async () => {
    database = await createDatabase(server as string);
    // The account, made as docs/deployment.md tells operators: the operator commands on the database.
    const operator = async (args: string[]) => {
      const result = await execPulse(['--store', database, ...args]);
      expect(result.exitCode, result.stderr).toBe(0);
      return result.stdout.trim();
    };
    await operator(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core']);
    await operator(addPersonArgs('Ben Okafor', 'ben@example.com', 'Core'));
    token = await operator([
      'admin',
      'token',
      'create',
      '--person',
      'ana@example.com',
      '--name',
      'deploy test',
    ]);

    // Two instances as systemd would start them (the database from the unit's EnvironmentFile).
    const ports = [await freePort(), await freePort()];
    instances = await Promise.all(
      ports.map((port) => startServe([], isolatedEnv({ PULSE_DATABASE_URL: database }), unitServeArgs(port))),
    );
    expect(instances.map((each) => each.url)).toEqual(ports.map((port) => `http://127.0.0.1:${port}`));

    await selfSignedCertificate(dir, {
      subject: 'pulse.example.com',
      altNames: 'DNS:pulse.example.com,IP:127.0.0.1',
      files: { cert: 'fullchain.pem', key: 'privkey.pem' },
    });
    ca = readFileSync(join(dir, 'fullchain.pem'));

    [https, http] = [await freePort(), await freePort()];
    const site = substitute(readFileSync(join(EXAMPLES, 'nginx.conf'), 'utf8'), [
      ['127.0.0.1:8081', `127.0.0.1:${ports[0]}`],
      ['127.0.0.1:8082', `127.0.0.1:${ports[1]}`],
      ['listen 80;', `listen ${http};`],
      ['listen [::]:80;', `listen [::]:${http};`],
      ['listen 443 ', `listen ${https} `],
      ['listen [::]:443 ', `listen [::]:${https} `],
      ['/etc/ssl/pulse/', `${dir}/`],
    ]);
    writeFileSync(join(dir, 'pulse.conf'), site);
    writeFileSync(
      join(dir, 'nginx.conf'),
      [
        'daemon off;',
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log warn;`,
        'worker_processes 1;',
        'events { worker_connections 64; }',
        'http {',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `  ${kind}_temp_path ${dir}/${kind}_temp;`,
        ),
        // Which instance answered each request: how the test sees that both were reached.
        "  log_format upstream '$http_x_label $upstream_addr';",
        `  access_log ${dir}/access.log upstream;`,
        `  include ${dir}/pulse.conf;`,
        '}',
        '',
      ].join('\n'),
    );
    nginx = execa(NGINX, ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`], {
      reject: false,
    });
    const started = nginx;
    await eventually(async () => {
      if (started.exitCode !== null) {
        throw new Error(`nginx exited: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
      }
      return get('/status/api/v1/status').catch(() => undefined);
    }, 'nginx to answer');
  });

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await nginx;
    await Promise.all(instances.map((each) => each.stop()));
    if (database) await dropDatabase(database);
  });

  async function get(
    path: string,
    init: { method?: string; body?: string; auth?: boolean; label?: string; client?: string } = {},
  ) {
    const { Agent, request } = await import('undici');
    const response = await request(`https://127.0.0.1:${https}${path}`, {
      method: (init.method ?? 'GET') as 'GET',
      headers: {
        host: 'pulse.example.com',
        'x-label': init.label ?? '-',
        ...(init.auth ? { authorization: `Bearer ${token}` } : {}),
        // As a client's own proxy would: nginx appends the address it sees (here 127.0.0.1, trusted
        // by the unit's --trust-proxy, so the address before it is the client's).
        ...(init.client ? { 'x-forwarded-for': init.client } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body,
      dispatcher: new Agent({ connect: { ca } }),
    });
    const text = await response.body.text();
    return { status: response.statusCode, headers: response.headers, text };
  }

  /** The log's lines as [label, the instance (host:port) that answered], oldest first. */
  function logged(): [string, string][] {
    const log = readFileSync(join(dir, 'access.log'), 'utf8');
    return log
      .trim()
      .split('\n')
      .map((line) => line.split(' ') as [string, string]);
  }
  const answeredBy = () => logged().map(([, instance]) => instance);
  /** The instance that answered the request sent with `label` (nginx logs just after it answers). */
  const answerTo = (label: string) =>
    eventually(() => logged().find(([each]) => each === label)?.[1], `${label} in nginx's log`);
  const hostOf = (instance: ServeProcess) => new URL(instance.url).host;

  it('serves the health check, an authenticated read, and a write read back through the other instance', async () => {
    const health = await get('/status/api/v1/status');
    expect(health.status).toBe(200);

    const me = await get('/api/v2/me', { auth: true });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.text).name).toBe('Ana Diaz');
    expect((await get('/api/v2/me')).status).toBe(401);

    const created = await get('/api/v2/goals', {
      method: 'POST',
      body: JSON.stringify({ title: 'Behind nginx' }),
      auth: true,
      label: 'write',
    });
    expect(created.status).toBe(201);
    const writer = await answerTo('write');
    const id = JSON.parse(created.text).id as string;
    const read = await get(`/api/v2/goals/${id}`, { auth: true, label: 'read' });
    expect(read.status).toBe(200);
    expect(JSON.parse(read.text).title).toBe('Behind nginx');
    const reader = await answerTo('read');
    expect(reader).not.toBe(writer);
    // Links name the public address, whichever instance answers.
    expect(read.text).not.toContain('127.0.0.1');

    const reached = new Set(answeredBy());
    expect(reached).toEqual(new Set(instances.map(hostOf)));
  });

  it('limits the status page per client behind the proxy (X-Forwarded-For, --trust-proxy), across both instances', async () => {
    // 20 at once from one client: past the burst of 5 (a refill of 5 a second cannot keep up).
    const crowd = await Promise.all(
      Array.from({ length: 20 }, () => get('/status/api/v1/status', { client: '203.0.113.7' })),
    );
    const statuses = crowd.map((response) => response.status);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(5);
    // Another client behind the same proxy is not refused with it: it has a full bucket of its own.
    const other = await get('/status/api/v1/status', { client: '198.51.100.4' });
    expect([other.status, other.headers.ratelimit]).toEqual([200, '"status";r=4;t=1']);
  });

  it('redirects plain HTTP to HTTPS', async () => {
    const response = await fetch(`http://127.0.0.1:${http}/api/v2/me`, {
      redirect: 'manual',
      headers: { host: 'pulse.example.com' },
    });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('https://pulse.example.com/api/v2/me');
  });
});

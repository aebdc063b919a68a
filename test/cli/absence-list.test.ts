/**
 * `pulse absence list` through the real binary: on a local store, and against a real `pulse serve` with
 * the team's v1 key (and a deployment in front of it that lacks the absence lists).
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execPulse, initAnaAndBen, isolatedEnv } from '../helpers/cli.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';
import { tempDir } from '../helpers/temp.js';

const env = isolatedEnv();
const store = join(tempDir(), 'pulse.db');
const local = (args: string[], input?: string) =>
  execPulse(['--store', store, ...args], { env, ...(input === undefined ? {} : { input }) });

/** Far enough ahead to come after "today" whenever the test runs; 2020 is before it. */
const CSV = [
  'member,date',
  'ben@example.com,2040-01-03',
  'ana-diaz,2040-01-02',
  'Ben-Okafor,2040-01-02',
  'ana@example.com,2020-01-06',
  '',
].join('\n');

let server: ServeProcess;
/** The served deployment with the team's v1 key, as an HR machine would be set up. */
let remote: Record<string, string>;

beforeAll(async () => {
  await initAnaAndBen(local);
  await local(['absence', 'import', '-'], CSV);
  // A date in the past given explicitly is applied: it is there, but before the default range.
  await local(['absence', 'add', 'ana-diaz', '--date', '2020-01-06']);
  await local(['absence', 'team', 'add', '--date', '2040-01-02']);
  const key = await local(['admin', 'team', 'api-key', '--team', 'Core']);
  const [teamId, apiKey] = key.stdout.trim().split(/\s+/);
  server = await startServe(['--store', store], env);
  remote = isolatedEnv({
    PULSE_BASE_URL: server.url,
    PULSE_TEAM_ID: teamId as string,
    PULSE_API_KEY: apiKey as string,
  });
});

/** Piped (execa drops the last line break): one absence a line, DATE TAB MEMBER; a member by email, a holiday as team. */
const EVERYONE_FROM_TODAY = [
  '2040-01-02\tteam',
  '2040-01-02\tana@example.com',
  '2040-01-02\tben@example.com',
  '2040-01-03\tben@example.com',
].join('\n');

describe('pulse absence list', () => {
  it('lists every member absence and team holiday from today on, by date, members by email', async () => {
    const listed = await local(['absence', 'list']);
    expect(listed).toEqual({ exitCode: 0, stdout: EVERYONE_FROM_TODAY, stderr: '' });
  });

  it("names a MEMBER argument's absences as it was given, with the team's holidays, in --from/--to", async () => {
    const listed = await local([
      'absence',
      'list',
      'BEN@example.com',
      '--from',
      '2040-01-01',
      '--to',
      '2040-01-02',
    ]);
    expect(listed).toEqual({
      exitCode: 0,
      stdout: '2040-01-02\tteam\n2040-01-02\tBEN@example.com',
      stderr: '',
    });
    const past = await local(['absence', 'list', 'ana-diaz', '--from', '2020-01-01', '--to', '2020-12-31']);
    expect(past.stdout).toBe('2020-01-06\tana-diaz');
  });

  it('prints JSON: the date, and the member (id, slug, email) or null for a holiday', async () => {
    const listed = await local(['absence', 'list', '--to', '2040-01-02', '--json']);
    expect(listed.exitCode).toBe(0);
    const items = JSON.parse(listed.stdout) as { date: string; member: { slug: string } | null }[];
    expect(items.map((item) => [item.date, item.member?.slug ?? null])).toEqual([
      ['2040-01-02', null],
      ['2040-01-02', 'ana-diaz'],
      ['2040-01-02', 'ben-okafor'],
    ]);
    expect(Object.keys(items[1]?.member ?? {})).toEqual(['id', 'slug', 'email']);
    const empty = await local(['absence', 'list', '--from', '2041-01-01', '--json']);
    expect([empty.exitCode, empty.stdout]).toEqual([0, '[]']);
  });

  it('refuses a backwards range (exit 2) and an unknown member (exit 3)', async () => {
    const backwards = await local(['absence', 'list', '--from', '2040-02-01', '--to', '2040-01-01']);
    expect([backwards.exitCode, backwards.stderr.split('\n')[0]]).toEqual([
      2,
      'pulse: --from 2040-02-01 is after --to 2040-01-01',
    ]);
    const notADate = await local(['absence', 'list', '--from', 'soon']);
    expect(notADate.exitCode).toBe(2);
    expect(notADate.stderr).toContain('--from: not a date: soon');
    const unknown = await local(['absence', 'list', 'nobody']);
    expect([unknown.exitCode, unknown.stderr]).toEqual([
      3,
      "pulse: no member 'nobody' in this team. Name one by id, slug, email, @username, name or me.",
    ]);
  });

  it('lists the same against pulse serve with the v1 key, every page of 500', async () => {
    const listed = await execPulse(['absence', 'list'], { env: remote });
    expect(listed).toEqual({ exitCode: 0, stdout: EVERYONE_FROM_TODAY, stderr: '' });
    const one = await execPulse(['absence', 'list', 'ana-diaz', '--from', '2020-01-01'], { env: remote });
    expect(one.stdout).toBe('2020-01-06\tana-diaz\n2040-01-02\tteam\n2040-01-02\tana-diaz');
    const unknown = await execPulse(['absence', 'list', 'nobody'], { env: remote });
    expect(unknown.exitCode).toBe(3);
  });

  it('says so (exit 1) on a deployment without the absence lists', async () => {
    // The deployment of another implementation: the v1 interface without pulse's extension lists.
    const port = Number(new URL(server.url).port);
    const without: Server = createServer((incoming, outgoing) => {
      if (/^\/api\/v1\/(member|team)_absences(\?|$)/.test(incoming.url ?? '')) {
        outgoing.writeHead(405, { 'content-type': 'application/json' });
        outgoing.end(JSON.stringify({ errors: ['method not allowed'] }));
        return;
      }
      const upstream = request(
        { host: '127.0.0.1', port, path: incoming.url, method: incoming.method, headers: incoming.headers },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      upstream.on('error', () => outgoing.destroy());
      incoming.pipe(upstream);
    });
    await new Promise<void>((resolve) => without.listen(0, '127.0.0.1', resolve));
    try {
      const address = `http://127.0.0.1:${(without.address() as AddressInfo).port}`;
      const listed = await execPulse(['absence', 'list'], { env: { ...remote, PULSE_BASE_URL: address } });
      expect(listed).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: 'pulse: this deployment does not support reading absences back (a pulse serve extension)',
      });
    } finally {
      await new Promise((resolve) => without.close(resolve));
    }
  });
});

describe('the exit codes of each absence command', () => {
  it('end its --help, where they differ: an unknown member is 3 for add, a failed row 1 for import', async () => {
    const add = await execPulse(['absence', 'add', '--help']);
    expect(add.stdout).toContain('Exit codes:\n    0  every date is set (created or already set)\n');
    expect(add.stdout).toContain('\n    3  an unknown member or --team (nothing done)\n');
    const imported = await execPulse(['absence', 'import', '--help']);
    expect(imported.stdout).toContain(
      '\n    1  a row or date failed (a bad line, an unknown member in a CSV): the others are done\n',
    );
    const listed = await execPulse(['absence', 'list', '--help']);
    expect(listed.stdout).toContain(
      '\n    1  the deployment does not offer the absence lists (a pulse serve extension)\n',
    );
  });
});

afterAll(async () => {
  await server?.stop();
});

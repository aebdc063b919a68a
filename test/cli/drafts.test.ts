/**
 * Check-in drafts in remote mode, against a real `pulse serve` stopped to take the network away; the
 * activities offered for "previous" on a real terminal; the spinner of slow page walks.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, execPulse, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { KEYS, spawnInTerminal } from '../helpers/pty.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';
import { tempDir } from '../helpers/temp.js';

const ALL_DAYS = 'monday,tuesday,wednesday,thursday,friday,saturday,sunday';

/** Ana, in a team that reports every day (so today is always a report day), through `run`. */
async function anaReportingDaily(run: (args: string[]) => Promise<unknown>): Promise<void> {
  await run(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core']);
  await run([
    'admin',
    'team',
    'add',
    '--name',
    'Everyday',
    '--report-days',
    ALL_DAYS,
    '--member',
    'ana@example.com',
  ]);
}
const today = () => new Date().toISOString().slice(0, 10);

let serverEnv: Record<string, string>;
let store: string;
let token: string;
let port: number;
let server: ServeProcess | undefined;

const local = async (args: string[]) => {
  const result = await execPulse(['--store', store, ...args], { env: serverEnv });
  if (result.exitCode !== 0) throw new Error(`pulse ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
};
const url = () => `http://127.0.0.1:${port}`;
/** A client machine of its own, in remote mode. */
const client = () => isolatedEnv({ PULSE_BASE_URL: url(), PULSE_TOKEN: token });
const draftsFile = (env: Record<string, string>) =>
  join(env.HOME as string, '.local', 'state', 'pulse', 'drafts', 'default.json');

async function up(): Promise<void> {
  if (server) return;
  server = await startServe(['--store', store], serverEnv, ['--port', String(port)]);
}
async function down(): Promise<void> {
  await server?.stop();
  server = undefined;
}
async function todaysCheckIn(): Promise<{
  previous: string | null;
  updated_at: string;
  completed_at: string;
}> {
  return JSON.parse(await local(['checkin', 'view', today(), '--json']));
}

beforeAll(async () => {
  serverEnv = isolatedEnv();
  store = join(tempDir('pulse-drafts-'), 'server.db');
  await anaReportingDaily(local);
  token = (
    await local(['admin', 'token', 'create', '--person', 'ana@example.com', '--name', 'laptop'])
  ).trim();
  server = await startServe(['--store', store], serverEnv);
  port = Number(new URL(server.url).port);
});

afterAll(async () => {
  await down();
});

describe('check-in drafts in remote mode', () => {
  it('keeps a check-in the server cannot receive (exit 6, a 0600 file without the token) and the next command sends it', async () => {
    await down();
    const env = client();
    const failed = await execPulse(
      ['checkin', '--previous', 'wrote the drafts', '--intentions', 'test them', '--blockers', 'none'],
      { env },
    );
    expect(failed.exitCode).toBe(6);
    expect(failed.stderr).toContain(`pulse: cannot reach ${url()}: ECONNREFUSED`);
    expect(failed.stderr).toContain(`is kept as a draft in ${draftsFile(env)}`);
    expect(failed.stderr).toContain('send it now with pulse checkin --resume');

    const file = draftsFile(env);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(file)).mode & 0o777).toBe(0o700);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(token);
    expect(JSON.parse(text)).toEqual({
      version: 1,
      drafts: [
        {
          base_url: url(),
          date: today(),
          answers: { previous: 'wrote the drafts', intentions: 'test them', blockers: 'none' },
          saved_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ],
    });

    // Still offline: the next command fails on its own and the draft stays kept.
    const offline = await execPulse(['me', '--json'], { env });
    expect(offline.exitCode).toBe(6);
    expect(existsSync(file)).toBe(true);

    await up();
    const next = await execPulse(['me', '--json'], { env });
    expect(next.exitCode, next.stderr).toBe(0);
    expect(next.stderr).toMatch(/^pulse: sent your kept check-in draft for .+\.$/);
    expect(JSON.parse(next.stdout)).toMatchObject({ email: 'ana@example.com' });
    expect(existsSync(file)).toBe(false);
    expect((await todaysCheckIn()).previous).toBe('wrote the drafts');

    // Nothing kept: nothing said.
    const quiet = await execPulse(['me', '--json'], { env });
    expect(quiet.stderr).toBe('');
  });

  it('checkin --resume sends the kept draft, says so while still offline, and sending twice writes once', async () => {
    await down();
    const env = client();
    const kept = await execPulse(
      ['checkin', '--previous', 'resumed', '--intentions', 'ship', '--blockers', 'none'],
      {
        env,
      },
    );
    expect(kept.exitCode).toBe(6);
    const file = draftsFile(env);
    const copy = `${file}.copy`;
    copyFileSync(file, copy);

    const stillDown = await execPulse(['checkin', '--resume'], { env });
    expect(stillDown.exitCode).toBe(6);
    expect(stillDown.stderr).toContain(`1 check-in draft still kept in ${file}`);
    expect(existsSync(file)).toBe(true);

    await up();
    const resumed = await execPulse(['checkin', '--resume'], { env });
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/^Sent your kept check-in for .+\.$/);
    expect(existsSync(file)).toBe(false);
    const first = await todaysCheckIn();
    expect(first.previous).toBe('resumed');

    // The same draft again (as if the answer to the first send had been lost): no second write.
    copyFileSync(copy, file);
    const again = await execPulse(['checkin', '--resume', '--json'], { env });
    expect(again.exitCode, again.stderr).toBe(0);
    const second = await todaysCheckIn();
    expect(second.updated_at).toBe(first.updated_at);
    const mine = JSON.parse(await local(['checkin', 'list', '--all', '--json'])).filter(
      (checkIn: { date: string }) => checkIn.date === today(),
    );
    expect(mine).toHaveLength(1);

    const none = await execPulse(['checkin', '--resume'], { env });
    expect([none.exitCode, none.stderr]).toEqual([0, 'No kept check-in drafts.']);
  });

  it('keeps a draft for a port that refuses connections, and never for an answer of the server (422)', async () => {
    const refused = isolatedEnv({ PULSE_BASE_URL: 'http://127.0.0.1:1', PULSE_TOKEN: token });
    const offline = await execPulse(
      ['checkin', '--previous', 'a', '--intentions', 'b', '--blockers', 'none'],
      {
        env: refused,
      },
    );
    expect(offline.exitCode).toBe(6);
    expect(existsSync(draftsFile(refused))).toBe(true);

    await up();
    const env = client();
    const tooLong = await execPulse(
      ['checkin', '--previous', 'x'.repeat(20_001), '--intentions', 'b', '--blockers', 'none'],
      { env },
    );
    expect(tooLong.exitCode).toBe(2);
    expect(tooLong.stderr).toContain('previous must be at most 20000 characters');
    expect(tooLong.stderr).not.toContain('draft');
    expect(existsSync(draftsFile(env))).toBe(false);
  });

  it('removes a draft the server refuses when it is sent, printing its answers to send again', async () => {
    await up();
    const env = client();
    const file = draftsFile(env);
    mkdirSync(dirname(file), { recursive: true });
    const answers = { previous: 'x'.repeat(20_001), intentions: 'i', blockers: 'none' };
    writeFileSync(
      file,
      JSON.stringify({ version: 1, drafts: [{ base_url: url(), date: today(), answers, saved_at: 'then' }] }),
    );
    const refused = await execPulse(['checkin', '--resume'], { env });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('pulse: the server refused your kept check-in draft for');
    expect(refused.stderr).toContain('previous must be at most 20000 characters');
    expect(refused.stderr).toContain(`"intentions": "i"`);
    expect(existsSync(file)).toBe(false);
  });

  it('refuses --resume with answers, and in local mode', async () => {
    const env = client();
    const withAnswers = await runInProcess(['checkin', '--resume', '--previous', 'x'], { env });
    expect(withAnswers.exitCode).toBe(2);
    expect(withAnswers.stderr).toContain('--resume sends the kept drafts as they are');
    const localMode = await runInProcess(['--store', store, 'checkin', '--resume'], { env: serverEnv });
    expect(localMode.exitCode).toBe(2);
    expect(localMode.stderr).toContain('this profile works on a local store');
  });
});

describe('activities as a starting point for "previous"', () => {
  it('offers the activities since the last check-in on a terminal and takes the chosen ones', async () => {
    const env = isolatedEnv();
    const own = join(tempDir('pulse-activities-'), 'pulse.db');
    const pulse = async (args: string[]) => {
      const result = await execPulse(['--store', own, ...args], { env });
      expect(result.exitCode, result.stderr).toBe(0);
      return result.stdout;
    };
    await anaReportingDaily(pulse);
    await pulse([
      'activity',
      'add',
      '--group',
      'github',
      '--description',
      'Merged PR #12',
      '--url',
      'https://git.example.com/pr/12',
    ]);
    await pulse(['activity', 'add', '--group', 'ci', '--description', 'Fixed the nightly build']);

    const terminalEnv: Record<string, string> = { ...env, TERM: 'xterm-256color' };
    for (const name of ['NO_COLOR', 'FORCE_COLOR', 'CI', 'PULSE_NO_INPUT']) delete terminalEnv[name];
    const terminal = spawnInTerminal([BIN, '--store', own, 'checkin'], terminalEnv);
    await terminal.waitFor('Take any of your activities since your last check-in into "previous"?');
    await terminal.waitFor('Merged PR #12 (https://git.example.com/pr/12)');
    await terminal.waitFor('Fixed the nightly build');
    terminal.type(KEYS.space); // the first: the oldest, the pull request
    terminal.type(KEYS.enter);
    await terminal.answer('Anything else you got done?', `reviewed docs${KEYS.enter}`);
    await terminal.answer('What do you intend to do', `release${KEYS.enter}`);
    await terminal.answer('Is anything blocking you?', KEYS.enter);
    await terminal.answer('How do you feel?', KEYS.enter);
    await terminal.answer('Share with which teams?', KEYS.enter);
    await terminal.answer('Save this check-in?', KEYS.enter);
    expect(await terminal.exited).toBe(0);

    const saved = JSON.parse(await pulse(['checkin', 'view', 'today', '--json']));
    expect(saved.previous).toBe('- Merged PR #12 (https://git.example.com/pr/12)\nreviewed docs');
  });

  it('fills "previous" from the activities without prompts only when --previous-from-activities asks', async () => {
    const env = isolatedEnv();
    const own = join(tempDir('pulse-activities-'), 'pulse.db');
    const pulse = (args: string[]) => runInProcess(['--store', own, ...args], { env });
    expect(
      (await pulse(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core'])).exitCode,
    ).toBe(0);
    await pulse([
      'admin',
      'team',
      'add',
      '--name',
      'Everyday',
      '--report-days',
      ALL_DAYS,
      '--member',
      'ana@example.com',
    ]);
    await pulse(['activity', 'add', '--group', 'github', '--description', 'Merged PR #7']);

    const without = await pulse(['checkin', '--intentions', 'i', '--blockers', 'none', '--no-input']);
    expect(without.exitCode).toBe(2);
    expect(without.stderr).toContain('missing --previous');

    const filled = await pulse([
      'checkin',
      '--intentions',
      'i',
      '--blockers',
      'none',
      '--previous-from-activities',
      '--json',
    ]);
    expect(filled.exitCode, filled.stderr).toBe(0);
    expect(JSON.parse(filled.stdout).previous).toBe('- Merged PR #7');
  });
});

describe('the spinner of a slow page walk', () => {
  let proxy: Server;
  let proxyUrl: string;

  beforeAll(async () => {
    await up();
    for (let n = 0; n < 3; n++)
      await local(['activity', 'add', '--group', 'ci', '--description', `build ${n}`]);
    // Every answer of the deployment arrives 600 ms late.
    proxy = createServer((incoming, outgoing) => {
      setTimeout(() => {
        const forwarded = request(
          `${url()}${incoming.url}`,
          { method: incoming.method, headers: incoming.headers },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          },
        );
        incoming.pipe(forwarded);
      }, 600);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

  it('shows on a terminal once the walk lasts, and never when piped', async () => {
    const env = isolatedEnv({ PULSE_BASE_URL: proxyUrl, PULSE_TOKEN: token, TERM: 'xterm-256color' });
    const terminal = spawnInTerminal([BIN, 'activity', 'list', '--all'], env);
    await terminal.waitFor('Reading pages…');
    await terminal.waitFor('build 2');
    expect(await terminal.exited).toBe(0);

    const piped = await execPulse(['activity', 'list', '--all'], { env });
    expect(piped.exitCode, piped.stderr).toBe(0);
    expect(piped.stdout).toContain('build 2');
    expect(piped.stderr).toBe('');
  });

  it('never flashes on a fast walk', async () => {
    const env = isolatedEnv({ PULSE_BASE_URL: url(), PULSE_TOKEN: token, TERM: 'xterm-256color' });
    const terminal = spawnInTerminal([BIN, 'activity', 'list', '--all'], env);
    await terminal.waitFor('build 2');
    expect(await terminal.exited).toBe(0);
    expect(terminal.output()).not.toContain('Reading pages');
  });
});

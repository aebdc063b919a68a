/**
 * The generative provider from the CLI, in-process: its profile settings (dotted names), its key
 * (`pulse ask key set|clear`, never in config.json), and a local store that writes answers with it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Clock, fixedClock } from '../../src/core/clock.js';
import { completion, startChatServer } from '../helpers/chat-server.js';
import { initAnaAndBen, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { openInstance } from '../helpers/store.js';
import { tempDir } from '../helpers/temp.js';

const KEY = 'sk-cli-test-4f1c9a0b7e2dSECRET';
const MONDAY = fixedClock('2026-11-23T10:00:00Z');

let env: Record<string, string>;
let store: string;
const pulse = (
  args: string[],
  options: { stdin?: string; env?: Record<string, string>; clock?: typeof MONDAY } = {},
) =>
  runInProcess(args, {
    env: { ...env, ...options.env },
    stdin: options.stdin,
    clock: options.clock ?? MONDAY,
  });

/** Every file under a directory, with its contents. */
function filesUnder(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .map((path) => ({ path, text: readFileSync(path).toString('latin1') }));
}

beforeEach(() => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
});

describe('ask.* settings', () => {
  it('sets, gets, lists and unsets the dotted settings, nested in the profile', async () => {
    expect((await pulse(['config', 'set', 'ask.provider', 'openai'])).exitCode).toBe(0);
    expect((await pulse(['config', 'set', 'ask.url', 'http://127.0.0.1:11434/v1'])).exitCode).toBe(0);
    expect((await pulse(['config', 'set', 'ask.model', 'llama3.2'])).exitCode).toBe(0);
    expect((await pulse(['config', 'get', 'ask.provider'])).stdout).toBe('openai\n');
    expect((await pulse(['config', 'get', 'ask.model'])).stdout).toBe('llama3.2\n');
    expect(JSON.parse((await pulse(['config', 'list', '--json'])).stdout)).toEqual({
      'ask.provider': 'openai',
      'ask.url': 'http://127.0.0.1:11434/v1',
      'ask.model': 'llama3.2',
    });
    const rows = (await pulse(['config', 'list'])).stdout.split('\n');
    expect(rows.some((row) => row.startsWith('ask.model\tllama3.2\t'))).toBe(true);
    // Dots stay inside the property names: no nested "ask" object.
    const file = JSON.parse(
      readFileSync(join(env.XDG_CONFIG_HOME as string, 'pulse', 'config.json'), 'utf8'),
    );
    expect(file.profiles.default).toEqual({
      'ask.provider': 'openai',
      'ask.url': 'http://127.0.0.1:11434/v1',
      'ask.model': 'llama3.2',
    });

    expect((await pulse(['config', 'unset', 'ask.model'])).stderr).toContain('Unset ask.model');
    expect((await pulse(['config', 'get', 'ask.model'])).exitCode).toBe(3);
    expect((await pulse(['config', 'get', 'ask.provider'])).stdout).toBe('openai\n');
  });

  it('accepts only extractive or openai as ask.provider (exit 2)', async () => {
    const bad = await pulse(['config', 'set', 'ask.provider', 'nonsense']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('ask.provider must be one of extractive, openai: nonsense');
    expect((await pulse(['config', 'set', 'ask.provider', 'extractive'])).exitCode).toBe(0);
    const url = await pulse(['config', 'set', 'ask.url', 'localhost:11434']);
    expect(url.exitCode).toBe(2);
    expect(url.stderr).toContain('ask.url must be an absolute http(s) URL');
  });

  it('refuses to open a local store, and `pulse serve` to start, with openai but no url or model', async () => {
    await initAnaAndBen((args) => pulse(['--store', store, ...args]));
    await pulse(['config', 'set', 'ask.provider', 'openai']);
    const neither = await pulse(['--store', store, 'checkin', 'list']);
    expect(neither.exitCode).toBe(2);
    expect(neither.stderr).toContain('ask.provider is openai but ask.url and ask.model are not set');
    expect(neither.stderr).toContain('pulse config set ask.url URL');

    await pulse(['config', 'set', 'ask.url', 'http://127.0.0.1:9/v1']);
    const serve = await pulse(['--store', store, 'serve', '--port', '0']);
    expect(serve.exitCode).toBe(2);
    expect(serve.stderr).toContain(
      'ask.model is not set in profile default: pulse config set ask.model MODEL',
    );
    expect(serve.stdout).toBe('');

    // Remote mode never reads them: the deployment decides how it answers.
    const remote = await pulse(['me'], { env: { PULSE_BASE_URL: 'http://127.0.0.1:9' } });
    expect(remote.exitCode).toBe(4); // not logged in, rather than a usage error about ask.*
    await pulse(['config', 'set', 'ask.provider', 'extractive']);
    expect((await pulse(['--store', store, 'checkin', 'list'])).exitCode).toBe(0);
  });
});

describe('pulse ask key', () => {
  it('keeps the key in a 0600 file with --insecure-storage, nowhere else, and clears it', async () => {
    const noUrl = await pulse(['ask', 'key', 'set', '--with-key', '--insecure-storage'], { stdin: KEY });
    expect(noUrl.exitCode).toBe(2);
    expect(noUrl.stderr).toContain('pulse config set ask.url URL');

    await pulse(['config', 'set', 'ask.url', 'https://llm.example.com/v1']);
    const set = await pulse(['ask', 'key', 'set', '--with-key', '--insecure-storage'], { stdin: `${KEY}\n` });
    expect(set.exitCode, set.stderr).toBe(0);
    expect(set.stderr).toContain('Kept the key for llm.example.com in ');
    expect(set.stderr).toContain('pulse config set ask.provider openai');
    const credentials = join(env.XDG_CONFIG_HOME as string, 'pulse', 'credentials.json');
    expect(statSync(credentials).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(credentials, 'utf8'))).toEqual({ 'ask:default@llm.example.com': KEY });
    const holding = filesUnder(env.HOME as string).filter((file) => file.text.includes(KEY));
    expect(holding.map((file) => file.path)).toEqual([credentials]);
    expect(set.stdout + set.stderr).not.toContain(KEY);

    const clear = await pulse(['ask', 'key', 'clear']);
    expect(clear.exitCode).toBe(0);
    expect(clear.stderr).toContain('Forgot the key for llm.example.com.');
    expect(JSON.parse(readFileSync(credentials, 'utf8'))).toEqual({});
    expect((await pulse(['ask', 'key', 'clear'])).stderr).toContain('No key was kept for llm.example.com.');
  });

  it('needs a terminal or --with-key, and a non-empty key (exit 2)', async () => {
    await pulse(['config', 'set', 'ask.url', 'https://llm.example.com/v1']);
    const noTerminal = await pulse(['ask', 'key', 'set', '--insecure-storage']);
    expect(noTerminal.exitCode).toBe(2);
    expect(noTerminal.stderr).toContain(
      'no terminal to type the key on: pipe it in with --with-key (pulse ask key set --with-key < file)',
    );
    const empty = await pulse(['ask', 'key', 'set', '--with-key', '--insecure-storage'], { stdin: '\n' });
    expect(empty.exitCode).toBe(2);
    expect(empty.stderr).toContain('no key given');
  });
});

/** Ana and Ben in Core, and the profile's provider pointed at a local chat server. */
async function setUpWithProvider(url: string): Promise<void> {
  await initAnaAndBen((args) => pulse(['--store', store, ...args]));
  for (const [key, value] of [
    ['ask.provider', 'openai'],
    ['ask.url', url],
    ['ask.model', 'test-model'],
  ] as const) {
    await pulse(['config', 'set', key, value]);
  }
}

function benChecksIn(blockers: string, clock?: Clock) {
  const args = ['--previous', 'Reviewed #12', '--intentions', 'Pair with Ana', '--blockers', blockers];
  return pulse(['--store', store, '--as', 'ben@example.com', 'checkin', ...args], clock ? { clock } : {});
}

describe('a local store with ask.provider openai', () => {
  it('answers `pulse ask` with the endpoint, and falls back saying so when it fails', async () => {
    const server = await startChatServer();
    server.respond(completion('Ben is waiting on CI [1].'));
    await setUpWithProvider(server.url);
    await benChecksIn('waiting on CI');
    const asked = await pulse(['--store', store, 'ask', 'What blocked the team today?', '--json'], {
      env: { PULSE_ASK_KEY: KEY },
    });
    expect(asked.exitCode, asked.stderr).toBe(0);
    expect(JSON.parse(asked.stdout).body).toMatch(
      /^Ben is waiting on CI \[1\]\.\n\n### Sources\n\n1\. \[Ben Okafor's check-in .*\]\(http:\/\/127\.0\.0\.1:8080\/api\/v2\/check-ins\/[-0-9a-f]+\)$/,
    );
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(server.requests[0]?.body.messages?.[1]?.content).toContain('> waiting on CI');
    expect(asked.stdout + asked.stderr).not.toContain(KEY);

    server.respond((_request, response) => response.writeHead(500).end());
    const failed = await pulse(['--store', store, 'ask', 'What blocked the team today?', '--json'], {
      env: { PULSE_ASK_KEY: KEY },
    });
    expect(failed.exitCode, failed.stderr).toBe(0);
    const body: string = JSON.parse(failed.stdout).body;
    expect(body).toContain('"waiting on CI"');
    expect(body).toMatch(
      /\n\n_The generative provider \(test-model at 127\.0\.0\.1:\d+\) failed \(HTTP 500\); this is the extractive answer\._$/,
    );
  });

  it('writes Echo answers with the endpoint, with PULSE_ASK_KEY over the kept key', async () => {
    const server = await startChatServer();
    server.respond(completion('Ben is waiting on CI [1].'));
    await setUpWithProvider(server.url);
    await pulse(['ask', 'key', 'set', '--with-key', '--insecure-storage'], { stdin: 'sk-kept' });
    const checkIn = await benChecksIn('waiting on CI');
    expect(checkIn.exitCode, checkIn.stderr).toBe(0);
    // Filling a check-in writes no answer: nothing reached the endpoint.
    expect(server.requests).toEqual([]);

    // Echo answers too: Tuesday's (about Monday) is published by `pulse echo list` once due.
    const created = await pulse(
      [
        '--store',
        store,
        'echo',
        'create',
        '--title',
        'Blockers',
        '--prompt',
        'What blocked the team?',
        '--frequency',
        'daily',
        '--time',
        '18:00',
        '--json',
      ],
      { clock: fixedClock('2026-11-23T19:00:00Z') },
    );
    expect(created.exitCode, created.stderr).toBe(0);
    const question = JSON.parse(created.stdout);
    const listed = await pulse(['--store', store, 'echo', 'list'], {
      env: { PULSE_ASK_KEY: KEY },
      clock: fixedClock('2026-11-24T19:00:00Z'),
    });
    expect(listed.exitCode, listed.stderr).toBe(0);

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body.model).toBe('test-model');
    expect(request?.body.messages?.[1]?.content).toContain('> waiting on CI');

    // Without PULSE_ASK_KEY the kept key is sent (Wednesday's answer, about Ben's Tuesday).
    await benChecksIn('flaky tests', fixedClock('2026-11-24T10:00:00Z'));
    await pulse(['--store', store, 'echo', 'list'], { clock: fixedClock('2026-11-25T19:00:00Z') });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.headers.authorization).toBe('Bearer sk-kept');
    expect(server.requests[1]?.body.messages?.[1]?.content).toContain('> flaky tests');

    // Neither key reached the store.
    for (const file of filesUnder(join(store, '..'))) {
      expect(file.text).not.toContain(KEY);
      expect(file.text).not.toContain('sk-kept');
    }

    const local = await openInstance(store, { clock: MONDAY, publicUrl: 'http://127.0.0.1:8080' });
    try {
      const ana = await local.admin.findPerson('ana@example.com');
      const { items } = await local.serviceFor(ana.id).listEchoAnswers(question.id);
      expect(items).toHaveLength(2);
      expect(items[1]?.body).toMatch(
        /^Ben is waiting on CI \[1\]\.\n\n### Sources\n\n1\. \[Ben Okafor's check-in/,
      );
    } finally {
      await local.close();
    }
  });
});

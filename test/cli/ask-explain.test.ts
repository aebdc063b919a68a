/**
 * `pulse ask --explain`: the reading printed before the answer, and a `reading` object with --json. Through
 * the built binary (as people run it), and in-process with a fixed clock where the dates matter.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { execPulse, initAnaAndBen, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { startServe } from '../helpers/serve-process.js';
import { tempDir } from '../helpers/temp.js';

describe('pulse ask --explain (the binary)', () => {
  const env = isolatedEnv();
  const store = join(tempDir(), 'pulse.db');
  const pulse = (args: string[]) => execPulse(['--store', store, ...args], { env });

  beforeAll(async () => {
    await initAnaAndBen(pulse);
  });

  it('prints how the question was read, then the answer', async () => {
    const result = await pulse(['ask', '--explain', 'Who on core mentioned ben and the vendor API?']);
    expect(result.exitCode, result.stderr).toBe(0);
    const [block, ...answer] = result.stdout.split('\n\n');
    expect(block).toBe(
      [
        'Read as: Ben Okafor mentioned · team Core · words "vendor", "api" · at any time',
        '  intent     who',
        '  themes     -',
        '  time       at any time',
        '  people     -',
        '  mentioned  Ben Okafor',
        '  teams      Core',
        '  terms      vendor, api',
      ].join('\n'),
    );
    const [ask] = JSON.parse((await pulse(['ask', 'list', '--json'])).stdout);
    // The answer follows as when asked without --explain: the Markdown stored.
    // (execa drops the final line break.)
    expect(answer.join('\n\n')).toBe(ask.body.trimEnd());
  });

  it('adds the reading to --json, people and teams by id and name', async () => {
    const result = await pulse(['ask', '--explain', '--json', 'Is ana blocked?']);
    expect(result.exitCode, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout);
    const me = JSON.parse((await pulse(['me', '--json'])).stdout);
    expect(json.prompt).toBe('Is ana blocked?');
    expect(json.reading).toEqual({
      description: 'yes or no · blockers · Ana Diaz · now',
      intent: 'yes-no',
      themes: ['blocked'],
      window: {
        from: json.reading.window.to,
        to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        phrase: 'now',
        sense: 'now',
        explicit: false,
      },
      people: [{ id: me.id, name: 'Ana Diaz' }],
      mentioned: [],
      teams: [],
      moods: [],
      confidence_at_most: null,
      activity_kinds: [],
      terms: [],
    });
    const plain = JSON.parse((await pulse(['ask', '--json', 'Is ana blocked?'])).stdout);
    expect(plain).not.toHaveProperty('reading');
  });

  it('--json reading selects the reading alone', async () => {
    const result = await pulse(['ask', '--explain', '--json', 'reading', 'What did Ben ship?']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(Object.keys(JSON.parse(result.stdout))).toEqual(['reading']);
  });
});

describe('pulse ask --explain (remote mode)', () => {
  it('reads the question in the client from the people and teams the server gives', async () => {
    const serverEnv = isolatedEnv();
    const store = join(tempDir(), 'server.db');
    const local = (args: string[]) => execPulse(['--store', store, ...args], { env: serverEnv });
    await initAnaAndBen(local);
    await local(['admin', 'team', 'add', '--name', 'Design Ops', '--member', 'ben@example.com']);
    const token = (await local(['admin', 'token', 'create', '--person', 'ben@example.com', '--name', 't']))
      .stdout;
    const server = await startServe(['--store', store], serverEnv);
    const env = isolatedEnv({ PULSE_BASE_URL: server.url, PULSE_TOKEN: token });
    const result = await execPulse(
      ['ask', '--explain', '--json', 'What is Ana waiting on from design ops?'],
      {
        env,
      },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const { reading, body } = JSON.parse(result.stdout);
    expect(reading).toMatchObject({
      description: 'blockers · Ana Diaz · team Design Ops · now',
      people: [{ name: 'Ana Diaz' }],
      teams: [{ name: 'Design Ops' }],
    });
    expect(body).toEqual(expect.any(String));
  });
});

describe('pulse ask --explain (the asker’s today)', () => {
  it('reads relative dates from the asker’s today', async () => {
    const env = isolatedEnv();
    const store = join(tempDir(), 'pulse.db');
    const pulse = (args: string[]) =>
      runInProcess(['--store', store, ...args], { env, clock: fixedClock('2026-11-23T10:00:00Z') });
    await initAnaAndBen(pulse);
    const result = await pulse(['ask', '--explain', '--no-wait', 'Who was out on Core last week?']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.split('\n').slice(0, 8)).toEqual([
      'Read as: absences · team Core · last week (Nov 16-22, 2026)',
      '  intent     who',
      '  themes     absent',
      '  time       last week (Nov 16-22, 2026): 2026-11-16 to 2026-11-22',
      '  people     -',
      '  mentioned  -',
      '  teams      Core',
      '  terms      -',
    ]);
  });
});

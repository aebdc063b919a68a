/**
 * People named as people say them, through the real binary: `@me`, emails, usernames and names in any
 * case and without accents, one word of a name when it names one person, the candidates of an ambiguous
 * word and the nearest names on a miss; on every flag that takes a person, and on the absence commands
 * (which name team members), locally and in remote mode.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { execPulse, isolatedEnv, type Result } from '../helpers/cli.js';
import { startServe } from '../helpers/serve-process.js';
import { storeChecksum } from '../helpers/store-checksum.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
const local = (args: string[]): Promise<Result> => execPulse(['--store', store, ...args], { env });
const ok = async (args: string[]) => {
  const result = await local(args);
  expect(result.exitCode, result.stderr).toBe(0);
  return result.stdout;
};
const checkIn = (who: string, date: string) => [
  '--as',
  who,
  'checkin',
  '--date',
  date,
  '--previous',
  'p',
  '--intentions',
  'i',
  '--blockers',
  'none',
  '--done',
];

/** Ana Díaz (administrator), Ben and Bea Okafor and Matsumoto Yuki in Core; a check-in each but Bea's. */
beforeAll(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  await ok(['init', '--name', 'Ana Díaz', '--email', 'ana@example.com', '--team', 'Core']);
  for (const [name, email] of [
    ['Ben Okafor', 'ben@example.com'],
    ['Bea Okafor', 'bea@example.com'],
    ['Matsumoto Yuki', 'yuki@example.com'],
  ]) {
    await ok([
      'admin',
      'person',
      'add',
      '--name',
      name as string,
      '--email',
      email as string,
      '--team',
      'Core',
    ]);
  }
  await ok(checkIn('ana@example.com', '2026-11-19'));
  await ok(checkIn('ben@example.com', '2026-11-19'));
  await ok(checkIn('yuki@example.com', '2026-11-20'));
});

const people = async (reference: string) =>
  (await ok(['checkin', 'list', '--person', reference, '--columns', 'person'])).split('\n');

describe('a person named on a flag', () => {
  it('takes @me, an email or a username in any case, a full name or one word of it without accents', async () => {
    expect(await people('@me')).toEqual(['Ana Díaz']);
    expect(await people('@ME')).toEqual(['Ana Díaz']);
    expect(await people('BEN@example.com')).toEqual(['Ben Okafor']);
    expect(await people('ana diaz')).toEqual(['Ana Díaz']);
    expect(await people('DÍAZ')).toEqual(['Ana Díaz']);
    expect(await people('yuki')).toEqual(['Matsumoto Yuki']);
    expect(await people('Matsumoto')).toEqual(['Matsumoto Yuki']);
    expect(JSON.parse(await ok(['people', 'view', 'matsumoto', '--json', 'email']))).toEqual({
      email: 'yuki@example.com',
    });
  });

  it('suggests the nearest names on a miss, with exit 3', async () => {
    const miss = await local(['checkin', 'list', '--person', 'Matsumot']);
    expect([miss.exitCode, miss.stdout, miss.stderr]).toEqual([
      3,
      '',
      "pulse: --person: no person 'Matsumot'. Did you mean Matsumoto Yuki?",
    ]);
    const typo = await local(['goal', 'list', '--person', 'Okafr']);
    expect([typo.exitCode, typo.stderr]).toEqual([
      3,
      "pulse: --person: no person 'Okafr'. Did you mean Bea Okafor or Ben Okafor?",
    ]);
    // An email is compared by its mailbox: every address shares the domain.
    const email = await local(['checkin', 'list', '--person', 'yuky@example.com']);
    expect([email.exitCode, email.stderr]).toEqual([
      3,
      "pulse: --person: no person 'yuky@example.com'. Did you mean Matsumoto Yuki?",
    ]);
    const nothing = await local(['checkin', 'list', '--person', 'zzzz']);
    expect([nothing.exitCode, nothing.stderr]).toEqual([3, "pulse: --person: no person 'zzzz'."]);
  });

  it('lists the candidates of a word that names several people, with exit 2, changing nothing', async () => {
    const before = storeChecksum(store);
    const ambiguous = await local(['goal', 'create', '--title', 'Ship it', '--owner', 'okafor']);
    expect([ambiguous.exitCode, ambiguous.stdout]).toEqual([2, '']);
    expect(ambiguous.stderr.split('\n')[0]).toBe(
      "pulse: --owner: 'okafor' names several people: Bea Okafor (bea@example.com), Ben Okafor (ben@example.com); name one by email or @username",
    );
    expect(storeChecksum(store)).toBe(before);
  });

  it('names team members the same way on the absence commands, me and @me included', async () => {
    expect(await ok(['absence', 'add', 'matsumoto', '--date', '2026-12-01'])).toContain(
      '2026-12-01  matsumoto-yuki  created',
    );
    expect(await ok(['absence', 'add', '@me', '--date', '2026-12-01'])).toContain(
      '2026-12-01  ana-diaz  created',
    );
    expect(await ok(['absence', 'add', 'diaz', '--date', '2026-12-01'])).toContain(
      '2026-12-01  ana-diaz  already set',
    );
    const miss = await local(['absence', 'add', 'Matsumot', '--date', '2026-12-02']);
    expect([miss.exitCode, miss.stderr]).toEqual([
      3,
      "pulse: no member 'Matsumot' in this team. Did you mean Matsumoto Yuki?",
    ]);
  });
});

describe('remote mode', () => {
  it('resolves names through the server the same way', async () => {
    const token = (await ok(['admin', 'token', 'create', '--person', 'ana@example.com'])).trim();
    const server = await startServe(['--store', store], env);
    try {
      const remote = (args: string[]) =>
        execPulse(args, { env: isolatedEnv({ PULSE_BASE_URL: server.url, PULSE_TOKEN: token }) });
      const found = await remote(['checkin', 'list', '--person', 'matsumoto', '--columns', 'person']);
      expect([found.exitCode, found.stdout]).toEqual([0, 'Matsumoto Yuki']);
      const me = await remote(['checkin', 'list', '--person', '@me', '--columns', 'person']);
      expect([me.exitCode, me.stdout]).toEqual([0, 'Ana Díaz']);
      const miss = await remote(['checkin', 'list', '--person', 'Matsumot']);
      expect([miss.exitCode, miss.stderr]).toEqual([
        3,
        "pulse: --person: no person 'Matsumot'. Did you mean Matsumoto Yuki?",
      ]);
    } finally {
      await server.stop();
    }
  });
});

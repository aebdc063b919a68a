/** The search's stemmer and the one-line description of a reading that answers show. */
import { describe, expect, it } from 'vitest';
import { describeReading } from '../../src/core/answers/describe.js';
import type { Reading } from '../../src/core/answers/question.js';
import { type ReadingContext, readPrompt } from '../../src/core/answers/reading.js';
import { stem } from '../../src/core/answers/stem.js';
import type { TeamRow } from '../../src/core/repository.js';
import { personRow } from '../helpers/rows.js';

describe('stem', () => {
  it('maps the forms of a word to one stem', () => {
    const same = (words: string[]) => expect(new Set(words.map(stem)).size, words.join(' ')).toBe(1);
    same(['ship', 'ships', 'shipped', 'shipping']);
    same(['release', 'released', 'releases', 'releasing']);
    same(['api', 'apis', 'API']);
    same(['block', 'blocked', 'blocking', 'blocks']);
    same(['plan', 'plans', 'planned', 'planning']);
    same(['policy', 'policies']);
    same(['fix', 'fixes', 'fixed', 'fixing']);
    same(['need', 'needs', 'needed']);
    same(['migrate', 'migrated', 'migrating']);
    same(['key', 'keys']);
    expect(stem('ship')).toBe('ship');
    expect(stem('releasing')).toBe('releas');
    expect(stem('apis')).toBe('api');
  });

  it('leaves short words, -ss and -us endings, and words without a vowel before the suffix', () => {
    expect(stem('bus')).toBe('bus');
    expect(stem('status')).toBe('status');
    expect(stem('access')).toBe('access');
    expect(stem('thing')).toBe('thing');
    expect(stem('bring')).toBe('bring');
    expect(stem('release-2')).toBe('release-2');
    expect(stem("Ben's")).toBe('ben');
  });

  it('keeps different words apart', () => {
    expect(stem('shipping')).not.toBe(stem('shopping'));
    expect(stem('blocker')).not.toBe(stem('block')); // "blocker" is a theme word, never searched
  });
});

const team = (id: string, name: string): TeamRow => ({
  id,
  name,
  description: null,
  private: false,
  completion_tracking: true,
  mood_tracking: true,
  questions: null,
  report_days: ['monday'],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});
const ana = personRow('a', 'Ana Diaz', { username: 'ana' });
const gina = personRow('g', 'Gina Rossi', { username: 'gina' });
const ben = personRow('b', 'Ben Okafor', { username: 'ben' });
const context: ReadingContext = {
  today: '2026-11-23',
  asker: ana,
  people: [ana, gina, ben],
  teams: [team('t1', 'Atlas'), team('t2', 'Mobile')],
};
const line = (prompt: string, asker?: { id: string }) => describeReading(readPrompt(prompt, context), asker);

describe('describeReading', () => {
  it('says the themes, people, teams, words and time in one line', () => {
    expect(line('Who on Atlas reported blockers last week?')).toBe(
      'blockers · team Atlas · last week (Nov 16-22, 2026)',
    );
    expect(line('Who is out while waiting on Gina?')).toBe('blockers, absences · Gina Rossi mentioned · now');
    expect(line("How many people haven't checked in today?")).toBe(
      'count of people · missing check-ins · today (Nov 23, 2026)',
    );
    expect(line('Was Ben stressed on Atlas or Mobile in October?')).toBe(
      'yes or no · moods (stressed) · Ben Okafor · teams Atlas and Mobile · in October 2026',
    );
    expect(line('Which goals are off track?')).toBe('goals off track · now');
    expect(line('Who mentioned the vendor API keys?')).toBe('words "vendor", "api", "keys" · at any time');
    expect(line('Summarise yesterday')).toBe('everything · yesterday (Nov 22, 2026)');
  });

  it('names the asker "you" when told who asks', () => {
    expect(line('What did I get done last week?', ana)).toBe('work done · you · last week (Nov 16-22, 2026)');
    expect(line('Who is waiting on me?', ana)).toBe('blockers · you mentioned · now');
    expect(line('What did I get done last week?')).toBe('work done · Ana Diaz · last week (Nov 16-22, 2026)');
  });

  it('says an Echo period as the window it is', () => {
    const reading: Reading = readPrompt('What blocked us?', {
      ...context,
      period: { start: '2026-11-16', end: '2026-11-22' },
    });
    expect(describeReading(reading)).toBe('blockers · during Nov 16-22, 2026');
  });
});

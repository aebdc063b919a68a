/** How the CLI reads what people type: dates, answers files, limits, global options. */
import { describe, expect, it } from 'vitest';
import { parseAnswersFile } from '../../src/cli/commands/checkin/answers-file.js';
import { parseDateWord } from '../../src/cli/dates.js';
import { UsageError } from '../../src/cli/errors.js';
import { parseLimit } from '../../src/cli/paging.js';

describe('date words', () => {
  const today = '2026-11-25'; // a wednesday
  it('reads dates, relative words and weekdays (most recent, today included)', () => {
    expect(parseDateWord('2026-01-02', today, '--since')).toBe('2026-01-02');
    expect(parseDateWord('Today', today, '--since')).toBe(today);
    expect(parseDateWord('yesterday', today, '--since')).toBe('2026-11-24');
    expect(parseDateWord('tomorrow', today, '--since')).toBe('2026-11-26');
    expect(parseDateWord('wednesday', today, '--since')).toBe(today);
    expect(parseDateWord('MONDAY', today, '--since')).toBe('2026-11-23');
    expect(parseDateWord('thursday', today, '--since')).toBe('2026-11-19');
  });
  it('reads a window as its first day, or its last for a flag naming an end; a weekday ahead there', () => {
    expect(parseDateWord('last week', today, '--since')).toBe('2026-11-16');
    expect(parseDateWord('last week', today, '--until', { edge: 'end' })).toBe('2026-11-22');
    expect(parseDateWord('thursday', today, '--end', { edge: 'end', direction: 'future' })).toBe(
      '2026-11-26',
    );
  });
  it('names the flag when a value is not a date', () => {
    expect(() => parseDateWord('2026-02-30', today, '--until')).toThrow(
      new UsageError(
        '--until: not a date: 2026-02-30 (try 2026-11-20, today, yesterday, tomorrow, friday, last friday, next friday, 3 days ago, last week, this month, in October, since friday, the last 3 days, end of last month, 3d, 2w)',
      ),
    );
  });
  it('asks for today only when a relative word needs it', () => {
    const never = () => {
      throw new Error('today was not needed');
    };
    expect(parseDateWord('2026-01-02', never, '--since')).toBe('2026-01-02');
  });
});

describe('answers files', () => {
  it('reads Markdown sections under their aliases, keeping inner Markdown', () => {
    const text =
      '# Yesterday\n\nFixed #12 and **shipped**\n\n### Today?\n- a\n- b\n## blockers\nnone\n## Mood\n Happy \n## Previous completed\nyes\n';
    expect(parseAnswersFile(text, 'f.md')).toEqual({
      previous: 'Fixed #12 and **shipped**',
      intentions: '- a\n- b',
      blockers: 'none',
      mood: 'happy',
      previous_completed: true,
    });
  });
  it('reads JSON and rejects wrong types, naming the source', () => {
    expect(parseAnswersFile(' {"previous": "a", "previous_completed": false}', 'x.json')).toEqual({
      previous: 'a',
      previous_completed: false,
    });
    expect(() => parseAnswersFile('{"mood": "grumpy"}', 'x.json')).toThrow(/x.json: unknown mood "grumpy"/);
    expect(() => parseAnswersFile('{"previous_completed": "yes"}', 'x.json')).toThrow(
      /previous_completed must be true, false or null/,
    );
    expect(() => parseAnswersFile('{', 'x.json')).toThrow(/x.json: not valid JSON/);
    expect(() => parseAnswersFile('[1]', 'x.json')).toThrow(/expected a JSON object/);
  });
  it('points at the line of a problem in Markdown', () => {
    expect(() => parseAnswersFile('hello\n## Previous\nx', 'f.md')).toThrow(
      /f.md:1: text before the first section/,
    );
    expect(() => parseAnswersFile('## Previous\nx\n## Completed\nperhaps', 'f.md')).toThrow(
      /f.md:3: "Completed" must be yes or no/,
    );
  });
});

describe('--limit', () => {
  it('defaults to 30, takes positive whole numbers, and --all means no limit', () => {
    expect(parseLimit(undefined, undefined)).toBe(30);
    expect(parseLimit('7', undefined)).toBe(7);
    expect(parseLimit(undefined, true)).toBe(Number.POSITIVE_INFINITY);
    for (const bad of ['0', '-1', '1.5', 'ten']) expect(() => parseLimit(bad, undefined)).toThrow(UsageError);
    expect(() => parseLimit('5', true)).toThrow(/--limit and --all cannot be used together/);
  });
});

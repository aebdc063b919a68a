/**
 * fast-check over every value option of every command (but serve and admin seed, which would listen
 * or write for long): arbitrary strings, numbers, dates and odd words. Never a crash: a documented exit
 * code, and when refused one line (at most with the usage hint), no raw control characters, the store
 * unchanged. 300 runs; PULSE_SOAK=1 runs 5000 with a fresh seed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attempt, contextOf, leaves, line, RAW_CONTROL, SOAK, useSeededStore } from './cli-input-cases.js';

useSeededStore('cli-bad-input-property');

describe('arbitrary values (fast-check)', () => {
  it(
    'never crash: a documented exit code, one line when refused, the store unchanged then',
    async () => {
      const targets = leaves()
        .filter((leaf) => leaf.path[0] !== 'serve' && leaf.path.join(' ') !== 'admin seed')
        .flatMap((leaf) => leaf.valueOptions.map((option) => ({ leaf, flag: option.long as string })));
      const value = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ unit: 'grapheme-composite', maxLength: 20 }),
        fc.integer().map(String),
        fc.double().map(String),
        fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
        fc
          .tuple(
            fc.integer({ min: 0, max: 9999 }),
            fc.integer({ min: 0, max: 99 }),
            fc.integer({ min: 0, max: 99 }),
          )
          .map(
            ([year, month, day]) =>
              `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
          ),
        fc.constantFrom(
          '',
          ' ',
          '-',
          '--',
          '-1',
          '0',
          'NaN',
          'Infinity',
          '1e309',
          'null',
          '{}',
          '[]',
          '%s',
          '$HOME',
        ),
      );
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...targets), value, async ({ leaf, flag }, given) => {
          runs++;
          // A value commander would read as another option is not a value.
          fc.pre(!given.startsWith('-') || /^-\d/.test(given));
          const key = leaf.path.join(' ');
          const args = [...line(leaf), ...contextOf(key, flag), flag, given];
          const result = await attempt(args);
          const lines = result.stderr.split('\n').filter((text) => text !== '');
          expect([0, 2, 3, 8], `pulse ${args.join(' ')}: ${result.stderr}`).toContain(result.exitCode);
          if (result.exitCode !== 0) {
            expect(result.changed, `pulse ${args.join(' ')}`).toBe(false);
            expect(lines.length, result.stderr).toBeGreaterThanOrEqual(1);
            // A value that names a subcommand group (`pulse ask --json key`: key is no field of ask, so it
            // stays an argument) reaches the group without its subcommand, which shows the group's usage,
            // by design, with exit 2. Anything else refused is one or two lines.
            const groupUsage = result.exitCode === 2 && result.stderr.startsWith('Usage: pulse ');
            if (!groupUsage) expect(lines.length, result.stderr).toBeLessThanOrEqual(2);
            expect(result.stderr).not.toMatch(RAW_CONTROL);
            expect(result.stderr).not.toMatch(/TypeError|Cannot read|undefined|\bat .*\.ts:/);
          }
        }),
        { numRuns: SOAK ? 5_000 : 300, seed: SOAK ? Date.now() : 9 },
      );
      console.log(
        `cli-bad-input-property: fast-check ran ${runs} arbitrary values over ${targets.length} options`,
      );
    },
    SOAK ? 1_800_000 : 120_000,
  );
});

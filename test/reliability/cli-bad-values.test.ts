/**
 * A bad value for every value option of every command (cli-input-cases.ts lists them by option): one
 * line naming the option (or the field it sets, or the value), exit 2 or 3, the store unchanged. Free
 * text (empty, overlong, control characters, odd Unicode) may be taken (0) or refused (2).
 */
import { describe, expect, it } from 'vitest';
import {
  badValues,
  contextOf,
  expectRefused,
  failures,
  leaves,
  line,
  namesOf,
  useSeededStore,
} from './cli-input-cases.js';

useSeededStore('cli-bad-values');

describe('every value option', () => {
  it('refuses a bad value of every value option, naming the option', async () => {
    failures.length = 0;
    for (const leaf of leaves()) {
      for (const option of leaf.valueOptions) {
        const flag = option.long as string;
        const bad = badValues(leaf.path.join(' '), flag, leaf.command);
        if (bad === undefined) {
          failures.push(`no bad values for ${leaf.path.join(' ')} ${flag}`);
          continue;
        }
        for (const { value, codes = [2], names = namesOf(flag, value) } of bad) {
          await expectRefused(
            [...line(leaf), ...contextOf(leaf.path.join(' '), flag), flag, value],
            names,
            codes,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

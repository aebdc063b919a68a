/** The full collection a walk asks for (cli/heap.ts), from a process started without --expose-gc. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { collectGarbage } from '../../src/cli/heap.js';

it('collects what nothing holds any more, each time it is asked', async () => {
  expect(process.execArgv).not.toContain('--expose-gc');
  for (let round = 0; round < 2; round++) {
    const held = new WeakRef({ rows: Array.from({ length: 1000 }, (_, index) => `row ${index}`) });
    // A WeakRef's target is kept until the job that made it ends.
    await nextTurn();
    collectGarbage();
    expect(held.deref()).toBeUndefined();
  }
});

/**
 * TransactionContext (src/store/sql/transaction-context.ts): a transaction's context reaches everything
 * its run awaits, overlapping runs keep their own, and once no run is in flight the process carries no
 * async hook for it (on Node 20 and 22 an enabled AsyncLocalStorage tags every new promise).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { TransactionContext } from '../../src/store/sql/transaction-context.js';

/** Whether an async hook tagged a promise made now: an AsyncLocalStorage's hooks are installed. */
const promisesTagged = () => Object.getOwnPropertySymbols(Promise.resolve()).length > 0;
/** Node 24 carries contexts in frames, not hooks: there a promise is never tagged. */
const hookBased = Number(process.versions.node.split('.')[0]) < 24;

describe('TransactionContext', () => {
  it('gives a run its value across awaits and timers, and nothing outside', async () => {
    const context = new TransactionContext<string>();
    expect(context.get()).toBeUndefined();
    const seen = await context.run('t1', async () => {
      const first = context.get();
      await sleep(5);
      const afterTimer = await new Promise<string | undefined>((resolve) =>
        setImmediate(() => resolve(context.get())),
      );
      return [first, context.get(), afterTimer];
    });
    expect(seen).toEqual(['t1', 't1', 't1']);
    expect(context.get()).toBeUndefined();
  });

  it('keeps overlapping runs apart, and the later one its value when the earlier one ends', async () => {
    const context = new TransactionContext<string>();
    let releaseFirst = () => {};
    const firstMayEnd = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const first = context.run('first', async () => {
      await firstMayEnd;
      return context.get();
    });
    const second = context.run('second', async () => {
      await sleep(1);
      releaseFirst();
      await first;
      await sleep(5);
      return context.get();
    });
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(context.get()).toBeUndefined();
  });

  it('gives nothing to what a run left behind once no run is in flight', async () => {
    const context = new TransactionContext<string>();
    let later: Promise<string | undefined> = Promise.resolve(undefined);
    await context.run('done', async () => {
      later = sleep(10).then(() => context.get());
    });
    expect(await later).toBeUndefined();
  });

  it('passes a failure on and counts the run as ended', async () => {
    const context = new TransactionContext<number>();
    await expect(
      context.run(1, async () => {
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(context.get()).toBeUndefined();
    expect(await context.run(2, async () => context.get())).toBe(2);
  });

  it('leaves no async hook installed once its runs have settled', async () => {
    const before = promisesTagged();
    const context = new TransactionContext<number>();
    const during = await context.run(1, async () => promisesTagged());
    await Promise.all([context.run(2, () => sleep(2)), context.run(3, () => sleep(4))]);
    expect(during).toBe(hookBased);
    expect(promisesTagged()).toBe(before);
    expect(before).toBe(false);
  });
});

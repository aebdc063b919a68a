/**
 * The store's Repository answers the list reads before it loads the rest (with Kysely), loads that once
 * on the first other call, and from then on answers everything from what it loaded. Closing works before
 * and after loading.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadedOnFirstCall } from '../../src/core/loaded-on-first-call.js';
import { openSqliteRepository } from '../../src/store/open.js';
import { personRow } from '../helpers/rows.js';
import { tempDir } from '../helpers/temp.js';

interface Greeter {
  name: string;
  hello(): Promise<string>;
  bye(): Promise<string>;
}

describe('loadedOnFirstCall', () => {
  it('answers known members without loading, loads once for the rest, then answers all from the loaded object', async () => {
    let loads = 0;
    const loaded: Greeter = {
      name: 'loaded',
      hello: async () => 'hello from loaded',
      bye: async () => 'bye from loaded',
    };
    const greeter = loadedOnFirstCall<Greeter>(
      async () => {
        loads++;
        return loaded;
      },
      { name: 'known', hello: async () => 'hello from known' },
    );
    expect(greeter.name).toBe('known');
    expect(await greeter.hello()).toBe('hello from known');
    expect(loads).toBe(0);
    expect(await Promise.all([greeter.bye(), greeter.bye()])).toEqual(['bye from loaded', 'bye from loaded']);
    expect(loads).toBe(1);
    expect(greeter.name).toBe('loaded');
    expect(await greeter.hello()).toBe('hello from loaded');
    // Awaiting the stand-in gives the stand-in, not a call of a `then` method.
    expect(await greeter).toBe(greeter);
  });
});

describe('the SQLite Repository', () => {
  it('reads and closes without loading the rest, and writes, reads and closes after loading it', async () => {
    const path = join(tempDir(), 'pulse.db');
    const first = await openSqliteRepository(path);
    expect(await first.findPerson('nobody')).toBeUndefined();
    await first.close();
    await expect(first.findPerson('nobody')).rejects.toThrow(/not open/);

    const second = await openSqliteRepository(path);
    await second.insertPerson(personRow('ana', 'Ana', { createdAt: '2026-11-01T00:00:00.000Z' }));
    expect((await second.findPerson('ana'))?.name).toBe('Ana');
    expect((await second.peopleByIds(['ana'])).map((person) => person.id)).toEqual(['ana']);
    await second.close();
    await expect(second.findPerson('ana')).rejects.toThrow(/not open/);
  });
});

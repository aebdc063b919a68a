/**
 * The reads written as SQL (src/store/sql): fragments compose with their parameters in order, and the
 * reads run as the builder's queries do: prepared once (the store's statement cache), reported to the
 * query observer, inside a transaction on its connection, and outside one only once it has ended; no
 * transaction's context outlives it.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PersonRow } from '../../src/core/repository.js';
import { openSqliteRepository } from '../../src/store/open.js';
import { or, sql, where } from '../../src/store/sql/sql.js';
import { sqliteDriver } from '../../src/store/sqlite-driver.js';
import { personRow } from '../helpers/rows.js';
import { tempDir } from '../helpers/temp.js';

const T = '2026-11-01T00:00:00.000Z';

const person = (id: string) => personRow(id, id, { createdAt: T });

describe('SQL fragments', () => {
  it('bind each value to a ?, an array to an IN list, and inline nested fragments in parameter order', () => {
    const team = sql`t.id IN (${['a', 'b']})`;
    const query = sql`SELECT * FROM t ${where([sql`t.x = ${1}`, or([team, sql`t.y = ${null}`])])} LIMIT ${5}`;
    expect(query.text).toBe('SELECT * FROM t WHERE t.x = ? AND (t.id IN (?, ?) OR t.y = ?) LIMIT ?');
    expect(query.parameters).toEqual([1, 'a', 'b', null, 5]);
  });

  it('give no WHERE without conditions, and no parentheses around a lone OR operand', () => {
    expect(sql`SELECT 1 ${where([])}`.text).toBe('SELECT 1 ');
    expect(or([sql`a = ${1}`])).toEqual(sql`a = ${1}`);
  });
});

describe('reads written as SQL', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('are prepared once, and reported to the query observer with their parameters', async () => {
    const observed: [string, readonly unknown[]][] = [];
    const repo = await openSqliteRepository(join(tempDir(), 'pulse.db'), {
      onQuery: (text, parameters) => observed.push([text, parameters]),
    });
    await repo.insertPerson(person('ana'));
    // The driver's own prepare: what the statement cache saves.
    const driver = sqliteDriver();
    const prepare =
      driver.name === 'node'
        ? vi.spyOn(driver.module.DatabaseSync.prototype, 'prepare')
        : vi.spyOn(driver.Database.prototype, 'prepare');
    expect((await repo.findPerson('ana'))?.email).toBe('ana@example.com');
    expect(await repo.findPerson('bob')).toBeUndefined();
    const text = 'SELECT * FROM people WHERE id = ?';
    expect(prepare.mock.calls.filter(([prepared]) => prepared === text)).toHaveLength(1);
    expect(observed.filter(([observedText]) => observedText === text)).toEqual([
      [text, ['ana']],
      [text, ['bob']],
    ]);
    await repo.close();
  });

  it('run inside a transaction on its connection, and outside one only after it ended (no rolled-back write seen)', async () => {
    const repo = await openSqliteRepository(join(tempDir(), 'pulse.db'));
    let insideSaw: PersonRow | undefined;
    let written = () => {};
    const inTransaction = new Promise<void>((resolve) => {
      written = resolve;
    });
    const failed = repo.transaction(async () => {
      await repo.insertPerson(person('ana'));
      insideSaw = await repo.findPerson('ana');
      written();
      // Long enough for a read that did not wait for the transaction to have run.
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('rolled back');
    });
    await inTransaction;
    // Here, outside the transaction's scope, while it is open.
    const outside = repo.findPerson('ana');
    await expect(failed).rejects.toThrow('rolled back');
    expect(insideSaw?.id).toBe('ana');
    expect(await outside).toBeUndefined();
    await repo.close();
  });

  it('leave no async hook behind once transactions have ended (a served process would pay for it on every request)', async () => {
    // On Node 20 and 22 an enabled AsyncLocalStorage tags every new promise with its store.
    const promisesTagged = () => Object.getOwnPropertySymbols(Promise.resolve()).length > 0;
    const before = promisesTagged();
    const repo = await openSqliteRepository(join(tempDir(), 'pulse.db'));
    let during = false;
    await repo.transaction(async () => {
      await repo.insertPerson(person('ana'));
      during = promisesTagged();
      expect((await repo.findPerson('ana'))?.id).toBe('ana');
    });
    await Promise.all([repo.insertPerson(person('ben')), repo.insertPerson(person('cy'))]);
    expect(during).toBe(Number(process.versions.node.split('.')[0]) < 24);
    expect(promisesTagged()).toBe(before);
    expect(before).toBe(false);
    await repo.close();
  });
});

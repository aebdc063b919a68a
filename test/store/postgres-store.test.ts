/**
 * The store on PostgreSQL below the HTTP interface (the contract suite covers what it answers): several
 * instances opening one fresh database, the shared data version, and transactions taking turns.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresRepository, type PostgresStoreRepository } from '../../src/store/postgres/open.js';
import { steppingClock } from '../helpers/clock.js';
import { createDatabase, dropDatabase } from '../helpers/postgres.js';
import { createFixture } from '../helpers/store.js';
import { postgresServer } from '../helpers/system-parts.js';

// The run's PostgreSQL when it answers; without it these tests skip, saying why (CI requires it).
const server = await postgresServer();

describe.skipIf(!server)('the store on PostgreSQL', () => {
  const databases: string[] = [];
  const repos: PostgresStoreRepository[] = [];
  afterAll(async () => {
    await Promise.all(repos.map((repo) => repo.close()));
    await Promise.all(databases.map(dropDatabase));
  });

  async function instances(count: number): Promise<PostgresStoreRepository[]> {
    const url = await createDatabase(server as string);
    databases.push(url);
    const opened = await Promise.all(Array.from({ length: count }, () => openPostgresRepository(url)));
    repos.push(...opened);
    return opened;
  }

  /** A write by someone other than pulse (psql, say) to the latest database. */
  async function writeAside(text: string): Promise<void> {
    const client = new pg.Client({ connectionString: databases.at(-1) });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }

  it("walks the check-in list with a cursor (the row value seeks on PostgreSQL's index too)", async () => {
    const location = await createDatabase(server as string);
    databases.push(location);
    const clock = steppingClock('2026-11-23T10:00:00Z');
    const { store, ids } = await createFixture(clock, { location });
    try {
      const answers = { previous: 'a', intentions: 'b', blockers: 'none', mood: 'calm' };
      for (const date of ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-23'])
        for (const person of [ids.ana, ids.ben, ids.cy]) {
          await store.serviceFor(person).updateCheckIn(date, answers);
          clock.advance(1_000);
        }
      const service = store.serviceFor(ids.ana);
      const listed = (await service.listCheckIns({ per_page: 50 })).items.map((checkIn) => checkIn.id);
      expect(listed).toHaveLength(12);
      const walked: string[][] = [];
      for await (const batch of service.walkCheckIns({ per_page: 5 }))
        walked.push(batch.map((checkIn) => checkIn.id));
      expect(walked.map((batch) => batch.length)).toEqual([5, 5, 2]);
      expect(walked.flat()).toEqual(listed);
    } finally {
      await store.close();
    }
  });

  it('migrates a fresh database once when three instances open it at the same time', async () => {
    const [first, second, third] = await instances(3);
    for (const repo of [first, second, third]) expect(await repo?.account()).toBeUndefined();
    await first?.createAccount({ id: 'a1', name: 'Acme' }, '2026-11-23T10:00:00.000Z');
    expect(await third?.account()).toEqual({ id: 'a1', name: 'Acme' });
  });

  it('moves the data version on any write, by any instance or by anyone else, once read again', async () => {
    const [writer, reader] = (await instances(2)) as [PostgresStoreRepository, PostgresStoreRepository];
    await reader.refreshDataVersion();
    const before = reader.dataVersion();
    const writerBefore = writer.dataVersion();
    await writer.setDefaultPersonId('p1');
    // The writer's own version moves at once; another instance's at its next reading.
    expect(writer.dataVersion()).not.toBe(writerBefore);
    expect(reader.dataVersion()).toBe(before);
    const inTransaction = writer.dataVersion();
    await writer.transaction(async () => {});
    expect(writer.dataVersion()).not.toBe(inTransaction);
    await new Promise((resolve) => setImmediate(resolve));
    await reader.refreshDataVersion();
    const afterInstance = reader.dataVersion();
    expect(afterInstance).not.toBe(before);

    await writeAside(`UPDATE settings SET value = 'p2'`);
    await new Promise((resolve) => setImmediate(resolve));
    await reader.refreshDataVersion();
    expect(reader.dataVersion()).not.toBe(afterInstance);
  });

  it('runs one store transaction at a time across instances, as BEGIN IMMEDIATE does on SQLite', async () => {
    const [first, second] = (await instances(2)) as [PostgresStoreRepository, PostgresStoreRepository];
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const one = first.transaction(async () => {
      order.push('first begins');
      entered();
      await held;
      await first.setDefaultPersonId('from-first');
      order.push('first commits');
    });
    await inside;
    const two = second.transaction(async () => {
      order.push('second begins');
      await second.setDefaultPersonId('from-second');
    });
    // The second waits on the first's turn; the first still holds it after a while.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(order).toEqual(['first begins']);
    release();
    await Promise.all([one, two]);
    expect(order).toEqual(['first begins', 'first commits', 'second begins']);
    expect(await first.defaultPersonId()).toBe('from-second');
  });

  it('rolls a failed transaction back: its writes, and the version other instances read', async () => {
    const [repo, other] = (await instances(2)) as [PostgresStoreRepository, PostgresStoreRepository];
    await other.refreshDataVersion();
    const before = other.dataVersion();
    await expect(
      repo.transaction(async () => {
        await repo.setDefaultPersonId('never');
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await repo.defaultPersonId()).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    await other.refreshDataVersion();
    expect(other.dataVersion()).toBe(before);
  });
});

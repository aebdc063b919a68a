/**
 * Lists sorted by name come out in the same order on PostgreSQL as on SQLite, even on a database whose
 * own collation is a language's (here ICU en-US, which puts "ana" before "Ben"; bytes put "Ben" first).
 */
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/instance.js';
import { steppingClock } from '../helpers/clock.js';
import { dropDatabase } from '../helpers/postgres.js';
import { openInstance } from '../helpers/store.js';
import { postgresServer } from '../helpers/system-parts.js';
import { tempDir } from '../helpers/temp.js';

// The run's PostgreSQL when it answers; without it these tests skip, saying why (CI requires it).
const server = await postgresServer();

const NAMES = ['ana', 'Ben', 'Zed', 'ábc', 'a-b', 'ab'];

/** A database whose default collation is ICU's en-US, not C. */
async function languageOrderedDatabase(serverUrl: string): Promise<string> {
  const name = `pulse_icu_${process.pid}`;
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(
      `CREATE DATABASE ${name} LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8' TEMPLATE template0`,
    );
  } finally {
    await client.end();
  }
  return `${serverUrl}/${name}`;
}

async function peopleInOrder(store: Instance): Promise<string[]> {
  const adminId = await store.admin.initialise({
    name: 'Admin',
    email: 'admin@example.com',
    timeZone: 'UTC',
  });
  for (const [index, name] of NAMES.entries())
    await store.admin.addPerson({ name, email: `p${index}@example.com`, timeZone: 'UTC' });
  const page = await store.serviceFor(adminId).listPeople({ per_page: 50 });
  return page.items.map((person) => person.name);
}

describe.skipIf(!server)('text order on PostgreSQL', () => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });

  it('sorts names as bytes, as SQLite does, on a database with a language collation', async () => {
    const url = await languageOrderedDatabase(server as string);
    cleanUps.push(() => dropDatabase(url));
    const options = { clock: steppingClock('2026-11-23T10:00:00.000Z'), publicUrl: 'http://pulse.test' };
    const onPostgres = await openInstance(url, options);
    cleanUps.push(() => onPostgres.close());
    const onSqlite = await openInstance(join(tempDir(), 'store.db'), options);
    cleanUps.push(() => onSqlite.close());

    const sqliteOrder = await peopleInOrder(onSqlite);
    expect(sqliteOrder).toEqual(['Admin', 'Ben', 'Zed', 'a-b', 'ab', 'ana', 'ábc']);
    expect(await peopleInOrder(onPostgres)).toEqual(sqliteOrder);

    // The columns changed, not the database: an expression that is no column keeps its language order.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const order = await client.query(`SELECT unnest(ARRAY['Ben', 'ana']) AS name ORDER BY name`);
      expect(order.rows.map((row) => row.name)).toEqual(['ana', 'Ben']);
    } finally {
      await client.end();
    }
  });
});

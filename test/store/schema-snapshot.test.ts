/**
 * The schema a fresh store gets, as snapshots: existing stores have run the migrations, so a change to a
 * migration must leave the DDL it produces exactly as it was (SQLite's sqlite_master text, PostgreSQL's
 * catalogue as information_schema and pg_indexes describe it).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteRepository } from '../../src/store/open.js';
import { openPostgresRepository } from '../../src/store/postgres/open.js';
import { openSqlite } from '../../src/store/sqlite-driver.js';
import { createDatabase, dropDatabase } from '../helpers/postgres.js';
import { postgresServer } from '../helpers/system-parts.js';

describe('the schema of a fresh store', () => {
  const folder = mkdtempSync(join(tmpdir(), 'pulse-schema-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('on SQLite', async () => {
    const path = join(folder, 'store.db');
    const repo = await openSqliteRepository(path);
    await repo.close();
    expect(existsSync(path)).toBe(true);
    const native = openSqlite(path, { readonly: true });
    try {
      const rows = native
        .prepare(
          'SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name',
        )
        .all() as { type: string; name: string; tbl_name: string; sql: string }[];
      const version = native.pragma('user_version', { simple: true });
      const text = [
        `user_version ${version}`,
        ...rows.map((row) => `${row.type} ${row.name} (${row.tbl_name})\n${row.sql};`),
      ].join('\n\n');
      await expect(`${text}\n`).toMatchFileSnapshot('./__snapshots__/sqlite-schema.sql');
    } finally {
      native.close();
    }
  });
});

const server = await postgresServer();

describe.skipIf(!server)('the schema of a fresh store on PostgreSQL', () => {
  const databases: string[] = [];
  afterAll(async () => {
    await Promise.all(databases.map(dropDatabase));
  });

  it('on PostgreSQL', async () => {
    const url = await createDatabase(server as string);
    databases.push(url);
    const repo = await openPostgresRepository(url);
    await repo.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const columns = await client.query(
        `SELECT table_name, column_name, data_type, is_nullable, column_default, collation_name
         FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
      );
      const constraints = await client.query(
        `SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition
         FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`,
      );
      const indexes = await client.query(
        `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2`,
      );
      const triggers = await client.query(
        `SELECT event_object_table, trigger_name, event_manipulation, action_statement
         FROM information_schema.triggers WHERE trigger_schema = 'public' ORDER BY 1, 2, 3`,
      );
      const lines = [
        '-- columns',
        ...columns.rows.map((row) => Object.values(row).join(' | ')),
        '-- constraints',
        ...constraints.rows.map((row) => Object.values(row).join(' | ')),
        '-- indexes',
        ...indexes.rows.map((row) => Object.values(row).join(' | ')),
        '-- triggers',
        ...triggers.rows.map((row) => Object.values(row).join(' | ')),
      ];
      await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/postgres-schema.txt');
    } finally {
      await client.end();
    }
  });
});

/**
 * The data version on PostgreSQL: what SQLite's PRAGMA data_version is to one file, for every instance
 * on one database. `pulse_data_version` holds one counter, bumped by a statement-level BEFORE trigger on
 * every table (any write, whoever makes it: an instance, a cascade, psql) and at the start of every
 * transaction of the store.
 *
 * Tables named pulse_* are the deployment's bookkeeping (this counter, rate-limit counters, job leases),
 * not data any response shows: they get no trigger, so writing them neither moves the version (which
 * would empty every instance's response caches) nor takes the counter's lock (which would make every
 * rate-limited request queue behind the writers).
 *
 * The bump is an UPDATE of one row, so it commits (and becomes visible) with the writes it counts: an
 * instance that reads the new counter also reads the new rows. It also holds that row's lock to the end
 * of the transaction, which makes the store's writers take turns as SQLite's BEGIN IMMEDIATE does; taking
 * it BEFORE any row is touched gives every writer the same lock order, so they queue and never deadlock.
 */
import { type Kysely, sql } from 'kysely';

/** Tables that are not data: see above (`_` is LIKE's one-character wildcard, so it is escaped). */
export const BOOKKEEPING = 'pulse\\_%';

/** The statement that bumps the counter (the store's transactions run it first). */
export const BUMP = sql`UPDATE pulse_data_version SET version = version + 1 WHERE id = 1`;

/**
 * Creates the counter and a trigger on every table of the store that lacks one; safe to run again (after a
 * migration), and then it locks no table.
 */
export async function installDataVersion(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS pulse_data_version (id INTEGER PRIMARY KEY, version BIGINT NOT NULL)`.execute(
    db,
  );
  await sql`INSERT INTO pulse_data_version (id, version) VALUES (1, 0) ON CONFLICT DO NOTHING`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION pulse_bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE pulse_data_version SET version = version + 1 WHERE id = 1;
      RETURN NULL;
    END $$`.execute(db);
  // Only the tables without their trigger: CREATE TRIGGER locks its table against writes, and every
  // process that opens the store (each CLI command) runs this, in one transaction with the migrations.
  // Locking every table in turn beside the writers of a serving instance, which lock the counter first
  // and then their tables, deadlocked them ("deadlock detected", a 500: test/reliability/concurrency).
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
      AND table_name NOT LIKE ${BOOKKEEPING} AND table_name NOT LIKE 'kysely_migration%'
      AND NOT EXISTS (
        SELECT 1 FROM pg_trigger
        WHERE tgrelid = format('%I.%I', table_schema, table_name)::regclass
          AND tgname = table_name || '_data_version'
      )`.execute(db);
  for (const { name } of tables.rows) {
    await sql
      .raw(`CREATE OR REPLACE TRIGGER ${name}_data_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE
        ON ${name} FOR EACH STATEMENT EXECUTE FUNCTION pulse_bump_data_version()`)
      .execute(db);
  }
}

/** The counter as it is committed now. */
export async function readDataVersion(db: Kysely<unknown>): Promise<string> {
  const result = await sql<{ version: string }>`SELECT version FROM pulse_data_version WHERE id = 1`.execute(
    db,
  );
  return String(result.rows[0]?.version ?? 0);
}

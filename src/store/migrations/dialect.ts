/**
 * The one question a migration asks of its database: PostgreSQL or SQLite. Migrations are kept portable;
 * the few statements that cannot be (autoincrementing keys, the full-text index) branch on this.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export function onPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

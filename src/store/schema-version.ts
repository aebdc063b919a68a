/**
 * The number of migrations, kept in PRAGMA user_version once a store is migrated, so an up-to-date store
 * skips the migrator. A test checks it equals the number of migrations.
 */
export const SCHEMA_VERSION = 20;

import { MIGRATE_TABLE_FIELDS } from '../../json-fields.js';
import { defineCommand, writes } from '../define.js';

export const migrate = defineCommand('migrate', {
  summary: 'copy a SQLite store into a PostgreSQL database, then verify every table (count and checksum)',
  examples: [
    {
      command:
        'pulse admin migrate --from ~/.local/share/pulse/pulse.db --to postgres://pulse@db.internal:5432/pulse',
      says: 'copies the default store and checks every table',
    },
  ],
  flags: [
    {
      flags: '--from <file>',
      description: "the SQLite store file, read-only (at this pulse's schema)",
      required: true,
    },
    {
      flags: '--to <url>',
      description: 'the PostgreSQL database, postgres://USER@HOST:PORT/DB (migrated first)',
      required: true,
    },
  ],
  ...writes(MIGRATE_TABLE_FIELDS),
  load: () => import('./migrate.js').then((m) => m.migrate),
});

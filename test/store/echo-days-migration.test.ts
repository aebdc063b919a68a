/**
 * Migration 017 on a store made before it: an existing daily Echo follows its owner's report days from
 * now on (every_day false) and has skipped nothing yet.
 */

import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/store/schema-version.js';
import { openSqlite } from '../../src/store/sqlite-driver.js';
import { storeMigratedFrom } from '../helpers/migrated-store.js';

const T = '2026-11-20T10:00:00.000Z';
const PERSON = '6f1c2f4e-8a51-4d0e-9a63-2f5c1b7e9d41';
const QUESTION = '7a1c2f4e-8a51-4d0e-9a63-2f5c1b7e9d42';

const SCHEMA_16_STORE = `
  INSERT INTO people (id, name, username, email, time_zone, created_at, updated_at)
    VALUES ('${PERSON}', 'Ana Diaz', 'ana', 'ana@example.com', 'Europe/Berlin', '${T}', '${T}');
  INSERT INTO echo_questions
    (id, person_id, prompt, title, frequency, day, time, time_zone, created_at, updated_at, next_due_at)
    VALUES ('${QUESTION}', '${PERSON}', 'What did I do?', 'Journal', 'daily', NULL, '18:00',
      'Europe/Berlin', '${T}', '${T}', '2026-11-20T17:00:00.000Z');
`;

describe('migration 017', () => {
  it('keeps existing Echoes, following report days and having skipped nothing', async () => {
    const { repo, path } = await storeMigratedFrom(16, SCHEMA_16_STORE);
    try {
      const raw = openSqlite(path, { readonly: true });
      expect(raw.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      raw.close();
      expect(await repo.findEchoQuestion(QUESTION)).toMatchObject({
        title: 'Journal',
        next_due_at: '2026-11-20T17:00:00.000Z',
        every_day: false,
        skipped_count: null,
        skipped_from: null,
        skipped_until: null,
      });
    } finally {
      await repo.close();
    }
  });
});

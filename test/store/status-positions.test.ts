/**
 * Migration 015 on a store made before it: components get their display order from the order they were
 * listed in (by id, 1..n with no gaps, whatever the ids), and notice updates keep the ids they had.
 */

import { describe, expect, it } from 'vitest';
import { CoreStatusService } from '../../src/core/status/core-status-service.js';
import { SCHEMA_VERSION } from '../../src/store/schema-version.js';
import { openSqlite } from '../../src/store/sqlite-driver.js';
import { steppingClock } from '../helpers/clock.js';
import { storeMigratedFrom } from '../helpers/migrated-store.js';

const T = '2026-11-20T10:00:00.000Z';

// At schema 14: components numbered 2, 5 and 9 (ids need not be dense), and a notice with two updates.
const SCHEMA_14_STORE = `
  INSERT INTO status_page (id, name, url, created_at, updated_at) VALUES (1, 'Acme', NULL, '${T}', '${T}');
  INSERT INTO status_components (id, name, description, parent_id, state, created_at, updated_at) VALUES
    (9, 'Web', '', NULL, 'operational', '${T}', '${T}'),
    (2, 'API', '', NULL, 'operational', '${T}', '${T}'),
    (5, 'Auth', '', 2, 'degraded', '${T}', '${T}');
  INSERT INTO status_notices (id, type, state, subject, began_at, created_at, updated_at) VALUES
    (1, 'unplanned', 'identified', 'Errors', '${T}', '${T}', '${T}');
  INSERT INTO status_notice_updates (id, notice_id, state, content, created_at, updated_at) VALUES
    (3, 1, 'investigating', 'Looking', '${T}', '${T}'),
    (7, 1, 'identified', 'Found it', '${T}', '${T}');
`;

describe('migration 015', () => {
  it('numbers existing components by id from 1, and shows the updates with the ids they had', async () => {
    const { repo, path } = await storeMigratedFrom(14, SCHEMA_14_STORE);
    try {
      const raw = openSqlite(path, { readonly: true });
      expect(raw.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(raw.prepare('SELECT id, position FROM status_components ORDER BY id').all()).toEqual([
        { id: 2, position: 1 },
        { id: 5, position: 2 },
        { id: 9, position: 3 },
      ]);
      raw.close();

      const status = new CoreStatusService(repo, {
        clock: steppingClock(T),
        statusUrl: 'http://pulse.test/status',
      });
      const listed = (await status.listComponents()).items;
      expect(listed.map((component) => [component.id, component.position])).toEqual([
        [2, 1],
        [5, 2],
        [9, 3],
      ]);
      const notice = await status.getNotice(1);
      expect(notice.updates.map((update) => [update.id, update.content])).toEqual([
        [7, 'Found it'],
        [3, 'Looking'],
      ]);
      // New components go after the migrated ones, and new updates after the migrated ids.
      expect(
        await repo.insertComponent({
          name: 'CDN',
          description: '',
          parent_id: null,
          state: 'operational',
          created_at: T,
          updated_at: T,
        }),
      ).toBe(10);
      expect((await status.listComponents()).items.map((component) => component.position)).toEqual([
        1, 2, 3, 4,
      ]);
    } finally {
      await repo.close();
    }
  });
});

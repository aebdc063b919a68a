/**
 * A store holding text written before the text rule (NUL, an unpaired surrogate stored as invalid
 * UTF-8): seeded by the real binary, then spoiled with raw SQL, since every interface now refuses it.
 */
import { expect } from 'vitest';
import { openSqlite } from '../../src/store/sqlite-driver.js';
import { execPulse } from './cli.js';

/** A seeded store at `file`, then bad text in three places; returns the ids of the rows spoiled. */
export async function storeWithBadText(file: string, env: Record<string, string>) {
  const seeded = await execPulse(['--store', file, 'admin', 'seed', '--people', '3', '--days', '3'], { env });
  expect(seeded.exitCode, seeded.stderr).toBe(0);
  const db = openSqlite(file);
  try {
    const first = (table: string) =>
      db.prepare(`SELECT id FROM ${table} ORDER BY id LIMIT 1`).pluck().get() as string;
    const ids = { goal: first('goals'), checkIn: first('check_ins'), person: first('people') };
    db.prepare(`UPDATE goals SET title = 'Ship' || char(0) || 'it' WHERE id = ?`).run(ids.goal);
    // What better-sqlite3 stored for "Done \ud800!": the surrogate's 3-byte form, which is not UTF-8.
    db.prepare(`UPDATE check_ins SET previous = CAST(X'446F6E6520EDA08021' AS TEXT) WHERE id = ?`).run(
      ids.checkIn,
    );
    db.prepare(`UPDATE people SET name = CAST(X'416E6100EDB080' AS TEXT) WHERE id = ?`).run(ids.person);
    return ids;
  } finally {
    db.close();
  }
}

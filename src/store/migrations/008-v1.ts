/**
 * The v1 team-scoped interface: people gain the parts of their name and a unique slug, teams their
 * question texts and an API key, activities may be attached to a check-in (status activities), and
 * check-ins keep their #tags in a table so a team's tags and tagged statuses are indexed reads.
 */
import { type Kysely, sql } from 'kysely';
import { freeSlug, splitName } from '../../core/v1/names.js';
import { extractTags } from '../../core/v1/tags.js';
import * as column from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds a NOT NULL column only with a default; '' is never kept: every existing row is
  // backfilled below, and the core writes all three for every new person.
  for (const column of ['first_name', 'last_name', 'slug']) {
    await db.schema
      .alterTable('people')
      .addColumn(column, 'text', (col) => col.notNull().defaultTo(''))
      .execute();
  }
  await backfillPeople(db);
  // Created after the backfill: until then every row holds the same ''.
  await db.schema.createIndex('people_by_slug').on('people').column('slug').unique().execute();

  // JSON of the team's question texts; null when it uses the defaults of the core.
  await db.schema.alterTable('teams').addColumn('questions', 'text').execute();

  // One key per team (rotation replaces it); only its SHA-256 hash is kept, found by the team's id.
  await db.schema
    .createTable('team_keys')
    .addColumn('team_id', 'text', (col) => col.primaryKey().references('teams.id').onDelete('cascade'))
    .$call(column.required('hash', 'created_at'))
    .execute();

  // SQLite accepts a REFERENCES clause in ADD COLUMN when the column's default is NULL, as here. A
  // status activity outlives a deleted check-in as an ordinary activity. The search triggers on
  // activities name their columns, so new columns leave them working (html_description is not indexed:
  // description holds the same text without markup).
  await db.schema
    .alterTable('activities')
    .addColumn('check_in_id', 'text', (col) => col.references('check_ins.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('activities').addColumn('html_description', 'text').execute();
  // Partial: almost every activity has no check-in, and the reads (check_in_id IN ...) imply NOT NULL.
  await db.schema
    .createIndex('activities_by_check_in')
    .on('activities')
    .columns(['check_in_id', 'recorded_at', 'id'])
    .where(sql.ref('check_in_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('check_in_tags')
    .$call(column.reference('check_in_id', 'check_ins.id'))
    .$call(column.required('tag'))
    .addPrimaryKeyConstraint('check_in_tags_pk', ['check_in_id', 'tag'])
    .execute();
  await column.index(db, 'check_in_tags_by_tag', 'check_in_tags', ['tag', 'check_in_id']);
  await backfillCheckInTags(db);
}

/**
 * First and last name and slug for the people already stored, by the core's rules. Slugs go to people
 * in the order they were created, so the earlier of two namesakes keeps the plain one.
 */
async function backfillPeople(db: Kysely<unknown>): Promise<void> {
  const people = await sql<{ id: string; name: string; username: string }>`
    SELECT id, name, username FROM people ORDER BY created_at, id`.execute(db);
  const taken = new Set<string>();
  for (const person of people.rows) {
    const { first_name, last_name } = splitName(person.name);
    const slug = await freeSlug(person.name, person.username, (candidate) => taken.has(candidate));
    taken.add(slug);
    await sql`UPDATE people SET first_name = ${first_name}, last_name = ${last_name}, slug = ${slug}
      WHERE id = ${person.id}`.execute(db);
  }
}

/** The #tags of the completed check-ins already stored (the core keeps them current from now on). */
async function backfillCheckInTags(db: Kysely<unknown>): Promise<void> {
  const checkIns = await sql<{
    id: string;
    previous: string | null;
    intentions: string | null;
    blockers: string | null;
  }>`
    SELECT id, previous, intentions, blockers FROM check_ins WHERE completed_at IS NOT NULL`.execute(db);
  for (const checkIn of checkIns.rows) {
    const tags = extractTags(checkIn.previous, checkIn.intentions, checkIn.blockers);
    if (tags.length === 0) continue;
    await sql`INSERT INTO check_in_tags (check_in_id, tag) VALUES ${sql.join(
      tags.map((tag) => sql`(${checkIn.id}, ${tag})`),
    )}`.execute(db);
  }
}

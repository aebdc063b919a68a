/** People, teams, memberships, check-ins and absences. Plain portable SQL types (text and integer). */
import { type Kysely, sql } from 'kysely';
import * as column from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account')
    .$call(column.id)
    .$call(column.required('name', 'created_at'))
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('people')
    .$call(column.id)
    .$call(column.required('name'))
    .addColumn('username', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .$call(column.required('time_zone'))
    .$call(column.optional('location', 'title', 'bio'))
    .addColumn('administrator', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('human'))
    .$call(column.timestamps)
    .execute();
  await column.index(db, 'people_by_name', 'people', ['name', 'id']);

  await db.schema
    .createTable('teams')
    .$call(column.id)
    .$call(column.required('name'))
    .$call(column.optional('description'))
    .addColumn('private', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('completion_tracking', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('mood_tracking', 'integer', (col) => col.notNull().defaultTo(1))
    .$call(column.required('report_days'))
    .$call(column.timestamps)
    .execute();
  await db.schema.createIndex('teams_by_name').on('teams').unique().expression(sql`lower(name)`).execute();

  await db.schema
    .createTable('memberships')
    .$call(column.reference('team_id', 'teams.id'))
    .$call(column.personReference())
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('active'))
    .addColumn('manager', 'integer', (col) => col.notNull().defaultTo(0))
    .$call(column.required('created_at'))
    .addPrimaryKeyConstraint('memberships_pk', ['team_id', 'person_id'])
    .execute();
  await column.index(db, 'memberships_by_person', 'memberships', ['person_id', 'team_id']);

  await db.schema
    .createTable('check_ins')
    .$call(column.id)
    .$call(column.personReference())
    .$call(column.required('date'))
    .$call(column.optional('previous', 'intentions', 'blockers', 'mood'))
    .addColumn('previous_completed', 'integer')
    .addColumn('blocked', 'integer', (col) => col.notNull().defaultTo(0))
    .$call(column.optional('completed_at'))
    .$call(column.timestamps)
    .addUniqueConstraint('check_ins_person_date', ['person_id', 'date'])
    .execute();
  // The list order (date, completed_at, id descending) over completed check-ins only.
  await db.schema
    .createIndex('check_ins_completed_order')
    .on('check_ins')
    .columns(['date desc', 'completed_at desc', 'id desc'])
    .where(sql.ref('completed_at'), 'is not', null)
    .execute();
  await column.index(db, 'check_ins_by_person', 'check_ins', ['person_id', 'date desc', 'completed_at desc']);

  await db.schema
    .createTable('check_in_teams')
    .$call(column.reference('check_in_id', 'check_ins.id'))
    .$call(column.reference('team_id', 'teams.id'))
    .addPrimaryKeyConstraint('check_in_teams_pk', ['check_in_id', 'team_id'])
    .execute();
  await column.index(db, 'check_in_teams_by_team', 'check_in_teams', ['team_id', 'check_in_id']);

  await db.schema
    .createTable('member_absences')
    .$call(column.personReference())
    .$call(column.required('date'))
    .addPrimaryKeyConstraint('member_absences_pk', ['person_id', 'date'])
    .execute();

  await db.schema
    .createTable('team_absences')
    .$call(column.reference('team_id', 'teams.id'))
    .$call(column.required('date'))
    .addPrimaryKeyConstraint('team_absences_pk', ['team_id', 'date'])
    .execute();
}

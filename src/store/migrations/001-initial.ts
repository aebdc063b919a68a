/** People, teams, memberships, check-ins and absences. Plain portable SQL types (text and integer). */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('people')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('username', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('time_zone', 'text', (col) => col.notNull())
    .addColumn('location', 'text')
    .addColumn('title', 'text')
    .addColumn('bio', 'text')
    .addColumn('administrator', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('human'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('people_by_name').on('people').columns(['name', 'id']).execute();

  await db.schema
    .createTable('teams')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('private', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('completion_tracking', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('mood_tracking', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('report_days', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('teams_by_name').on('teams').unique().expression(sql`lower(name)`).execute();

  await db.schema
    .createTable('memberships')
    .addColumn('team_id', 'text', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (col) => col.notNull().references('people.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('active'))
    .addColumn('manager', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['team_id', 'person_id'])
    .execute();
  await db.schema
    .createIndex('memberships_by_person')
    .on('memberships')
    .columns(['person_id', 'team_id'])
    .execute();

  await db.schema
    .createTable('check_ins')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('person_id', 'text', (col) => col.notNull().references('people.id').onDelete('cascade'))
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('previous', 'text')
    .addColumn('intentions', 'text')
    .addColumn('blockers', 'text')
    .addColumn('mood', 'text')
    .addColumn('previous_completed', 'integer')
    .addColumn('blocked', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('completed_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('check_ins_person_date', ['person_id', 'date'])
    .execute();
  // The list order (date, completed_at, id descending) over completed check-ins only.
  await db.schema
    .createIndex('check_ins_completed_order')
    .on('check_ins')
    .columns(['date desc', 'completed_at desc', 'id desc'])
    .where(sql.ref('completed_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('check_ins_by_person')
    .on('check_ins')
    .columns(['person_id', 'date desc', 'completed_at desc'])
    .execute();

  await db.schema
    .createTable('check_in_teams')
    .addColumn('check_in_id', 'text', (col) => col.notNull().references('check_ins.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('check_in_teams_pk', ['check_in_id', 'team_id'])
    .execute();
  await db.schema
    .createIndex('check_in_teams_by_team')
    .on('check_in_teams')
    .columns(['team_id', 'check_in_id'])
    .execute();

  await db.schema
    .createTable('member_absences')
    .addColumn('person_id', 'text', (col) => col.notNull().references('people.id').onDelete('cascade'))
    .addColumn('date', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('member_absences_pk', ['person_id', 'date'])
    .execute();

  await db.schema
    .createTable('team_absences')
    .addColumn('team_id', 'text', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('date', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('team_absences_pk', ['team_id', 'date'])
    .execute();
}

/** People, teams, memberships, check-ins and absences. Plain portable SQL types (text and integer). */
import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { idColumn, optionalText, personReference, requiredText, timestamps } from './columns.js';

/** A required reference to a team, whose deletion deletes the row. */
function teamReference<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table.addColumn('team_id', 'text', (col) =>
    col.notNull().references('teams.id').onDelete('cascade'),
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('account').$call(idColumn).$call(requiredText('name', 'created_at')).execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('people')
    .$call(idColumn)
    .$call(requiredText('name'))
    .addColumn('username', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .$call(requiredText('time_zone'))
    .$call(optionalText('location', 'title', 'bio'))
    .addColumn('administrator', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('human'))
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('people_by_name').on('people').columns(['name', 'id']).execute();

  await db.schema
    .createTable('teams')
    .$call(idColumn)
    .$call(requiredText('name'))
    .$call(optionalText('description'))
    .addColumn('private', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('completion_tracking', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('mood_tracking', 'integer', (col) => col.notNull().defaultTo(1))
    .$call(requiredText('report_days'))
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('teams_by_name').on('teams').unique().expression(sql`lower(name)`).execute();

  await db.schema
    .createTable('memberships')
    .$call(teamReference)
    .$call(personReference())
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('active'))
    .addColumn('manager', 'integer', (col) => col.notNull().defaultTo(0))
    .$call(requiredText('created_at'))
    .addPrimaryKeyConstraint('memberships_pk', ['team_id', 'person_id'])
    .execute();
  await db.schema
    .createIndex('memberships_by_person')
    .on('memberships')
    .columns(['person_id', 'team_id'])
    .execute();

  await db.schema
    .createTable('check_ins')
    .$call(idColumn)
    .$call(personReference())
    .$call(requiredText('date'))
    .$call(optionalText('previous', 'intentions', 'blockers', 'mood'))
    .addColumn('previous_completed', 'integer')
    .addColumn('blocked', 'integer', (col) => col.notNull().defaultTo(0))
    .$call(optionalText('completed_at'))
    .$call(timestamps)
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
    .$call(teamReference)
    .addPrimaryKeyConstraint('check_in_teams_pk', ['check_in_id', 'team_id'])
    .execute();
  await db.schema
    .createIndex('check_in_teams_by_team')
    .on('check_in_teams')
    .columns(['team_id', 'check_in_id'])
    .execute();

  await db.schema
    .createTable('member_absences')
    .$call(personReference())
    .$call(requiredText('date'))
    .addPrimaryKeyConstraint('member_absences_pk', ['person_id', 'date'])
    .execute();

  await db.schema
    .createTable('team_absences')
    .$call(teamReference)
    .$call(requiredText('date'))
    .addPrimaryKeyConstraint('team_absences_pk', ['team_id', 'date'])
    .execute();
}

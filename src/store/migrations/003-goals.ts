/** Goals with contributors and teams, goal updates, and comments and reactions on check-ins and updates. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('goals')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('start_date', 'text')
    .addColumn('end_date', 'text')
    .addColumn('update_cadence', 'text')
    .addColumn('owner_id', 'text', (col) => col.notNull().references('people.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (col) => col.references('goals.id').onDelete('set null'))
    .addColumn('private', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('archived', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('goals_by_created')
    .on('goals')
    .columns(['created_at desc', 'id desc'])
    .execute();
  await db.schema.createIndex('goals_by_owner').on('goals').columns(['owner_id']).execute();
  await db.schema.createIndex('goals_by_parent').on('goals').columns(['parent_id']).execute();

  for (const [table, column, target] of [
    ['goal_contributors', 'person_id', 'people.id'],
    ['goal_teams', 'team_id', 'teams.id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('goal_id', 'text', (col) => col.notNull().references('goals.id').onDelete('cascade'))
      .addColumn(column, 'text', (col) => col.notNull().references(target).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pk`, ['goal_id', column])
      .execute();
    await db.schema.createIndex(`${table}_by_${column}`).on(table).columns([column, 'goal_id']).execute();
  }

  await db.schema
    .createTable('goal_updates')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('goal_id', 'text', (col) => col.notNull().references('goals.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (col) => col.notNull().references('people.id').onDelete('cascade'))
    .addColumn('title', 'text')
    .addColumn('body', 'text')
    .addColumn('progress', 'integer', (col) => col.notNull())
    .addColumn('confidence', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('goal_updates_by_goal')
    .on('goal_updates')
    .columns(['goal_id', 'created_at desc', 'id desc'])
    .execute();

  for (const table of ['comments', 'reactions'] as const) {
    let builder = db.schema
      .createTable(table)
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('resource_type', 'text', (col) => col.notNull())
      .addColumn('resource_id', 'text', (col) => col.notNull())
      .addColumn('person_id', 'text', (col) => col.notNull().references('people.id').onDelete('cascade'))
      .addColumn(table === 'comments' ? 'body' : 'name', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull());
    if (table === 'reactions') {
      builder = builder.addUniqueConstraint('reactions_once', [
        'resource_type',
        'resource_id',
        'person_id',
        'name',
      ]);
    }
    await builder.execute();
    await db.schema
      .createIndex(`${table}_by_resource`)
      .on(table)
      .columns(['resource_type', 'resource_id', 'created_at', 'id'])
      .execute();
  }
}

/** Goals with contributors and teams, goal updates, and comments and reactions on check-ins and updates. */
import type { Kysely } from 'kysely';
import {
  idColumn,
  newestFirstIndex,
  optionalText,
  personReference,
  requiredText,
  timestamps,
} from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('goals')
    .$call(idColumn)
    .$call(requiredText('title'))
    .$call(optionalText('description', 'start_date', 'end_date', 'update_cadence'))
    .$call(personReference('owner_id'))
    .addColumn('parent_id', 'text', (col) => col.references('goals.id').onDelete('set null'))
    .addColumn('private', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('archived', 'integer', (col) => col.notNull().defaultTo(0))
    .$call(timestamps)
    .execute();
  await newestFirstIndex(db, 'goals_by_created', 'goals', [], 'created_at');
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
    .$call(idColumn)
    .addColumn('goal_id', 'text', (col) => col.notNull().references('goals.id').onDelete('cascade'))
    .$call(personReference())
    .$call(optionalText('title', 'body'))
    .addColumn('progress', 'integer', (col) => col.notNull())
    .addColumn('confidence', 'integer', (col) => col.notNull())
    .$call(timestamps)
    .execute();
  await newestFirstIndex(db, 'goal_updates_by_goal', 'goal_updates', ['goal_id'], 'created_at');

  for (const table of ['comments', 'reactions'] as const) {
    let builder = db.schema
      .createTable(table)
      .$call(idColumn)
      .$call(requiredText('resource_type', 'resource_id'))
      .$call(personReference())
      .$call(requiredText(table === 'comments' ? 'body' : 'name', 'created_at'));
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

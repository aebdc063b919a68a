/** Goals with contributors and teams, goal updates, and comments and reactions on check-ins and updates. */
import type { Kysely } from 'kysely';
import * as column from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('goals')
    .$call(column.id)
    .$call(column.required('title'))
    .$call(column.optional('description', 'start_date', 'end_date', 'update_cadence'))
    .$call(column.personReference('owner_id'))
    .addColumn('parent_id', 'text', (col) => col.references('goals.id').onDelete('set null'))
    .addColumn('private', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('archived', 'integer', (col) => col.notNull().defaultTo(0))
    .$call(column.timestamps)
    .execute();
  await column.index(db, 'goals_by_created', 'goals', [...column.newestFirst('created_at')]);
  await column.index(db, 'goals_by_owner', 'goals', ['owner_id']);
  await column.index(db, 'goals_by_parent', 'goals', ['parent_id']);

  for (const [table, member, target] of [
    ['goal_contributors', 'person_id', 'people.id'],
    ['goal_teams', 'team_id', 'teams.id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .$call(column.reference('goal_id', 'goals.id'))
      .$call(column.reference(member, target))
      .addPrimaryKeyConstraint(`${table}_pk`, ['goal_id', member])
      .execute();
    await column.index(db, `${table}_by_${member}`, table, [member, 'goal_id']);
  }

  await db.schema
    .createTable('goal_updates')
    .$call(column.id)
    .$call(column.reference('goal_id', 'goals.id'))
    .$call(column.personReference())
    .$call(column.optional('title', 'body'))
    .addColumn('progress', 'integer', (col) => col.notNull())
    .addColumn('confidence', 'integer', (col) => col.notNull())
    .$call(column.timestamps)
    .execute();
  await column.index(db, 'goal_updates_by_goal', 'goal_updates', [
    'goal_id',
    ...column.newestFirst('created_at'),
  ]);

  for (const table of ['comments', 'reactions'] as const) {
    let builder = db.schema
      .createTable(table)
      .$call(column.id)
      .$call(column.required('resource_type', 'resource_id'))
      .$call(column.personReference())
      .$call(column.required(table === 'comments' ? 'body' : 'name', 'created_at'));
    if (table === 'reactions') {
      builder = builder.addUniqueConstraint('reactions_once', [
        'resource_type',
        'resource_id',
        'person_id',
        'name',
      ]);
    }
    await builder.execute();
    await column.index(db, `${table}_by_resource`, table, [
      'resource_type',
      'resource_id',
      'created_at',
      'id',
    ]);
  }
}

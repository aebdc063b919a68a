/** The account, people, teams and memberships (PeopleRepository), but for the list reads (list-reads.ts). */
import { sql } from 'kysely';
import type { PeopleRepository } from '../../core/repository.js';
import type { PersonRef } from '../../core/types.js';
import { bool, flag } from '../sql-values.js';
import { DEFAULT_PERSON_KEY, groupPairs, type ListReads, toPerson, toTeam } from './list-reads.js';
import { byName, changedRow, insertedUnlessPresent, removedRow } from './paging.js';
import type { Store } from './store.js';
import { questionsJson, storedPerson, storedTeam } from './stored-rows.js';

export function peopleRepository(store: Store): Omit<PeopleRepository, keyof ListReads> {
  /** The person whose `column` holds `value`, if any. */
  const personWhere = async (column: 'email' | 'username' | 'slug', value: string) => {
    const row = await store.db.selectFrom('people').selectAll().where(column, '=', value).executeTakeFirst();
    return row && toPerson(row);
  };
  /** Whether someone already holds `value` in a column that must be unique. */
  const taken = async (column: 'username' | 'slug', value: string) => {
    const row = await store.db.selectFrom('people').select('id').where(column, '=', value).executeTakeFirst();
    return row !== undefined;
  };

  return {
    async createAccount(account, createdAt) {
      await store.db
        .insertInto('account')
        .values({ ...account, created_at: createdAt })
        .execute();
    },

    async setDefaultPersonId(id) {
      await store.db
        .insertInto('settings')
        .values({ key: DEFAULT_PERSON_KEY, value: id })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: id }))
        .execute();
    },

    // --- people -----------------------------------------------------------------------------------

    async findPersonByEmail(email) {
      return personWhere('email', email.toLowerCase());
    },

    async findPersonByUsername(username) {
      return personWhere('username', username);
    },

    async findPersonBySlug(slug) {
      return personWhere('slug', slug);
    },

    async usernameTaken(username) {
      return taken('username', username);
    },

    async slugTaken(slug) {
      return taken('slug', slug);
    },

    async listPeople(window) {
      const rows = await byName(store.db.selectFrom('people').selectAll(), window);
      return rows.map(toPerson);
    },

    async insertPerson(person) {
      await store.db.insertInto('people').values(storedPerson(person)).execute();
    },

    async updatePerson(id, { administrator, email, ...fields }, updatedAt) {
      await store.db
        .updateTable('people')
        .set({
          ...fields,
          ...(email === undefined ? {} : { email: email.toLowerCase() }),
          ...(administrator === undefined ? {} : { administrator: flag(administrator) }),
          updated_at: updatedAt,
        })
        .where('id', '=', id)
        .execute();
    },

    async administratorCount() {
      const row = await store.db
        .selectFrom('people')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('administrator', '=', flag(true))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    // --- teams ------------------------------------------------------------------------------------

    async findTeam(id) {
      const row = await store.db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toTeam(row);
    },

    async findTeamByName(name) {
      const row = await store.db
        .selectFrom('teams')
        .selectAll()
        .where(sql`lower(name)`, '=', name.toLowerCase())
        .executeTakeFirst();
      return row && toTeam(row);
    },

    async listTeams(window, visibleTo) {
      let query = store.db.selectFrom('teams').selectAll();
      if (visibleTo !== undefined) {
        query = query.where((eb) =>
          eb.or([
            eb('private', '=', 0),
            eb.exists(
              eb
                .selectFrom('memberships')
                .select('memberships.team_id')
                .whereRef('memberships.team_id', '=', 'teams.id')
                .where('memberships.person_id', '=', visibleTo),
            ),
          ]),
        );
      }
      const rows = await byName(query, window);
      return rows.map(toTeam);
    },

    async insertTeam(team) {
      await store.db.insertInto('teams').values(storedTeam(team)).execute();
    },

    async setTeamQuestions(teamId, questions, updatedAt) {
      await store.db
        .updateTable('teams')
        .set({ questions: questionsJson(questions), updated_at: updatedAt })
        .where('id', '=', teamId)
        .execute();
    },

    async findTeamKey(teamId) {
      return store.db.selectFrom('team_keys').selectAll().where('team_id', '=', teamId).executeTakeFirst();
    },

    async saveTeamKey(key) {
      await store.db
        .insertInto('team_keys')
        .values(key)
        .onConflict((oc) => oc.column('team_id').doUpdateSet({ hash: key.hash, created_at: key.created_at }))
        .execute();
    },

    // --- memberships ------------------------------------------------------------------------------

    async memberIdsOfTeams(teamIds) {
      if (teamIds.length === 0) return new Map();
      const rows = await store.db
        .selectFrom('memberships')
        .innerJoin('people', 'people.id', 'memberships.person_id')
        .select(['memberships.team_id as key', 'memberships.person_id as value'])
        .where('memberships.team_id', 'in', teamIds)
        .orderBy('people.name')
        // Namesakes in a stable order, the same on every store (the rows' order is otherwise the engine's).
        .orderBy('people.id')
        .execute();
      return groupPairs(rows);
    },

    async memberRefsOfTeams(teamIds) {
      if (teamIds.length === 0) return new Map();
      const rows = await store.db
        .selectFrom('memberships')
        .innerJoin('people', 'people.id', 'memberships.person_id')
        .select(['memberships.team_id', 'people.id', 'people.name'])
        .where('memberships.team_id', 'in', teamIds)
        .orderBy('people.name')
        .orderBy('people.id')
        .execute();
      const map = new Map<string, PersonRef[]>();
      for (const { team_id, id, name } of rows) {
        const list = map.get(team_id);
        if (list) list.push({ id, name });
        else map.set(team_id, [{ id, name }]);
      }
      return map;
    },

    async membershipsOfTeam(teamId) {
      const rows = await store.db
        .selectFrom('memberships')
        .selectAll()
        .where('team_id', '=', teamId)
        .execute();
      return rows.map((row) => ({ ...row, manager: bool(row.manager) }));
    },

    addMembership: (teamId, personId, createdAt, options = {}) =>
      insertedUnlessPresent(store.db.insertInto('memberships'), {
        team_id: teamId,
        person_id: personId,
        role: options.role ?? 'active',
        manager: flag(options.manager ?? false),
        created_at: createdAt,
        visible_from: options.visibleFrom ?? null,
      }),

    shareTeamHistory: (teamId, personId) =>
      changedRow(
        store.db
          .updateTable('memberships')
          .set({ visible_from: null })
          .where('team_id', '=', teamId)
          .where('person_id', '=', personId),
      ),

    async teamHasCheckInsBefore(teamId, date) {
      const row = await store.db
        .selectFrom('check_in_teams')
        .select('check_in_id')
        .where('team_id', '=', teamId)
        .where('date', '<', date)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    removeMembership: (teamId, personId) =>
      removedRow(
        store.db.deleteFrom('memberships').where('team_id', '=', teamId).where('person_id', '=', personId),
      ),
  };
}

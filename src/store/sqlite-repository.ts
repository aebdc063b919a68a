/**
 * The Repository on SQLite: SqliteReads' hand-written reads, and everything else through Kysely. Plain
 * data access: no rule of the service is decided here.
 */

import { AsyncLocalStorage } from 'node:async_hooks';
import { type Kysely, type Selectable, sql } from 'kysely';
import type {
  AuthorizationCodeRow,
  GrantRow,
  LoginCodeRow,
  OAuthClientRow,
  OAuthPruneCounts,
  PendingAuthorizationRow,
} from '../core/oauth/repository.js';
import type {
  ActivityFilter,
  ActivityRow,
  AskRow,
  CheckInRow,
  CommentRow,
  DigestFilter,
  DigestResourceType,
  DigestRow,
  EchoAnswerRow,
  EchoQuestionRow,
  GoalRow,
  GoalUpdateRow,
  JobRow,
  MemberRole,
  MembershipRow,
  PersonRow,
  ReactionRow,
  ReportCheckInRow,
  Repository,
  ResourceType,
  SearchHit,
  SearchQuery,
  TeamKeyRow,
  TeamQuestionTexts,
  TeamRow,
  Window,
} from '../core/repository.js';
import type {
  ComponentRow,
  NoticeChange,
  NoticeFilter,
  NoticeRow,
  NoticeUpdateRow,
  StatusPageRow,
} from '../core/status/repository.js';
import type { TokenRow } from '../core/tokens.js';
import type { Account, PersonRef } from '../core/types.js';
import * as answers from './answer-queries.js';
import * as goals from './goal-queries.js';
import * as jobs from './job-queries.js';
import * as oauth from './oauth-queries.js';
import type { Database, TokenTable } from './schema.js';
import type { RowReader } from './sql/row-reader.js';
import { bool, flag } from './sql-values.js';
import { DEFAULT_PERSON_KEY, groupPairs, SqliteReads, toCheckIn, toPerson, toTeam } from './sqlite-reads.js';
import * as status from './status-queries.js';

const questionsJson = (questions: TeamQuestionTexts | null) =>
  questions === null ? null : JSON.stringify(questions);

function toToken(row: Selectable<TokenTable>): TokenRow {
  return { ...row, kind: row.kind as TokenRow['kind'], scope: row.scope as TokenRow['scope'] };
}

export class SqliteRepository extends SqliteReads implements Repository {
  // Inside transaction() every query must use the transaction's connection; this carries it.
  protected readonly scope = new AsyncLocalStorage<Kysely<Database>>();

  constructor(
    reader: RowReader,
    private readonly db: Kysely<Database>,
    dataVersion: () => string,
  ) {
    super(reader, dataVersion);
  }

  protected get q(): Kysely<Database> {
    return this.scope.getStore() ?? this.db;
  }

  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.scope.getStore()) return fn();
    // The reader's hold first, then Kysely's: reads through either wait for the transaction to end.
    return this.reader.exclusive(() => this.inTransaction(fn));
  }

  private inTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.db.connection().execute(async (connection) => {
      // IMMEDIATE takes the write lock up front, so concurrent writers queue on the busy timeout
      // instead of failing when a read transaction tries to upgrade.
      await sql`begin immediate`.execute(connection);
      try {
        const result = await this.scope.run(connection, fn);
        await sql`commit`.execute(connection);
        return result;
      } catch (error) {
        // After a full disk or an I/O error SQLite has already rolled the transaction back, and ROLLBACK
        // then fails with "no transaction is active": the first error is the one to report.
        await sql`rollback`.execute(connection).catch(() => undefined);
        throw error;
      }
    });
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }

  // --- account ------------------------------------------------------------------------------------

  async account(): Promise<Account | undefined> {
    return this.q.selectFrom('account').select(['id', 'name']).executeTakeFirst();
  }

  async createAccount(account: Account, createdAt: string): Promise<void> {
    await this.q
      .insertInto('account')
      .values({ ...account, created_at: createdAt })
      .execute();
  }

  async setDefaultPersonId(id: string): Promise<void> {
    await this.q
      .insertInto('settings')
      .values({ key: DEFAULT_PERSON_KEY, value: id })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: id }))
      .execute();
  }

  // --- people -------------------------------------------------------------------------------------

  async findPersonByEmail(email: string): Promise<PersonRow | undefined> {
    const row = await this.q
      .selectFrom('people')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    return row && toPerson(row);
  }

  async findPersonByUsername(username: string): Promise<PersonRow | undefined> {
    const row = await this.q
      .selectFrom('people')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirst();
    return row && toPerson(row);
  }

  async usernameTaken(username: string): Promise<boolean> {
    const row = await this.q
      .selectFrom('people')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirst();
    return row !== undefined;
  }

  async listPeople(window: Window): Promise<PersonRow[]> {
    const rows = await this.q
      .selectFrom('people')
      .selectAll()
      .orderBy('name')
      .orderBy('id')
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    return rows.map(toPerson);
  }

  async insertPerson(person: PersonRow): Promise<void> {
    await this.q
      .insertInto('people')
      .values({ ...person, email: person.email.toLowerCase(), administrator: flag(person.administrator) })
      .execute();
  }

  // --- teams --------------------------------------------------------------------------------------

  async findTeam(id: string): Promise<TeamRow | undefined> {
    const row = await this.q.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toTeam(row);
  }

  async findTeamByName(name: string): Promise<TeamRow | undefined> {
    const row = await this.q
      .selectFrom('teams')
      .selectAll()
      .where(sql`lower(name)`, '=', name.toLowerCase())
      .executeTakeFirst();
    return row && toTeam(row);
  }

  async listTeams(window: Window, visibleTo?: string): Promise<TeamRow[]> {
    let query = this.q.selectFrom('teams').selectAll();
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
    const rows = await query
      .orderBy('name')
      .orderBy('id')
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    return rows.map(toTeam);
  }

  async insertTeam(team: TeamRow): Promise<void> {
    await this.q
      .insertInto('teams')
      .values({
        ...team,
        private: flag(team.private),
        completion_tracking: flag(team.completion_tracking),
        mood_tracking: flag(team.mood_tracking),
        report_days: team.report_days.join(','),
        questions: questionsJson(team.questions),
      })
      .execute();
  }

  async memberIdsOfTeams(teamIds: readonly string[]): Promise<Map<string, string[]>> {
    if (teamIds.length === 0) return new Map();
    const rows = await this.q
      .selectFrom('memberships')
      .innerJoin('people', 'people.id', 'memberships.person_id')
      .select(['memberships.team_id as key', 'memberships.person_id as value'])
      .where('memberships.team_id', 'in', teamIds)
      .orderBy('people.name')
      // Namesakes in a stable order, the same on every store (the rows' order is otherwise the engine's).
      .orderBy('people.id')
      .execute();
    return groupPairs(rows);
  }

  async memberRefsOfTeams(teamIds: readonly string[]): Promise<Map<string, PersonRef[]>> {
    if (teamIds.length === 0) return new Map();
    const rows = await this.q
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
  }

  async addMembership(
    teamId: string,
    personId: string,
    createdAt: string,
    options: { role?: MemberRole; manager?: boolean } = {},
  ): Promise<boolean> {
    const result = await this.q
      .insertInto('memberships')
      .values({
        team_id: teamId,
        person_id: personId,
        role: options.role ?? 'active',
        manager: flag(options.manager ?? false),
        created_at: createdAt,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async removeMembership(teamId: string, personId: string): Promise<boolean> {
    const result = await this.q
      .deleteFrom('memberships')
      .where('team_id', '=', teamId)
      .where('person_id', '=', personId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // --- check-ins ----------------------------------------------------------------------------------

  async findCheckIn(id: string): Promise<CheckInRow | undefined> {
    const row = await this.q.selectFrom('check_ins').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return toCheckIn(row, (await this.teamIdsOfCheckIns([row.id])).get(row.id) ?? []);
  }

  async saveCheckIn(row: CheckInRow): Promise<void> {
    await this.transaction(async () => {
      const { team_ids, ...fields } = row;
      const values = {
        ...fields,
        previous_completed: fields.previous_completed === null ? null : flag(fields.previous_completed),
        blocked: flag(fields.blocked),
      };
      await this.q
        .insertInto('check_ins')
        .values(values)
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      await this.q.deleteFrom('check_in_teams').where('check_in_id', '=', row.id).execute();
      await this.insertTeamInclusions(row, team_ids);
    });
  }

  async insertCheckInIfAbsent(row: CheckInRow): Promise<void> {
    await this.transaction(async () => {
      const { team_ids, ...fields } = row;
      const result = await this.q
        .insertInto('check_ins')
        .values({
          ...fields,
          previous_completed: fields.previous_completed === null ? null : flag(fields.previous_completed),
          blocked: flag(fields.blocked),
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) await this.insertTeamInclusions(row, team_ids);
    });
  }

  /**
   * The check-in's inclusions, each with copies of the fields the team reads order and report by
   * (migrations 011 and 012) and whether there are more than one (`shared`, migration 012). Every change
   * of those goes through saveCheckIn, which rewrites the inclusions.
   */
  private async insertTeamInclusions(checkIn: ReportCheckInRow, teamIds: readonly string[]): Promise<void> {
    if (teamIds.length === 0) return;
    const { id: check_in_id, date, completed_at, updated_at } = checkIn;
    const copies = {
      check_in_id,
      date,
      completed_at,
      updated_at,
      blocked: flag(checkIn.blocked),
      previous_completed: checkIn.previous_completed === null ? null : flag(checkIn.previous_completed),
      shared: flag(teamIds.length > 1),
    };
    await this.q
      .insertInto('check_in_teams')
      .values(teamIds.map((team_id) => ({ ...copies, team_id })))
      .execute();
  }

  // --- absences -----------------------------------------------------------------------------------

  async addMemberAbsence(personId: string, date: string): Promise<boolean> {
    const result = await this.q
      .insertInto('member_absences')
      .values({ person_id: personId, date })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async addTeamAbsence(teamId: string, date: string): Promise<boolean> {
    const result = await this.q
      .insertInto('team_absences')
      .values({ team_id: teamId, date })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async removeMemberAbsence(personId: string, date: string): Promise<boolean> {
    const result = await this.q
      .deleteFrom('member_absences')
      .where('person_id', '=', personId)
      .where('date', '=', date)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async removeTeamAbsence(teamId: string, date: string): Promise<boolean> {
    const result = await this.q
      .deleteFrom('team_absences')
      .where('team_id', '=', teamId)
      .where('date', '=', date)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async teamAbsenceDates(teamId: string, from: string, to: string): Promise<string[]> {
    const rows = await this.q
      .selectFrom('team_absences')
      .select('date')
      .where('team_id', '=', teamId)
      .where('date', '>=', from)
      .where('date', '<=', to)
      .orderBy('date')
      .execute();
    return rows.map((row) => row.date);
  }

  // --- the v1 team-scoped interface ---------------------------------------------------------------

  async findPersonBySlug(slug: string): Promise<PersonRow | undefined> {
    const row = await this.q.selectFrom('people').selectAll().where('slug', '=', slug).executeTakeFirst();
    return row && toPerson(row);
  }

  async slugTaken(slug: string): Promise<boolean> {
    const row = await this.q.selectFrom('people').select('id').where('slug', '=', slug).executeTakeFirst();
    return row !== undefined;
  }

  async membershipsOfTeam(teamId: string): Promise<MembershipRow[]> {
    const rows = await this.q.selectFrom('memberships').selectAll().where('team_id', '=', teamId).execute();
    return rows.map((row) => ({ ...row, role: row.role as MemberRole, manager: bool(row.manager) }));
  }

  async setTeamQuestions(
    teamId: string,
    questions: TeamQuestionTexts | null,
    updatedAt: string,
  ): Promise<void> {
    await this.q
      .updateTable('teams')
      .set({ questions: questionsJson(questions), updated_at: updatedAt })
      .where('id', '=', teamId)
      .execute();
  }

  async findTeamKey(teamId: string): Promise<TeamKeyRow | undefined> {
    return this.q.selectFrom('team_keys').selectAll().where('team_id', '=', teamId).executeTakeFirst();
  }

  async saveTeamKey(key: TeamKeyRow): Promise<void> {
    await this.q
      .insertInto('team_keys')
      .values(key)
      .onConflict((oc) => oc.column('team_id').doUpdateSet({ hash: key.hash, created_at: key.created_at }))
      .execute();
  }

  async firstCheckInDateOfTeam(teamId: string): Promise<string | undefined> {
    // One seek into check_in_teams_by_team_date.
    const row = await this.q
      .selectFrom('check_in_teams')
      .select((eb) => eb.fn.min('date').as('first'))
      .where('team_id', '=', teamId)
      .executeTakeFirst();
    return row?.first ?? undefined;
  }

  /**
   * The team's check-ins: those included in it (check_in_teams), as rows of check_ins. Filter and order
   * on ct's copy of completed_at, so the reads walk check_in_teams_by_team_completed in order and fetch
   * only the check-ins of the page.
   */
  private checkInsOfTeam(teamId: string) {
    return this.q
      .selectFrom('check_in_teams as ct')
      .innerJoin('check_ins as c', 'c.id', 'ct.check_in_id')
      .selectAll('c')
      .where('ct.team_id', '=', teamId);
  }

  async listTeamStatuses(teamId: string, window: Window): Promise<CheckInRow[]> {
    const rows = await this.checkInsOfTeam(teamId)
      .where('ct.completed_at', 'is not', null)
      .orderBy('ct.completed_at', 'desc')
      .orderBy('ct.check_in_id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    return this.withTeamIds(rows);
  }

  async setCheckInTags(checkInId: string, tags: readonly string[]): Promise<void> {
    await this.transaction(async () => {
      await this.q.deleteFrom('check_in_tags').where('check_in_id', '=', checkInId).execute();
      const distinct = [...new Set(tags)];
      if (distinct.length === 0) return;
      await this.q
        .insertInto('check_in_tags')
        .values(distinct.map((tag) => ({ check_in_id: checkInId, tag })))
        .execute();
    });
  }

  /**
   * The distinct tags of the team's completed check-ins, in order. The store's distinct tags are walked
   * one index seek each (check_in_tags_by_tag, a recursive skip-scan), and each is kept if one of the
   * team's completed check-ins carries it (the tag's rows probed against check_in_teams' key). The cost
   * grows with the number of distinct tags in the store, not with the team's check-ins; a tag carried
   * often elsewhere but never in this team costs a walk of its rows (there is no per-team tag table).
   */
  async listTeamTags(teamId: string, window: Window): Promise<string[]> {
    const { rows } = await sql<{ tag: string }>`
      WITH RECURSIVE distinct_tags(tag) AS (
        SELECT (SELECT min(tag) FROM check_in_tags)
        UNION ALL
        SELECT (SELECT min(t.tag) FROM check_in_tags AS t WHERE t.tag > d.tag)
        FROM distinct_tags AS d WHERE d.tag IS NOT NULL
      )
      SELECT d.tag FROM distinct_tags AS d
      WHERE d.tag IS NOT NULL AND EXISTS (
        SELECT 1 FROM check_in_tags AS t
        JOIN check_in_teams AS ct ON ct.check_in_id = t.check_in_id AND ct.team_id = ${teamId}
        WHERE t.tag = d.tag AND ct.completed_at IS NOT NULL
      )
      LIMIT ${window.limit} OFFSET ${window.offset}`.execute(this.q);
    return rows.map((row) => row.tag);
  }

  /**
   * Walks the team's completed check-ins newest first (check_in_teams_by_team_completed), keeping those
   * carrying the tag (check_in_tags' key): a page costs about limit / (the tag's share of the team's
   * check-ins) probes, so a tag rare in the team costs up to a walk of the team's check-ins.
   */
  async listTeamStatusesTagged(teamId: string, tag: string, window: Window): Promise<CheckInRow[]> {
    const rows = await this.checkInsOfTeam(teamId)
      .innerJoin('check_in_tags as t', (join) =>
        join.onRef('t.check_in_id', '=', 'ct.check_in_id').on('t.tag', '=', tag),
      )
      .where('ct.completed_at', 'is not', null)
      .orderBy('ct.completed_at', 'desc')
      .orderBy('ct.check_in_id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    return this.withTeamIds(rows);
  }

  commentIdsOf(type: ResourceType, resourceIds: readonly string[]): Promise<Map<string, string[]>> {
    return this.conversationIdsOf('comments', type, resourceIds);
  }

  reactionIdsOf(type: ResourceType, resourceIds: readonly string[]): Promise<Map<string, string[]>> {
    return this.conversationIdsOf('reactions', type, resourceIds);
  }

  /** Ids of the comments or reactions on each resource, oldest first. */
  private async conversationIdsOf(
    table: 'comments' | 'reactions',
    type: ResourceType,
    resourceIds: readonly string[],
  ): Promise<Map<string, string[]>> {
    if (resourceIds.length === 0) return new Map();
    const rows = await this.q
      .selectFrom(table)
      .select(['resource_id as key', 'id as value'])
      .where('resource_type', '=', type)
      .where('resource_id', 'in', resourceIds)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return groupPairs(rows);
  }

  async statusActivityIdsOf(checkInIds: readonly string[]): Promise<Map<string, string[]>> {
    if (checkInIds.length === 0) return new Map();
    const rows = await this.q
      .selectFrom('activities')
      .select(['check_in_id as key', 'id as value'])
      .where('check_in_id', 'in', checkInIds)
      .orderBy('recorded_at')
      .orderBy('id')
      .execute();
    // check_in_id is never null here (IN matches no null), which the column type cannot say.
    return groupPairs(rows as { key: string; value: string }[]);
  }

  async findReactionById(id: string): Promise<ReactionRow | undefined> {
    return (await this.q.selectFrom('reactions').selectAll().where('id', '=', id).executeTakeFirst()) as
      | ReactionRow
      | undefined;
  }

  // --- tokens -------------------------------------------------------------------------------------

  async insertToken(token: TokenRow): Promise<void> {
    await this.q.insertInto('tokens').values(token).execute();
  }

  async findTokenByHash(hash: string): Promise<TokenRow | undefined> {
    const row = await this.q.selectFrom('tokens').selectAll().where('hash', '=', hash).executeTakeFirst();
    return row && toToken(row);
  }

  async findToken(id: string): Promise<TokenRow | undefined> {
    const row = await this.q.selectFrom('tokens').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toToken(row);
  }

  async listTokens(kind?: TokenRow['kind']): Promise<TokenRow[]> {
    let query = this.q.selectFrom('tokens').selectAll();
    if (kind !== undefined) query = query.where('kind', '=', kind);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id').execute();
    return rows.map(toToken);
  }

  async revokeToken(id: string, revokedAt: string): Promise<boolean> {
    const result = await this.q
      .updateTable('tokens')
      .set({ revoked_at: revokedAt })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  // --- OAuth (queries in oauth-queries.ts) --------------------------------------------------------

  insertOAuthClient(client: OAuthClientRow): Promise<void> {
    return oauth.insertClient(this.q, client);
  }

  findOAuthClient(id: string): Promise<OAuthClientRow | undefined> {
    return oauth.findClient(this.q, id);
  }

  listOAuthClients(): Promise<OAuthClientRow[]> {
    return oauth.listClients(this.q);
  }

  deleteOAuthClient(id: string, revokedAt: string): Promise<boolean> {
    return this.transaction(() => oauth.deleteClient(this.q, id, revokedAt));
  }

  insertLoginCode(code: LoginCodeRow): Promise<void> {
    return oauth.insertLoginCode(this.q, code);
  }

  findLoginCodeByHash(hash: string): Promise<LoginCodeRow | undefined> {
    return oauth.findLoginCodeByHash(this.q, hash);
  }

  useLoginCode(id: string, usedAt: string): Promise<boolean> {
    return oauth.useLoginCode(this.q, id, usedAt);
  }

  insertPendingAuthorization(pending: PendingAuthorizationRow): Promise<void> {
    return oauth.insertPending(this.q, pending);
  }

  findPendingAuthorization(id: string): Promise<PendingAuthorizationRow | undefined> {
    return oauth.findPending(this.q, id);
  }

  failPendingSignIn(id: string): Promise<number> {
    return this.transaction(() => oauth.failPendingSignIn(this.q, id));
  }

  signInPending(id: string, personId: string): Promise<void> {
    return oauth.signInPending(this.q, id, personId);
  }

  deletePendingAuthorization(id: string): Promise<boolean> {
    return oauth.deletePending(this.q, id);
  }

  deleteExpiredOAuthRows(now: string): Promise<void> {
    return this.transaction(() => oauth.deleteExpired(this.q, now));
  }

  insertAuthorizationCode(code: AuthorizationCodeRow): Promise<void> {
    return oauth.insertCode(this.q, code);
  }

  findAuthorizationCodeByHash(hash: string): Promise<AuthorizationCodeRow | undefined> {
    return oauth.findCodeByHash(this.q, hash);
  }

  useAuthorizationCode(id: string, usedAt: string): Promise<boolean> {
    return oauth.useCode(this.q, id, usedAt);
  }

  revokeGrant(grantId: string, revokedAt: string): Promise<number> {
    return oauth.revokeGrant(this.q, grantId, revokedAt);
  }

  listLiveGrants(now: string): Promise<GrantRow[]> {
    return oauth.listLiveGrants(this.q, now);
  }

  grantExists(grantId: string): Promise<boolean> {
    return oauth.grantExists(this.q, grantId);
  }

  pruneOAuthRows(now: string, before: string): Promise<OAuthPruneCounts> {
    return this.transaction(() => oauth.pruneRows(this.q, now, before));
  }

  // --- goals, updates, comments, reactions (queries in goal-queries.ts) ---------------------------

  saveGoal(goal: GoalRow): Promise<void> {
    return this.transaction(() => goals.saveGoal(this.q, goal));
  }

  deleteGoal(id: string): Promise<void> {
    return this.transaction(() => goals.deleteGoal(this.q, id));
  }

  findGoalUpdate(id: string): Promise<GoalUpdateRow | undefined> {
    return goals.findGoalUpdate(this.q, id);
  }

  listGoalUpdates(goalId: string, window: Window): Promise<GoalUpdateRow[]> {
    return goals.listGoalUpdates(this.q, goalId, window);
  }

  saveGoalUpdate(update: GoalUpdateRow): Promise<void> {
    return goals.saveGoalUpdate(this.q, update);
  }

  deleteGoalUpdate(id: string): Promise<void> {
    return this.transaction(() => goals.deleteGoalUpdate(this.q, id));
  }

  insertComment(comment: CommentRow): Promise<void> {
    return goals.insertComment(this.q, comment);
  }

  async findComment(id: string): Promise<CommentRow | undefined> {
    return (await this.q.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst()) as
      | CommentRow
      | undefined;
  }

  listComments(type: ResourceType, id: string, window: Window): Promise<CommentRow[]> {
    return goals.listComments(this.q, type, id, window);
  }

  listReactions(type: ResourceType, id: string, window: Window): Promise<ReactionRow[]> {
    return goals.listReactions(this.q, type, id, window);
  }

  findReaction(
    type: ResourceType,
    id: string,
    personId: string,
    name: string,
  ): Promise<ReactionRow | undefined> {
    return goals.findReaction(this.q, type, id, personId, name);
  }

  insertReaction(reaction: ReactionRow): Promise<void> {
    return goals.insertReaction(this.q, reaction);
  }

  deleteReaction(id: string): Promise<void> {
    return goals.deleteReaction(this.q, id);
  }

  // --- activities ---------------------------------------------------------------------------------

  async insertActivity(activity: ActivityRow): Promise<void> {
    await this.q.insertInto('activities').values(activity).execute();
  }

  async findActivity(id: string): Promise<ActivityRow | undefined> {
    return this.q.selectFrom('activities').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listActivities(filter: ActivityFilter, window: Window): Promise<ActivityRow[]> {
    let query = this.q.selectFrom('activities').selectAll();
    if (filter.personIds !== undefined) {
      if (filter.personIds.length === 0) return [];
      query = query.where('person_id', 'in', filter.personIds);
    }
    if (filter.since !== undefined) query = query.where('recorded_at', '>=', filter.since);
    if (filter.until !== undefined) query = query.where('recorded_at', '<=', filter.until);
    if (filter.kinds !== undefined)
      query = query.where('kind', 'in', filter.kinds.length ? filter.kinds : ['']);
    return query
      .orderBy('recorded_at', 'desc')
      .orderBy('id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute();
  }

  // --- Echo questions -----------------------------------------------------------------------------

  async findEchoQuestion(id: string): Promise<EchoQuestionRow | undefined> {
    return this.q.selectFrom('echo_questions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listEchoQuestions(personId: string, window: Window): Promise<EchoQuestionRow[]> {
    return this.q
      .selectFrom('echo_questions')
      .selectAll()
      .where('person_id', '=', personId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute();
  }

  async saveEchoQuestion(question: EchoQuestionRow): Promise<void> {
    await this.q
      .insertInto('echo_questions')
      .values(question)
      .onConflict((oc) => oc.column('id').doUpdateSet(question))
      .execute();
  }

  deleteEchoQuestion(id: string): Promise<void> {
    return this.transaction(() => answers.deleteEchoQuestion(this.q, id));
  }

  dueEchoQuestions(now: string, personId?: string): Promise<EchoQuestionRow[]> {
    return answers.dueEchoQuestions(this.q, now, personId);
  }

  insertEchoAnswers(rows: EchoAnswerRow[]): Promise<EchoAnswerRow[]> {
    return this.transaction(() => answers.insertEchoAnswers(this.q, rows));
  }

  findEchoAnswer(id: string): Promise<EchoAnswerRow | undefined> {
    return answers.findEchoAnswer(this.q, id);
  }

  listEchoAnswers(questionId: string, window: Window): Promise<EchoAnswerRow[]> {
    return answers.listEchoAnswers(this.q, questionId, window);
  }

  setEchoAnswerBody(id: string, body: string, updatedAt: string): Promise<void> {
    return answers.setEchoAnswerBody(this.q, id, body, updatedAt);
  }

  pendingEchoAnswers(): Promise<EchoAnswerRow[]> {
    return answers.pendingEchoAnswers(this.q);
  }

  // --- asks ---------------------------------------------------------------------------------------

  insertAsk(ask: AskRow): Promise<void> {
    return answers.insertAsk(this.q, ask);
  }

  findAsk(id: string): Promise<AskRow | undefined> {
    return answers.findAsk(this.q, id);
  }

  listAsks(personId: string, window: Window): Promise<AskRow[]> {
    return answers.listAsks(this.q, personId, window);
  }

  setAskBody(id: string, body: string, updatedAt: string): Promise<void> {
    return answers.setAskBody(this.q, id, body, updatedAt);
  }

  pendingAsks(): Promise<AskRow[]> {
    return answers.pendingAsks(this.q);
  }

  // --- answer-writing jobs (bookkeeping) -----------------------------------------------------------

  addJobs(rows: JobRow[]): Promise<void> {
    return jobs.addJobs(this.q, rows);
  }

  claimNextJob(now: string, leaseUntil: string): Promise<JobRow | undefined> {
    return jobs.claimNextJob(this.q, now, leaseUntil);
  }

  claimJob(id: string, now: string, leaseUntil: string): Promise<JobRow | undefined> {
    return jobs.claimJob(this.q, id, now, leaseUntil);
  }

  deleteJob(id: string): Promise<void> {
    return jobs.deleteJob(this.q, id);
  }

  addMissingJobs(now: string): Promise<number> {
    return jobs.addMissingJobs(this.q, now);
  }

  // --- the answer engine's retrieval --------------------------------------------------------------

  search(query: SearchQuery, window: Window): Promise<SearchHit[]> {
    return answers.search(this.q, query, window);
  }

  async checkInsByIds(ids: readonly string[]): Promise<CheckInRow[]> {
    if (ids.length === 0) return [];
    return this.withTeamIds(
      await this.q.selectFrom('check_ins').selectAll().where('id', 'in', ids).execute(),
    );
  }

  goalUpdatesByIds(ids: readonly string[]): Promise<GoalUpdateRow[]> {
    return answers.goalUpdatesByIds(this.q, ids);
  }

  commentsByIds(ids: readonly string[]): Promise<CommentRow[]> {
    return answers.commentsByIds(this.q, ids);
  }

  async activitiesByIds(ids: readonly string[]): Promise<ActivityRow[]> {
    if (ids.length === 0) return [];
    return this.q.selectFrom('activities').selectAll().where('id', 'in', ids).execute();
  }

  listGoalUpdatesBetween(from: string, to: string, window: Window): Promise<GoalUpdateRow[]> {
    return answers.listGoalUpdatesBetween(this.q, from, to, window);
  }

  listCommentsBetween(from: string, to: string, window: Window): Promise<CommentRow[]> {
    return answers.listCommentsBetween(this.q, from, to, window);
  }

  // --- digest -------------------------------------------------------------------------------------

  async publishDigest(entries: DigestRow[]): Promise<void> {
    if (entries.length === 0) return;
    await this.q
      .insertInto('digest_entries')
      .values(entries)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async listDigest(filter: DigestFilter, window: Window): Promise<DigestRow[]> {
    let query = this.q
      .selectFrom('digest_entries')
      .selectAll()
      .where('recipient_id', '=', filter.recipientId);
    if (filter.category !== undefined) query = query.where('category', '=', filter.category);
    if (filter.unreadOnly) query = query.where('read_at', 'is', null);
    if (filter.since !== undefined) query = query.where('published_at', '>=', filter.since);
    const rows = await query
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    return rows as DigestRow[];
  }

  async findDigestEntry(id: string): Promise<DigestRow | undefined> {
    return (await this.q.selectFrom('digest_entries').selectAll().where('id', '=', id).executeTakeFirst()) as
      | DigestRow
      | undefined;
  }

  async markDigestRead(recipientId: string, ids: string[] | undefined, readAt: string): Promise<number> {
    let query = this.q
      .updateTable('digest_entries')
      .set({ read_at: readAt })
      .where('recipient_id', '=', recipientId)
      .where('read_at', 'is', null);
    if (ids !== undefined) query = query.where('id', 'in', ids.length ? ids : ['']);
    return Number((await query.executeTakeFirst()).numUpdatedRows);
  }

  async deleteDigestEntries(type: DigestResourceType, resourceIds: readonly string[]): Promise<void> {
    if (resourceIds.length === 0) return;
    await this.q
      .deleteFrom('digest_entries')
      .where('resource_type', '=', type)
      .where('resource_id', 'in', resourceIds)
      .execute();
  }

  // --- status page --------------------------------------------------------------------------------

  statusPage(): Promise<StatusPageRow | undefined> {
    return status.statusPage(this.q);
  }

  saveStatusPage(page: StatusPageRow): Promise<void> {
    return status.saveStatusPage(this.q, page);
  }

  countComponents(): Promise<number> {
    return status.countComponents(this.q);
  }

  listComponents(window?: Window): Promise<ComponentRow[]> {
    return status.listComponents(this.q, window);
  }

  componentsByIds(ids: readonly number[]): Promise<ComponentRow[]> {
    return status.componentsByIds(this.q, ids);
  }

  insertComponent(component: Omit<ComponentRow, 'id'>): Promise<number> {
    return status.insertComponent(this.q, component);
  }

  setComponentState(id: number, state: ComponentRow['state'], updatedAt: string): Promise<void> {
    return status.setComponentState(this.q, id, state, updatedAt);
  }

  componentStates(): Promise<ComponentRow['state'][]> {
    return status.componentStates(this.q);
  }

  countNotices(filter: NoticeFilter): Promise<number> {
    return status.countNotices(this.q, filter);
  }

  listNotices(filter: NoticeFilter, window?: Window): Promise<NoticeRow[]> {
    return status.listNotices(this.q, filter, window);
  }

  findNotice(id: number): Promise<NoticeRow | undefined> {
    return status.findNotice(this.q, id);
  }

  insertNotice(
    notice: Omit<NoticeRow, 'id'>,
    componentIds: readonly number[],
    update: Omit<NoticeUpdateRow, 'notice_id'>,
  ): Promise<number> {
    return this.transaction(() => status.insertNotice(this.q, notice, componentIds, update));
  }

  changeNotice(id: number, change: NoticeChange, update: Omit<NoticeUpdateRow, 'notice_id'>): Promise<void> {
    return this.transaction(() => status.changeNotice(this.q, id, change, update));
  }

  latestNoticeUpdates(noticeIds: readonly number[]): Promise<NoticeUpdateRow[]> {
    return status.latestNoticeUpdates(this.q, noticeIds);
  }

  noticeUpdates(noticeId: number): Promise<NoticeUpdateRow[]> {
    return status.noticeUpdates(this.q, noticeId);
  }

  noticeComponentIds(noticeId: number): Promise<number[]> {
    return status.noticeComponentIds(this.q, noticeId);
  }

  lastStatusChange(): Promise<string | undefined> {
    return status.lastStatusChange(this.q);
  }
}

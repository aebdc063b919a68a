/**
 * Every read the store issues, planned: the services are exercised on a seeded store with each filter
 * (as the administrator and as a member, through v2, v1 and the status page), the distinct SELECT
 * statements they ran are collected through the store's query observer, and each is planned with
 * EXPLAIN QUERY PLAN, with the parameters it ran with (STAT4 is compiled in, so plans may depend on
 * them), on connections of their own:
 *
 * - without statistics, as on a store of unknown size (SQLite then assumes a million rows a table): a
 *   full scan there means no index can serve the statement at all;
 * - with the seeded store's statistics (the seed runs ANALYZE): a full scan of a big table there means
 *   the planner prefers reading it whole even with an index at hand.
 *
 * A failure lists each offending statement with its plan. Tables bounded by design are allowed.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreService } from '../src/core/core-service.js';
import type { Instance } from '../src/core/instance.js';
import type { ResourceRef } from '../src/core/types.js';
import { openSqlite, type SqliteConnection } from '../src/store/sqlite-driver.js';
import { type SteppingClock, steppingClock } from './helpers/clock.js';
import { openInstance } from './helpers/store.js';
import { tempDir } from './helpers/temp.js';

/**
 * Tables a full scan is fine on, because their size is bounded by design:
 * - status_page holds one row (its key is always 1);
 * - account holds one row;
 * - settings holds a handful of keys;
 * - status_components is the operator's short list of the parts of the service (its count and the set
 *   of their states are read whole to derive the page's state);
 * - webhooks is the administrators' short list of subscribers (read whole to fan an event out), and
 *   the people's and teams' channels (a few each), which the notification scheduler reads whole once a
 *   minute to know whom to remind;
 * - team_notifications holds a row per team that set reminder or summary times (read whole by the
 *   scheduler on the same tick).
 */
const BOUNDED_TABLES = new Set([
  'status_page',
  'account',
  'settings',
  'status_components',
  'webhooks',
  'team_notifications',
]);

/**
 * With the seeded statistics, a table of fewer rows than this may rightly be read whole: scanning a few
 * hundred rows beats hundreds of index lookups (300 people fetched by 300 ids). The pass without
 * statistics still proves an index is there for when it grows.
 */
const BIG_TABLE_ROWS = 1_000;

/**
 * Fewer distinct statements than this (IN lists of any length counted once) means the exercise stopped
 * reaching the store; it reaches about 142.
 */
const MIN_STATEMENTS = 120;

/** Tables no read of the services is expected to touch: the migrator's, SQLite's, and FTS5's shadows. */
const UNREAD_TABLES = /^(kysely_|sqlite_|search_text_)/;

const SEED = { people: 300, days: 40, teams: 6, seed: 1, today: '2026-11-23' };

interface Captured {
  sql: string;
  parameters: readonly unknown[];
}

interface PlanRow {
  id: number;
  parent: number;
  detail: string;
}

const captured = new Map<string, Captured>();
let capturing = false;

function onQuery(sql: string, parameters: readonly unknown[]): void {
  if (!capturing || !/^\s*(select|with)\b/i.test(sql)) return;
  const key = `${sql}\u0000${JSON.stringify(parameters)}`;
  if (!captured.has(key)) captured.set(key, { sql, parameters });
}

/** The table behind a name in a plan line: itself, or the table aliased to it (`"t" as "x"`, `t AS x`). */
function tableOf(name: string, sql: string): string {
  const alias = new RegExp(`"?(\\w+)"?\\s+as\\s+"?${name}"?(?!\\w)`, 'i').exec(sql);
  return alias?.[1] ?? name;
}

/**
 * The tables a plan reads whole: `SCAN t` (no index; SQLite prints the alias when there is one) and
 * automatic indexes and Bloom filters (built by reading the table first).
 *
 * Not full table scans: `SCAN t USING [COVERING] INDEX i` walks an index in order (with a LIMIT, only as
 * far as needed); `SCAN CONSTANT ROW` reads nothing; the FTS index is read as `SCAN search_text VIRTUAL
 * TABLE INDEX ...`; subqueries and co-routines (`SCAN (subquery-1)`) are scans of their own results. Nor
 * is the walk of a table in its integer key's order to a LIMIT, `SCAN t` as the outer loop of an ordered,
 * limited statement with no sorter (`order by "id" desc limit ?` on status_notices), which is the same
 * walk as an index's.
 */
function fullScans(plan: PlanRow[], sql: string): string[] {
  const sorted = plan.some((row) => /^USE TEMP B-TREE FOR .*ORDER BY/.test(row.detail));
  const limited = /\border by\b[^()]*\blimit\b[^()]*$/i.test(sql);
  const outer = plan.find((row) => row.parent === 0 && /^(SCAN|SEARCH) /.test(row.detail));
  const tables: string[] = [];
  for (const row of plan) {
    const automatic =
      /^SEARCH (\S+) USING AUTOMATIC/.exec(row.detail) ?? /^BLOOM FILTER ON (\S+)/.exec(row.detail);
    const scan = /^SCAN (\S+)$/.exec(row.detail);
    const name = (automatic ?? scan)?.[1];
    if (name === undefined || name.startsWith('(')) continue;
    if (scan && row === outer && limited && !sorted) continue;
    tables.push(tableOf(name, sql));
  }
  return tables;
}

/** Parameters for a failure's message: long IN lists cut short. */
function shown(parameters: readonly unknown[]): string {
  const head = JSON.stringify(parameters.slice(0, 6));
  return parameters.length > 6 ? `${head.slice(0, -1)}, ... (${parameters.length} in all)]` : head;
}

/** Plans every captured statement on `db`; describes those reading whole a table `guarded` names. */
function offenders(db: SqliteConnection, guarded: (table: string) => boolean): string[] {
  const tables = new Set(
    (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[]).map(
      (row) => row.name,
    ),
  );
  const failures: string[] = [];
  for (const { sql, parameters } of captured.values()) {
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...parameters) as PlanRow[];
    const scanned = fullScans(plan, sql).filter(
      (table) => tables.has(table) && !BOUNDED_TABLES.has(table) && guarded(table),
    );
    if (scanned.length > 0) {
      const lines = plan.map((row) => `  ${row.detail}`).join('\n');
      failures.push(`${sql}\n  parameters: ${shown(parameters)}\n${lines}`);
    }
  }
  return failures;
}

describe('query plans of every read', () => {
  let store: Instance;
  let path: string;
  let unanalysed: string;

  beforeAll(async () => {
    const dir = tempDir('pulse-plans-');
    path = join(dir, 'pulse.db');
    const clock = steppingClock('2026-11-23T10:00:00Z');
    const seeding = await openInstance(path, { clock, publicUrl: 'http://127.0.0.1' });
    // Seeding closes the store it runs on (the load wants the file to itself): the reads get a new one.
    const summary = await seeding.seed(SEED, () => {});
    store = await openInstance(path, { clock, publicUrl: 'http://127.0.0.1', onQuery });
    capturing = true;
    await exercise(store, summary.administratorId, clock);
    capturing = false;

    // The same data without statistics: a copy (the store itself stays as it is) with them deleted.
    unanalysed = join(dir, 'unanalysed.db');
    const raw = openSqlite(path, { readonly: true, fileMustExist: true });
    raw.exec(`VACUUM INTO '${unanalysed}'`);
    raw.close();
    const copy = openSqlite(unanalysed);
    const statTables = copy
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'sqlite_stat%'`)
      .all() as { name: string }[];
    for (const { name } of statTables) copy.exec(`DELETE FROM ${name}`);
    copy.close();
  }, 120_000);

  afterAll(async () => {
    await store?.close();
  });

  it('exercises enough of the store to mean something: many statements, every table read', () => {
    const statements = [...new Set([...captured.values()].map(({ sql }) => sql))];
    const shapes = new Set(statements.map((sql) => sql.replace(/\(\?(, \?)*\)/g, '(?...)')));
    expect(shapes.size).toBeGreaterThanOrEqual(MIN_STATEMENTS);
    const db = openSqlite(path, { readonly: true, fileMustExist: true });
    try {
      const tables = (
        db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[]
      )
        .map((row) => row.name)
        .filter((name) => !UNREAD_TABLES.test(name));
      const unread = tables.filter(
        (table) =>
          !statements.some((sql) => new RegExp(`\\b(from|join)\\s+"?${table}"?(\\s|\\)|$)`, 'i').test(sql)),
      );
      expect(unread, 'tables no captured statement reads').toEqual([]);
    } finally {
      db.close();
    }
  });

  it('finds an index for every read (planned without statistics)', () => {
    const db = openSqlite(unanalysed, { readonly: true, fileMustExist: true });
    try {
      const failures = offenders(db, () => true);
      expect(failures, `full table scans without statistics:\n\n${failures.join('\n\n')}\n`).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('reads no big table whole (planned with the seeded statistics)', () => {
    const db = openSqlite(path, { readonly: true, fileMustExist: true });
    try {
      const rows = new Map<string, number>();
      const big = (table: string) => {
        if (!rows.has(table))
          rows.set(table, (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n);
        return (rows.get(table) as number) >= BIG_TABLE_ROWS;
      };
      const failures = offenders(db, big);
      expect(failures, `full table scans of big tables:\n\n${failures.join('\n\n')}\n`).toEqual([]);
    } finally {
      db.close();
    }
  });
});

/** Every read of the services, with each of its filters, as the administrator and as a member. */
async function exercise(store: Instance, administratorId: string, clock: SteppingClock): Promise<void> {
  const admin = store.serviceFor(administratorId);
  const people = (await admin.listPeople({ per_page: 50 })).items;
  const teams = (await admin.listTeams({ per_page: 50 })).items;
  const team = teams[1] ?? teams[0];
  if (!team) throw new Error('the seed made no team');
  const otherTeam = teams.find((t) => t.id !== team.id);
  if (!otherTeam) throw new Error('the seed made one team only');
  const memberId = team.people.find((person) => person.id !== administratorId)?.id;
  if (!memberId) throw new Error(`team ${team.name} has no member`);
  const member = store.serviceFor(memberId);
  const other = people.find((person) => person.id !== administratorId && person.id !== memberId);
  if (!other) throw new Error('the seed made too few people');

  for (const service of [admin, member]) await readAs(service, team.id, otherTeam.id, other.id, clock);

  // Echo answers and asks written in the background, as `pulse serve` would.
  clock.advance(8 * 86_400_000);
  await store.publishDueEchoAnswers();
  await store.resumePendingAnswers();
  for (const service of [admin, member]) {
    for (const question of (await service.listEchoQuestions()).items) {
      const answers = await service.listEchoAnswers(question.id);
      for (const answer of answers.items) {
        await service.getEchoAnswer(answer.id);
        await service.listEchoAnswersByIdPrefix({ id_prefix: answer.id.slice(0, 4), per_page: 6 });
      }
    }
  }

  // The operator's views.
  await store.admin.defaultPersonId();
  await store.admin.listTokens();
  await store.admin.findPerson('admin@seed.example');
  await store.admin.findTeam(team.name);
  const { id: tokenId, token } = await store.admin.createToken({ person: memberId, name: 'plans' });
  await store.authenticator.authenticate(`Bearer ${token}`);
  await store.admin.revokeToken(tokenId);
  const newcomerId = await store.admin.addPerson({
    name: 'Plan Reader',
    email: 'plans@example.com',
    timeZone: 'UTC',
    teams: [team.name],
  });
  // A newcomer sees the team's check-ins from the day they joined (their membership's visible_from).
  const newcomer = store.serviceFor(newcomerId);
  await newcomer.listCheckIns();
  await newcomer.listCheckIns({ team_ids: [team.id] });
  await newcomer.listCheckIns({ team_ids: [team.id, otherTeam.id] });
  await store.admin.joinTeam(otherTeam.name, 'plans@example.com');
  await newcomer.listCheckIns({ team_ids: [otherTeam.id] });
  await walkToEnd(newcomer.walkCheckIns());
  const { apiKey } = await store.admin.teamApiKey(team.id);
  await store.teamAuthenticator.authenticate(team.id, apiKey);
  await exerciseOAuth(store, memberId);

  await readV1(store, team.id);
  await readStatus(store);
  await exerciseWebhooks(store, clock, administratorId);
}

async function walkToEnd(walk: AsyncIterable<unknown[]>): Promise<void> {
  for await (const batch of walk) expect(batch.length).toBeGreaterThan(0);
}

async function readAs(
  service: CoreService,
  teamId: string,
  otherTeamId: string,
  otherId: string,
  clock: SteppingClock,
): Promise<void> {
  const me = await service.me();
  await service.listPeople();
  await service.listPeople({ page: 3, per_page: 20 });
  await service.getPerson(otherId);
  await service.listTeams();
  await service.getTeam(teamId);

  // Check-ins with each filter, alone and together.
  const checkIns = await service.listCheckIns();
  await service.listCheckIns({ page: 2 });
  await service.listCheckIns({ since: '2026-11-10' });
  await service.listCheckIns({ until: '2026-11-01' });
  await service.listCheckIns({ since: '2026-11-01', until: '2026-11-07' });
  await service.listCheckIns({ blocked: true });
  await service.listCheckIns({ blocked: false, per_page: 5 });
  await service.listCheckIns({ people_ids: [otherId] });
  await service.listCheckIns({ people_ids: [otherId, me.id] });
  await service.listCheckIns({ team_ids: [teamId] });
  await service.listCheckIns({ team_ids: [teamId], since: '2026-11-16', until: '2026-11-20', blocked: true });
  // The walk of --all: its batches after the first seek to the last row read.
  await walkToEnd(service.walkCheckIns());
  await walkToEnd(service.walkCheckIns({ team_ids: [teamId] }));
  await walkToEnd(service.walkCheckIns({ since: '2026-11-01', blocked: false }));
  // A team not the member's, alone and with theirs.
  await service.listCheckIns({ team_ids: [otherTeamId] });
  await service.listCheckIns({ team_ids: [teamId, otherTeamId], page: 2 });
  await service.listCheckIns({ people_ids: [otherId], since: '2026-11-02', blocked: false });
  await service.listCheckIns({ search: 'review deploy' });
  await service.listCheckIns({ search: 'review', people_ids: [otherId], since: '2026-11-02' });
  await service.listCheckIns({ mood: 'stressed' });
  await service.listCheckIns({ absent: true });
  await service.listCheckIns({ absent: false, team_ids: [teamId], mood: 'happy', page: 2 });
  const checkIn = checkIns.items[0];
  if (!checkIn) throw new Error('no check-in is visible');
  // A short id's expansion: a seek in the primary key, alone and with the visibility and filters.
  await service.listCheckIns({ id_prefix: checkIn.id.slice(0, 4), per_page: 6 });
  await service.listCheckIns({ id_prefix: checkIn.id.slice(0, 9), team_ids: [teamId] });
  await service.getCheckIn(checkIn.id);
  await service.getCheckIn('2026-11-20');
  // Today's own check-in: created when first read, then answered (digest entries, tags).
  await service.getCheckIn('2026-11-23');
  await service.updateCheckIn('2026-11-23', {
    previous: 'Reviewed the #importer changes',
    intentions: 'Ship the #importer',
    blockers: null,
  });

  // Goals with each filter; updates, comments and reactions.
  const goals = await service.listGoals();
  await service.listGoals({ page: 2, per_page: 10 });
  await service.listGoals({ since: '2026-11-01' });
  await service.listGoals({ people_ids: [otherId] });
  await service.listGoals({ team_ids: [teamId] });
  await service.listGoals({ archived: true });
  await service.listGoals({ search: 'launch' });
  await service.listGoals({ id_prefix: goals.items[0]?.id.slice(0, 4) ?? '0', archived: true, per_page: 6 });
  const goal = goals.items[0];
  if (!goal) throw new Error('no goal is visible');
  await service.listGoals({ goal_ids: goals.items.slice(0, 3).map((item) => item.id) });
  await service.getGoal(goal.id);
  const updates = await service.listGoalUpdates(goal.id);
  await service.listGoalUpdates(goal.id, { page: 2, per_page: 1 });
  // Only the owner, contributors and administrators post updates: the caller's own goal.
  const own = (await service.listGoals({ people_ids: [me.id] })).items[0];
  if (!own) throw new Error(`${me.name} owns no goal`);
  await service.createGoalUpdate(own.id, { progress: 40, confidence: 70, body: 'Moving' });
  const update = (await service.listGoalUpdates(own.id)).items[0];
  if (!update) throw new Error('no goal update');
  await service.getGoalUpdate(update.id);
  if (updates.items[0]) await service.getGoalUpdate(updates.items[0].id);
  await service.listGoalUpdatesByIdPrefix({ id_prefix: update.id.slice(0, 4), per_page: 6 });
  await service.listGoalUpdatesByIdPrefix({ id_prefix: update.id.slice(0, 1), page: 2, per_page: 6 });

  for (const resource of [
    { type: 'check-in', id: checkIn.id },
    { type: 'goal-update', id: update.id },
  ] satisfies ResourceRef[]) {
    await service.createComment(resource, { body: 'Looks good' });
    await service.listComments(resource);
    await service.listComments(resource, { page: 2, per_page: 1 });
    await service.addReaction(resource, { name: 'tada' });
    await service.addReaction(resource, { name: 'tada' });
    await service.listReactions(resource);
    await service.removeReaction(resource, { name: 'tada' });
  }

  // Activities with each filter.
  const activity = await service.createActivity({ group: 'Deploys', description: 'Shipped 1.2' });
  const activities = await service.listActivities();
  await service.listActivities({ page: 2 });
  await service.listActivities({ since: '2026-11-01T00:00:00Z' });
  await service.listActivities({ until: '2026-11-10T00:00:00Z' });
  await service.listActivities({ since: '2026-11-01T00:00:00Z', until: '2026-11-10T00:00:00Z' });
  await service.listActivities({ kinds: ['github'] });
  await service.listActivities({ kinds: ['github', 'jira'] });
  await service.listActivities({ people_ids: [otherId] });
  await service.listActivities({ search: 'merged' });
  await service.listActivities({ search: 'merged', team_ids: [teamId] });
  await service.listActivities({ team_ids: [teamId] });
  await service.listActivities({ team_ids: [teamId], kinds: ['github'], since: '2026-11-01T00:00:00Z' });
  await service.listActivities({ id_prefix: activity.id.slice(0, 4), per_page: 6 });
  await service.getActivity(activity.id);
  if (activities.items[1]) await service.getActivity(activities.items[1].id);

  // The digest, with each filter.
  const digest = await service.listDigest();
  await service.listDigest({ unread: true });
  for (const category of ['check-in', 'comment', 'echo', 'goal'])
    await service.listDigest({ category, unread: true });
  await service.listDigest({ category: 'check-in' });
  await service.listDigest({ since: '2026-11-20T00:00:00Z' });
  await service.listDigest({ since: '2026-11-20T00:00:00Z', category: 'comment', unread: true, page: 2 });
  if (digest.items[0]) await service.markDigestRead(digest.items[0].id);
  await service.markAllDigestRead();

  // Echo questions and answers, asks (the answer engine: search, and windows by recency).
  const question = await service.createEchoQuestion({
    prompt: 'What blocked the team this week?',
    title: 'Blockers',
    answer_frequency: 'daily',
    answer_time: '09:00',
  });
  await service.listEchoQuestions();
  await service.getEchoQuestion(question.id);
  clock.advance(2 * 86_400_000);
  for (const answer of (await service.listEchoAnswers(question.id)).items)
    await service.getEchoAnswer(answer.id);
  clock.advance(-2 * 86_400_000);
  for (const prompt of [
    'What blocked the team last week?',
    'Who was stressed last week?',
    'Which goals are at risk?',
    'What did people comment on this week?',
    'What activities happened last month?',
    'Which pull requests touched the payments rollout this month?',
    'What did people plan about the importer and the migration?',
    `What did ${otherId} get done since November 1?`,
    'Who was absent last week?',
    "Who hasn't checked in this week?",
    'What blocked the team on 2026-01-01?',
  ]) {
    const ask = await service.createAsk({ prompt });
    await service.getAsk(ask.id);
  }
  await service.listAsks();
  await service.listAsks({ page: 2, per_page: 2 });
}

async function readV1(store: Instance, teamId: string): Promise<void> {
  const v1 = store.teamServiceFor(teamId);
  const members = await v1.listMembers();
  await v1.listMembers({ q: 'a', page: 2 });
  const member = members.items[0];
  if (!member) throw new Error('the v1 team has no member');
  await v1.getMember(member.id);
  await v1.getMember(member.slug);
  const reports = await v1.listReports();
  await v1.listReports({ page: 2 });
  const report = reports.items[0];
  if (!report) throw new Error('the v1 team has no report');
  await v1.getReport(report.id);
  await v1.getReport(report.date);
  const statuses = await v1.listStatuses();
  await v1.listStatuses({ page: 3 });
  const status = statuses.items[0];
  if (!status) throw new Error('the v1 team has no status');
  await v1.getStatus(status.id);
  await v1.getStatus(status.slug);
  const created = await v1.createStatusActivity({
    email: member.user.email,
    source: 'ci',
    description: '<b>Deployed</b> the importer',
  });
  await v1.getStatusActivity(created.id);
  for (const id of status.status_activity_ids) await v1.getStatusActivity(id);
  for (const id of status.comment_ids) await v1.getComment(id);
  for (const id of status.reaction_ids) await v1.getReaction(id);
  const tags = await v1.listTags();
  await v1.listTags({ page: 2 });
  for (const tag of tags.items.slice(0, 2)) {
    await v1.listTagStatuses(tag);
    await v1.listTagStatuses(tag, { page: 2 });
  }
  await v1.listTagStatuses('importer');
  await v1.listComments();
  await v1.listComments({ page: 2 });
  await v1.listReactions();
  await v1.listReactions({ page: 2 });
  await v1.listMemberAbsences();
  await v1.listMemberAbsences({ member: member.slug, from: '2026-10-01', to: '2026-11-30', page: 2 });
  await v1.listTeamAbsences();
  await v1.listTeamAbsences({ from: '2026-10-01', to: '2026-11-30', page: 2 });
}

async function readStatus(store: Instance): Promise<void> {
  const status = store.statusService();
  await status.page();
  await status.listComponents();
  await status.listComponents({ page: 2 });
  const notices = await status.listNotices();
  await status.listNotices({ page: 2 });
  for (const type_eq of ['planned', 'unplanned']) {
    await status.listNotices({ type_eq });
    for (const timeline_state_eq of ['future', 'present', 'past_recent', 'past_distant'])
      await status.listNotices({ type_eq, timeline_state_eq });
  }
  for (const timeline_state_eq of ['future', 'present', 'past_recent', 'past_distant'])
    await status.listNotices({ timeline_state_eq });
  for (const notice of notices.items.slice(0, 3)) await status.getNotice(notice.id);
}

/** The OAuth authorization server's reads: a client, a sign-in, a code, tokens, rotation, reuse, removal. */
async function exerciseOAuth(store: Instance, personId: string): Promise<void> {
  const { createHash, randomBytes } = await import('node:crypto');
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = 'https://plans.example/cb';
  const { client, client_secret: secret } = await store.oauthAdmin.addClient({
    name: 'Plans',
    redirectUris: [redirectUri],
    confidential: true,
  });
  await store.oauthAdmin.listClients();
  const { code: loginCode } = await store.oauthAdmin.createLoginCode(personId);
  const started = await store.oauth.authorize({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    scope: 'read',
  });
  if (started.kind !== 'sign-in') throw new Error(`authorize: ${started.kind}`);
  const { pending, csrf } = started.view;
  await store.oauth.step({ pending, csrf, action: 'sign-in', code: 'WRONG-CODES' });
  await store.oauth.step({ pending, csrf, action: 'sign-in', code: loginCode });
  const allowed = await store.oauth.step({ pending, csrf, action: 'allow' });
  if (allowed.kind !== 'redirect') throw new Error(`allow: ${allowed.kind}`);
  const code = new URL(allowed.location).searchParams.get('code') as string;
  const auth = { client_id: client.client_id, client_secret: secret as string };
  const tokens = await store.oauth.token(
    { ...auth, grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier },
    undefined,
  );
  await store.authenticator.authenticate(`Bearer ${tokens.access_token}`);
  await store.oauth.token(
    { ...auth, grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
    undefined,
  );
  // Reuse of the spent refresh token: the grant is revoked.
  await store.oauth
    .token({ ...auth, grant_type: 'refresh_token', refresh_token: tokens.refresh_token }, undefined)
    .catch(() => undefined);
  await store.oauthAdmin.removeClient(client.client_id);
}

/** Webhooks: an event fanned out, its delivery claimed and recorded, the log read every way. */
async function exerciseWebhooks(
  store: Instance,
  clock: SteppingClock,
  administratorId: string,
): Promise<void> {
  const admin = store.statusAdmin;
  const webhook = await admin.addWebhook({ url: 'https://hooks.example.com/pulse' });
  const component = await admin.addComponent({ name: 'Webhooked' });
  await admin.setComponentState(component.id, 'degraded');
  // The edge replaced: a receiver that answers at once.
  const sender = await store.webhookSender({ clock, poster: async () => ({ status: 204 }) });
  await sender.drain();
  await admin.listWebhooks();
  await admin.listDeliveries();
  await admin.listDeliveries({ failed: true });
  await admin.listDeliveries({ webhook_id: webhook.id });
  // The notification channels' log (issue 31): the same table, the channels' rows.
  const service = store.serviceFor(administratorId);
  await service.listNotificationDeliveries();
  await service.listNotificationDeliveries({ failed: true });
  await service.listNotificationDeliveries({ channel_id: webhook.id });
  // Reminder and notification settings (issue 31): a team's times and channels, a person's own choice.
  const team = (await service.listTeams()).items[0];
  if (!team) throw new Error('no team to set notifications of');
  await service.updateTeamNotifications(team.id, { remind_at: '09:30', summary_at: '17:00' });
  await service.getTeamNotifications(team.id);
  const channel = await service.addTeamChannel(team.id, {
    url: 'https://chat.example.com/hook',
    format: 'slack',
  });
  await service.listTeamChannels(team.id);
  await service.removeTeamChannel(team.id, String(channel.id));
  await service.updateMyReminders({ remind_at: '08:45' });
  await service.getMyReminders();
  await service.addMyChannel({ url: 'https://chat.example.com/me', format: 'slack' });
  await service.listMyChannels();
  // The scheduler a day on: yesterday's and today's reminders looked up, claimed, sent or dropped.
  const before = clock.now().toISOString();
  clock.advance(24 * 3_600_000);
  await store.sendDueNotifications(() => {});
  await store.sendDueNotifications(() => {});
  clock.set(before);
}

/**
 * Who may do what to a goal (issue 24, item 1), as one table: each row a verb or a field of a goal, each
 * column a role, each cell the status documented in docs/guide/goals.md#who-may-do-what. Every cell runs
 * twice, as a request to a real `pulse serve` over HTTP and as a call of the local service on the same
 * SQLite store, on a fresh goal each time, once with the goal public and once private. A refused cell must
 * change nothing (the goal, its updates, their comments and reactions read back the same); an allowed
 * write must change something.
 *
 * The goal is Ben's, Dee contributes, and it is one of Core's goals: Cy (in Core) is a member of its team
 * but not involved, Ana administers the account, Eve is in no team.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/core/errors.js';
import type { Service } from '../../src/core/service.js';
import type { ResourceRef } from '../../src/core/types.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const ROLES = ['owner', 'contributor', 'teamMember', 'administrator', 'outsider'] as const;
type Role = (typeof ROLES)[number];
const PERSON: Record<Role, string> = {
  owner: 'ben',
  contributor: 'dee',
  teamMember: 'cy',
  administrator: 'ana',
  outsider: 'eve',
};

/** What a cell acts on: the goal, its update (by the owner) and who acts. */
interface Target {
  goal: string;
  update: string;
  caller: string;
  ids: Record<string, string>;
}

/** One request, as sent over HTTP (relative to /api/v2) and as the same call of the Service. */
interface Act {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  local: (service: Service) => Promise<unknown>;
}

/** A row's expectation per role on a public goal; `listed`/`unlisted` are a 200 list with or without it. */
type Cell = number | 'listed' | 'unlisted';

interface Row {
  action: string;
  act: (t: Target) => Act;
  cells: [owner: Cell, contributor: Cell, teamMember: Cell, administrator: Cell, outsider: Cell];
  /** Reads change nothing whatever they answer; a row that creates a goal does not need the target. */
  kind?: 'read' | 'unbound';
  /** Something to set up as the caller first (their own reaction to remove). */
  prepare?: (service: Service, t: Target) => Promise<unknown>;
}

const patch = (body: Record<string, unknown>) => (t: Target) =>
  ({
    method: 'PATCH',
    path: `/goals/${t.goal}`,
    body,
    local: (service: Service) => service.updateGoal(t.goal, body),
  }) satisfies Act;
const patchWith = (body: (t: Target) => Record<string, unknown>) => (t: Target) => patch(body(t))(t);
const onUpdate = (t: Target): ResourceRef => ({ type: 'goal-update', id: t.update });

// The table. Columns: owner, contributor, team member, administrator, outsider (on a public goal; on a
// private one the team member and the outsider get 404 on every row bound to the goal).
const EDIT: Row['cells'] = [200, 200, 403, 200, 403];
const OWNERS: Row['cells'] = [200, 403, 403, 200, 403];
const TABLE: Row[] = [
  {
    action: 'view the goal',
    kind: 'read',
    act: (t) => ({ method: 'GET', path: `/goals/${t.goal}`, local: (s) => s.getGoal(t.goal) }),
    cells: [200, 200, 200, 200, 200],
  },
  {
    action: 'find it in the list of goals',
    kind: 'read',
    act: (t) => ({
      method: 'GET',
      path: `/goals?goal_ids=${t.goal}`,
      local: (s) => s.listGoals({ goal_ids: [t.goal] }).then((page) => page.items),
    }),
    cells: ['listed', 'listed', 'listed', 'listed', 'listed'],
  },
  {
    action: 'create a goal',
    kind: 'unbound',
    act: () => ({
      method: 'POST',
      path: '/goals',
      body: { title: 'Another goal' },
      local: (s) => s.createGoal({ title: 'Another goal' }),
    }),
    cells: [201, 201, 201, 201, 201],
  },
  { action: 'edit title', act: patch({ title: 'Renamed' }), cells: EDIT },
  { action: 'edit description', act: patch({ description: 'Now with a plan' }), cells: EDIT },
  { action: 'edit start_date', act: patch({ start_date: '2026-12-01' }), cells: EDIT },
  { action: 'edit end_date', act: patch({ end_date: '2027-03-31' }), cells: EDIT },
  { action: 'edit update_cadence', act: patch({ update_cadence: 'Monthly' }), cells: EDIT },
  { action: 'edit parent_id', act: patchWith((t) => ({ parent_id: t.ids.parent })), cells: EDIT },
  { action: 'edit team_ids', act: patchWith((t) => ({ team_ids: [t.ids.core, t.ids.design] })), cells: EDIT },
  { action: 'edit owner_id (to another)', act: patchWith((t) => ({ owner_id: t.ids.cy })), cells: OWNERS },
  {
    action: 'edit contributor_ids (add one)',
    act: patchWith((t) => ({ contributor_ids: [t.ids.dee, t.ids.eve] })),
    cells: OWNERS,
  },
  { action: 'edit contributor_ids (remove all)', act: patch({ contributor_ids: [] }), cells: OWNERS },
  { action: 'edit private (toggle)', act: patchWith(() => ({ private: 'toggle' })), cells: OWNERS },
  { action: 'archive (archived: true)', act: patch({ archived: true }), cells: OWNERS },
  {
    // The review's attack: take the goal, drop the others, hide it from them.
    action: 'take it over (owner_id: self, contributor_ids: [], private: true)',
    act: patchWith((t) => ({ owner_id: t.caller, contributor_ids: [], private: true })),
    cells: [200, 403, 403, 200, 403],
  },
  {
    // Restating whose it is changes nothing: a contributor may send it with a content change.
    action: 'edit title, restating owner_id and contributor_ids',
    act: patchWith((t) => ({ title: 'Renamed', owner_id: t.ids.ben, contributor_ids: [t.ids.dee] })),
    cells: EDIT,
  },
  {
    action: 'delete the goal',
    act: (t) => ({ method: 'DELETE', path: `/goals/${t.goal}`, local: (s) => s.deleteGoal(t.goal) }),
    cells: [204, 403, 403, 204, 403],
  },
  {
    action: 'list its goal updates',
    kind: 'read',
    act: (t) => ({
      method: 'GET',
      path: `/goals/${t.goal}/goal-updates`,
      local: (s) => s.listGoalUpdates(t.goal).then((page) => page.items),
    }),
    cells: [200, 200, 200, 200, 200],
  },
  {
    action: 'post a goal update',
    act: (t) => ({
      method: 'POST',
      path: `/goals/${t.goal}/goal-updates`,
      body: { progress: 50 },
      local: (s) => s.createGoalUpdate(t.goal, { progress: 50 }),
    }),
    cells: [201, 201, 403, 201, 403],
  },
  {
    action: "edit the owner's goal update",
    act: (t) => ({
      method: 'PATCH',
      path: `/goal-updates/${t.update}`,
      body: { progress: 70 },
      local: (s) => s.updateGoalUpdate(t.update, { progress: 70 }),
    }),
    cells: [200, 403, 403, 200, 403],
  },
  {
    action: "delete the owner's goal update",
    act: (t) => ({
      method: 'DELETE',
      path: `/goal-updates/${t.update}`,
      local: (s) => s.deleteGoalUpdate(t.update),
    }),
    cells: [204, 403, 403, 204, 403],
  },
  {
    action: 'comment on a goal update',
    act: (t) => ({
      method: 'POST',
      path: `/goal-updates/${t.update}/comments`,
      body: { body: 'Nice' },
      local: (s) => s.createComment(onUpdate(t), { body: 'Nice' }),
    }),
    cells: [201, 201, 201, 201, 201],
  },
  {
    action: 'react to a goal update',
    act: (t) => ({
      method: 'POST',
      path: `/goal-updates/${t.update}/reactions`,
      body: { name: 'tada' },
      local: (s) => s.addReaction(onUpdate(t), { name: 'tada' }),
    }),
    cells: [201, 201, 201, 201, 201],
  },
  {
    action: "remove one's reaction",
    prepare: (s, t) => s.addReaction(onUpdate(t), { name: 'heart' }),
    act: (t) => ({
      method: 'DELETE',
      path: `/goal-updates/${t.update}/reactions`,
      body: { name: 'heart' },
      local: (s) => s.removeReaction(onUpdate(t), { name: 'heart' }),
    }),
    cells: [204, 204, 204, 204, 204],
  },
];

/** A cell's expectation on a private goal: those who cannot see it get 404, or a list without it. */
function privateCell(row: Row, role: Role, cell: Cell): Cell {
  if (row.kind === 'unbound' || !['teamMember', 'outsider'].includes(role)) return cell;
  return cell === 'listed' ? 'unlisted' : 404;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const as = (person: string) => server.fixture.store.serviceFor(server.fixture.ids[person] as string);

/** A public goal of Ana's, the parent the parent_id row gives. */
let parentGoal: string | undefined;

/** A fresh goal of Ben's with Dee contributing, of Core, with one update of Ben's. */
async function freshTarget(isPrivate: boolean, role: Role): Promise<Target> {
  const { ids } = server.fixture;
  parentGoal ??= (await as('ana').createGoal({ title: 'Company goal' })).id;
  const goal = await as('ben').createGoal({
    title: 'Hire two engineers',
    contributor_ids: [ids.dee],
    team_ids: [ids.core],
    private: isPrivate,
  });
  const update = await as('ben').createGoalUpdate(goal.id, { progress: 10, body: 'Started' });
  return {
    goal: goal.id,
    update: update.id,
    caller: ids[PERSON[role]] as string,
    ids: { ...ids, parent: parentGoal },
  };
}

/** Everything a cell could change, as the administrator reads it; 'gone' once the goal is deleted. */
async function snapshot(t: Target): Promise<unknown> {
  const ana = as('ana');
  try {
    const goal = await ana.getGoal(t.goal);
    const updates = (await ana.listGoalUpdates(t.goal)).items;
    const conversations = await Promise.all(
      updates.map(async (u) => ({
        comments: (await ana.listComments({ type: 'goal-update', id: u.id })).items,
        reactions: (await ana.listReactions({ type: 'goal-update', id: u.id })).items,
      })),
    );
    return { goal, updates, conversations };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) return 'gone';
    throw error;
  }
}

/** The body of a `private: 'toggle'` row: the opposite of the goal's. */
function resolveToggle(act: Act, isPrivate: boolean, t: Target): Act {
  const body = act.body as Record<string, unknown> | undefined;
  if (body?.private !== 'toggle') return act;
  const resolved = { ...body, private: !isPrivate };
  return { ...act, body: resolved, local: (s) => s.updateGoal(t.goal, resolved) };
}

/** Runs one cell through one interface: the status, and what a read answered. */
async function run(via: 'http' | 'local', role: Role, act: Act): Promise<{ status: number; text: string }> {
  if (via === 'http') {
    const headers: Record<string, string> = { authorization: `Bearer ${server.tokens[PERSON[role]]}` };
    if (act.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.url}/api/v2${act.path}`, {
      method: act.method,
      headers,
      ...(act.body !== undefined ? { body: JSON.stringify(act.body) } : {}),
    });
    return { status: response.status, text: await response.text() };
  }
  try {
    const result = await act.local(as(PERSON[role]));
    const status = act.method === 'DELETE' ? 204 : act.method === 'POST' ? 201 : 200;
    return { status, text: JSON.stringify(result ?? null) };
  } catch (error) {
    if (error instanceof ServiceError) return { status: error.status, text: error.message };
    throw error;
  }
}

describe('who may do what to a goal (the table in docs/guide/goals.md)', () => {
  for (const via of ['http', 'local'] as const) {
    it(`answers every cell as documented, refusing without change (${via})`, async () => {
      const wrong: string[] = [];
      let cells = 0;
      let refused = 0;
      for (const isPrivate of [false, true]) {
        for (const row of TABLE) {
          for (const [index, role] of ROLES.entries()) {
            const publicCell = row.cells[index] as Cell;
            const expected = isPrivate ? privateCell(row, role, publicCell) : publicCell;
            const t = await freshTarget(isPrivate, role);
            if (row.prepare) await row.prepare(as(PERSON[role]), t).catch(() => undefined);
            const before = await snapshot(t);
            const act = resolveToggle(row.act(t), isPrivate, t);
            const { status, text } = await run(via, role, act);
            const after = await snapshot(t);
            cells++;
            const where = `${isPrivate ? 'private' : 'public'} goal, ${row.action}, as ${role}`;
            const wantStatus = typeof expected === 'number' ? expected : 200;
            if (status !== wantStatus) {
              wrong.push(`${where}: ${status} (expected ${wantStatus}) ${text.slice(0, 160)}`);
              continue;
            }
            const changed = JSON.stringify(before) !== JSON.stringify(after);
            if (wantStatus >= 400) refused++;
            if (row.kind === 'read' || wantStatus >= 400) {
              if (changed) wrong.push(`${where}: ${status}, but the goal changed`);
            } else if (row.kind !== 'unbound' && !changed) {
              wrong.push(`${where}: ${status}, but nothing changed`);
            }
            if (expected === 'listed' && !text.includes(t.goal)) wrong.push(`${where}: not listed`);
            if (expected === 'unlisted' && text.includes(t.goal)) wrong.push(`${where}: listed`);
          }
        }
      }
      expect(wrong).toEqual([]);
      expect({ cells, refused }).toEqual({ cells: TABLE.length * ROLES.length * 2, refused: 100 });
    });
  }

  it('leaves the owner able to see and delete their goal after a contributor tried to take it', async () => {
    const t = await freshTarget(false, 'contributor');
    const attack = { owner_id: t.caller, contributor_ids: [], private: true };
    await expect(as('dee').updateGoal(t.goal, attack)).rejects.toMatchObject({
      status: 403,
      message:
        "only the goal's owner and administrators may change owner_id, contributor_ids, private; contributors change its content",
    });
    expect((await as('ben').getGoal(t.goal)).owner.id).toBe(server.fixture.ids.ben);
    await expect(as('dee').deleteGoal(t.goal)).rejects.toMatchObject({ status: 403 });
    await as('ben').deleteGoal(t.goal);
  });
});

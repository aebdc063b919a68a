/**
 * Goals and goal updates for one person: visibility, who may change what, the fields' rules, and
 * progress and confidence from the newest update.
 */

import { ForbiddenError, NotFoundError, ValidationError } from './errors.js';
import { goalFieldErrors, goalUpdateFieldErrors } from './goal-field-rules.js';
import type { GoalInput, GoalPatch, GoalUpdateInput, GoalUpdatePatch } from './goal-input.js';
import { goalListParams } from './goal-query.js';
import {
  INITIAL_CONFIDENCE,
  INITIAL_PROGRESS,
  mayChangeGoal,
  mayChangeGoalUpdate,
  mayChangeOwnerFields,
  mayDeleteGoal,
  normaliseConfidence,
  ownerFieldsChanged,
} from './goal-rules.js';
import { isUuid, newId } from './ids.js';
import { pageOf, parsePaging, windowOf } from './paging.js';
import { parseIdPrefixQuery, parseQuery } from './query-params.js';
import type { GoalRow, GoalUpdateRow, TeamRow } from './repository.js';
import { goalRef, serializeGoal, serializeGoalUpdate, teamRef } from './serialize.js';
import type { ServiceContext } from './service-context.js';
import { timestamp } from './time.js';
import type { Goal, GoalUpdate, Page } from './types.js';
import {
  canSeeGoal,
  canSeeGoalUpdate,
  canSeeTeam,
  goalFilter,
  type Viewer,
  visibleTeamsAmong,
} from './visibility.js';

/** Goal updates read at a time while an id-prefix list fills its page with the ones the viewer can see. */
const PREFIX_BATCH = 50;

const lower = (ids: string[] | undefined) => ids?.map((id) => id.toLowerCase());

/** The bodies' schemas (zod) load with the first write: reading goals needs none of them. */
const inputSchemas = () => import('./goal-input.js');
const unique = (ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

/** Broken rules are a 422 naming each. */
function requireValid(errors: string[]): void {
  if (errors.length > 0) throw new ValidationError(errors);
}

export class Goals {
  constructor(private readonly context: ServiceContext) {}

  private get repo() {
    return this.context.repo;
  }

  private now(): string {
    return timestamp(this.context.options.clock.now());
  }

  // --- visibility and permissions -----------------------------------------------------------------

  /** A goal the viewer can see, or 404. */
  async visibleGoal(viewer: Viewer, id: string): Promise<GoalRow> {
    const goal = isUuid(id) ? await this.repo.findGoal(id.toLowerCase()) : undefined;
    if (!goal || !canSeeGoal(viewer, goal)) throw new NotFoundError(`no goal ${id}`);
    return goal;
  }

  /**
   * A write of a body: the credential may write (403), the body has its shape (400, before anything is
   * read), then the work runs in one transaction as the caller.
   */
  private async write<Body, T>(
    input: unknown,
    parserOf: (schemas: Awaited<ReturnType<typeof inputSchemas>>) => (input: unknown) => Body,
    work: (viewer: Viewer, parsed: Body) => Promise<T>,
  ): Promise<T> {
    this.context.requireScope('write');
    const parsed = parserOf(await inputSchemas())(input);
    const viewer = await this.context.viewer();
    return this.repo.transaction(() => work(viewer, parsed));
  }

  /** A goal the viewer can see (or 404) and may change (or 403, saying they may not `act`). */
  private async changeableGoal(viewer: Viewer, id: string, act: string): Promise<GoalRow> {
    const goal = await this.visibleGoal(viewer, id);
    if (!mayChangeGoal(viewer, goal)) {
      throw new ForbiddenError(`only the owner, contributors and administrators may ${act}`);
    }
    return goal;
  }

  /** A goal update whose goal the viewer can see, or 404. */
  async visibleUpdate(viewer: Viewer, id: string): Promise<{ update: GoalUpdateRow; goal: GoalRow }> {
    const update = isUuid(id) ? await this.repo.findGoalUpdate(id.toLowerCase()) : undefined;
    const goal = update && (await this.repo.findGoal(update.goal_id));
    if (!update || !goal || !canSeeGoalUpdate(viewer, goal)) throw new NotFoundError(`no goal update ${id}`);
    return { update, goal };
  }

  // --- goals --------------------------------------------------------------------------------------

  async list(query: unknown): Promise<Page<Goal>> {
    const parsed = parseQuery(goalListParams, query);
    const paging = { page: parsed.page ?? 1, perPage: parsed.per_page ?? 30 };
    const viewer = await this.context.viewer();
    const rows = await this.repo.listGoals(
      {
        visibility: goalFilter(viewer),
        includeArchived: parsed.archived === true,
        goalIds: lower(parsed.goal_ids),
        personIds: lower(parsed.people_ids),
        teamIds: await this.context.teamFilterIds(viewer, parsed.team_ids),
        since: parsed.since,
        search: parsed.search,
        idPrefix: parsed.id_prefix,
      },
      windowOf(paging),
    );
    return pageOf(rows, paging, (page) => this.serialize(viewer, page));
  }

  async get(id: string): Promise<Goal> {
    const viewer = await this.context.viewer();
    return (await this.serialize(viewer, [await this.visibleGoal(viewer, id)]))[0] as Goal;
  }

  async create(input: GoalInput): Promise<Goal> {
    return this.write(
      input,
      (schemas) => schemas.parseGoalInput,
      async (viewer, parsed) => {
        const now = this.now();
        const row: GoalRow = {
          id: await newId(),
          title: '',
          description: null,
          start_date: null,
          end_date: null,
          update_cadence: null,
          owner_id: viewer.person.id,
          parent_id: null,
          private: false,
          archived: false,
          created_at: now,
          updated_at: now,
          contributor_ids: [],
          team_ids: [],
        };
        const goal = await this.apply(viewer, row, parsed, true);
        await this.repo.saveGoal(goal);
        await (await this.context.digest()).goalCreated(goal, viewer.person.id);
        return (await this.serialize(viewer, [goal]))[0] as Goal;
      },
    );
  }

  async update(id: string, input: GoalPatch): Promise<Goal> {
    return this.write(
      input,
      (schemas) => schemas.parseGoalInput,
      async (viewer, parsed) => {
        const current = await this.changeableGoal(viewer, id, 'change a goal');
        const ownersOnly = ownerFieldsChanged(current, parsed);
        if (ownersOnly.length > 0 && !mayChangeOwnerFields(viewer, current)) {
          throw new ForbiddenError(
            `only the goal's owner and administrators may change ${ownersOnly.join(', ')}; contributors change its content`,
          );
        }
        const goal = await this.apply(viewer, { ...current, updated_at: this.now() }, parsed, false);
        await this.repo.saveGoal(goal);
        return (await this.serialize(viewer, [goal]))[0] as Goal;
      },
    );
  }

  async delete(id: string): Promise<void> {
    this.context.requireScope('write');
    const viewer = await this.context.viewer();
    await this.repo.transaction(async () => {
      const goal = await this.visibleGoal(viewer, id);
      if (!mayDeleteGoal(viewer, goal)) {
        throw new ForbiddenError('only the owner and administrators may delete a goal');
      }
      await this.repo.deleteGoal(goal.id);
    });
  }

  /** Checks the input's rules against the stored world and returns the goal with it applied. */
  private async apply(viewer: Viewer, goal: GoalRow, input: GoalInput, creating: boolean): Promise<GoalRow> {
    const errors = goalFieldErrors(input, creating);
    const next: GoalRow = { ...goal };
    if (typeof input.title === 'string') next.title = input.title.trim();
    for (const field of ['description', 'start_date', 'end_date', 'update_cadence'] as const) {
      if (input[field] !== undefined) next[field] = input[field] ?? null;
    }
    if (input.private !== undefined) next.private = input.private;
    if (input.archived !== undefined) next.archived = input.archived;
    if (next.start_date && next.end_date && next.end_date < next.start_date) {
      errors.push('end_date may not precede start_date');
    }
    if (typeof input.owner_id === 'string' && isUuid(input.owner_id)) {
      const owner = await this.repo.findPerson(input.owner_id.toLowerCase());
      if (owner) next.owner_id = owner.id;
      else errors.push(`owner_id must name a person of the account: ${input.owner_id}`);
    } else if (input.owner_id === null) errors.push('owner_id cannot be removed');
    if (input.contributor_ids !== undefined) {
      const ids = unique(input.contributor_ids);
      const found = new Set((await this.repo.peopleByIds(ids.filter(isUuid))).map((p) => p.id));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length)
        errors.push(`contributor_ids must name people of the account: ${missing.join(', ')}`);
      else next.contributor_ids = ids;
    }
    if (input.team_ids !== undefined) {
      const ids = unique(input.team_ids);
      const found = new Map((await this.repo.teamsByIds(ids.filter(isUuid))).map((t) => [t.id, t]));
      const missing = ids.filter((id) => !found.has(id) || !canSeeTeam(viewer, found.get(id) as TeamRow));
      if (missing.length) errors.push(`team_ids must name existing teams: ${missing.join(', ')}`);
      else next.team_ids = ids;
    }
    if (input.parent_id === null) next.parent_id = null;
    else if (typeof input.parent_id === 'string' && isUuid(input.parent_id)) {
      const parent = await this.repo.findGoal(input.parent_id.toLowerCase());
      const parentError = await this.parentError(viewer, goal.id, input.parent_id.toLowerCase(), parent);
      if (parentError) errors.push(parentError);
      else next.parent_id = input.parent_id.toLowerCase();
      // A private goal's children are private unless made public explicitly (docs/decisions.md).
      if (!parentError && parent?.private && input.private === undefined && parent.id !== goal.parent_id)
        next.private = true;
    }
    requireValid(errors);
    return next;
  }

  /** A parent must be a goal the viewer can see, and not the goal itself or one of its descendants. */
  private async parentError(
    viewer: Viewer,
    goalId: string,
    parentId: string,
    parent: GoalRow | undefined,
  ): Promise<string | undefined> {
    if (!parent || !canSeeGoal(viewer, parent)) return `parent_id must name a goal you can see: ${parentId}`;
    const seen = new Set<string>();
    for (let current: GoalRow | undefined = parent; current; ) {
      if (current.id === goalId) return 'parent_id would make the goal its own ancestor';
      if (seen.has(current.id) || current.parent_id === null) break;
      seen.add(current.id);
      current = await this.repo.findGoal(current.parent_id);
    }
    return undefined;
  }

  /** @internal */
  async serialize(viewer: Viewer, rows: GoalRow[]): Promise<Goal[]> {
    if (rows.length === 0) return [];
    const personIds = rows.flatMap((row) => [row.owner_id, ...row.contributor_ids]);
    const parentIds = rows.map((row) => row.parent_id).filter((id): id is string => id !== null);
    const [ref, teams, parents, latest] = await Promise.all([
      this.context.personRefs(personIds),
      this.context.teamRows(rows.flatMap((row) => row.team_ids)),
      this.repo.goalsByIds([...new Set(parentIds)]),
      this.repo.latestGoalUpdates(rows.map((row) => row.id)),
    ]);
    const parentById = new Map(parents.map((parent) => [parent.id, parent]));
    return rows.map((row) => {
      const parent = row.parent_id ? parentById.get(row.parent_id) : undefined;
      const newest = latest.get(row.id);
      return serializeGoal(
        row,
        {
          owner: ref(row.owner_id),
          parent: parent && canSeeGoal(viewer, parent) ? goalRef(parent) : null,
          contributors: row.contributor_ids.map(ref).sort((a, b) => a.name.localeCompare(b.name)),
          teams: visibleTeamsAmong(viewer, row.team_ids, teams)
            .sort((a, b) => a.name.localeCompare(b.name))
            .map(teamRef),
          progress: newest?.progress ?? INITIAL_PROGRESS,
          confidence: newest?.confidence ?? INITIAL_CONFIDENCE,
        },
        this.context.urls,
      );
    });
  }

  // --- goal updates -------------------------------------------------------------------------------

  async listUpdates(goalId: string, query: unknown): Promise<Page<GoalUpdate>> {
    const paging = parsePaging(query);
    const viewer = await this.context.viewer();
    const goal = await this.visibleGoal(viewer, goalId);
    const rows = await this.repo.listGoalUpdates(goal.id, windowOf(paging));
    return pageOf(rows, paging, (page) => this.serializeUpdates(page, goal));
  }

  /**
   * The goal updates the viewer can see whose id starts with a prefix, in id order. Matching rows are read
   * a batch at a time after the last one read, their goals' visibility applied here, until the page is
   * full: updates of goals the viewer cannot see cost a read but never hide the others, and a short
   * prefix reads no more than the page needs.
   */
  async listUpdatesByIdPrefix(query: unknown): Promise<Page<GoalUpdate>> {
    const { prefix, ...paging } = parseIdPrefixQuery(query);
    const viewer = await this.context.viewer();
    const wanted = paging.page * paging.perPage + 1;
    const visible: { update: GoalUpdateRow; goal: GoalRow }[] = [];
    let after: string | undefined;
    while (visible.length < wanted) {
      const rows = await this.repo.goalUpdatesWithIdPrefix(prefix, after, PREFIX_BATCH);
      const goals = new Map(
        (await this.repo.goalsByIds([...new Set(rows.map((row) => row.goal_id))])).map((goal) => [
          goal.id,
          goal,
        ]),
      );
      for (const update of rows) {
        const goal = goals.get(update.goal_id);
        if (goal && canSeeGoalUpdate(viewer, goal)) visible.push({ update, goal });
      }
      after = rows.at(-1)?.id;
      if (rows.length < PREFIX_BATCH) break;
    }
    const window = visible.slice((paging.page - 1) * paging.perPage);
    return pageOf(window, paging, async (page) =>
      (await Promise.all(page.map(({ update, goal }) => this.serializeUpdates([update], goal)))).flat(),
    );
  }

  async getUpdate(id: string): Promise<GoalUpdate> {
    const viewer = await this.context.viewer();
    const { update, goal } = await this.visibleUpdate(viewer, id);
    return (await this.serializeUpdates([update], goal))[0] as GoalUpdate;
  }

  async createUpdate(goalId: string, input: GoalUpdateInput): Promise<GoalUpdate> {
    return this.write(
      input,
      (schemas) => schemas.parseGoalUpdateInput,
      async (viewer, parsed) => {
        const goal = await this.changeableGoal(viewer, goalId, 'post updates to a goal');
        requireValid(goalUpdateFieldErrors(parsed, true));
        const current = (await this.repo.latestGoalUpdates([goal.id])).get(goal.id);
        const now = this.now();
        const row: GoalUpdateRow = {
          id: await newId(),
          goal_id: goal.id,
          person_id: viewer.person.id,
          title: parsed.title ?? null,
          body: parsed.body ?? null,
          progress: parsed.progress ?? current?.progress ?? INITIAL_PROGRESS,
          confidence: normaliseConfidence(parsed.confidence ?? current?.confidence ?? INITIAL_CONFIDENCE),
          created_at: now,
          updated_at: now,
        };
        const saved = await this.saveUpdate(row, goal);
        await (await this.context.digest()).goalUpdatePosted(row, goal);
        return saved;
      },
    );
  }

  async updateUpdate(id: string, input: GoalUpdatePatch): Promise<GoalUpdate> {
    return this.write(
      input,
      (schemas) => schemas.parseGoalUpdateInput,
      async (viewer, parsed) => {
        const { update, goal } = await this.visibleUpdate(viewer, id);
        this.requireAuthor(viewer, update);
        requireValid(goalUpdateFieldErrors(parsed, false));
        const row: GoalUpdateRow = { ...update, updated_at: this.now() };
        if (parsed.title !== undefined) row.title = parsed.title;
        if (parsed.body !== undefined) row.body = parsed.body;
        if (typeof parsed.progress === 'number') row.progress = parsed.progress;
        if (typeof parsed.confidence === 'number') row.confidence = normaliseConfidence(parsed.confidence);
        return this.saveUpdate(row, goal);
      },
    );
  }

  async deleteUpdate(id: string): Promise<void> {
    this.context.requireScope('write');
    const viewer = await this.context.viewer();
    await this.repo.transaction(async () => {
      const { update } = await this.visibleUpdate(viewer, id);
      this.requireAuthor(viewer, update);
      await this.repo.deleteGoalUpdate(update.id);
    });
  }

  /** Saves an update; its goal counts as changed when it was (its updated_at). */
  private async saveUpdate(row: GoalUpdateRow, goal: GoalRow): Promise<GoalUpdate> {
    await this.repo.saveGoalUpdate(row);
    await this.repo.saveGoal({ ...goal, updated_at: row.updated_at });
    return (await this.serializeUpdates([row], goal))[0] as GoalUpdate;
  }

  private requireAuthor(viewer: Viewer, update: GoalUpdateRow): void {
    if (!mayChangeGoalUpdate(viewer, update)) {
      throw new ForbiddenError('only its author and administrators may change a goal update');
    }
  }

  /** @internal */
  async serializeUpdates(rows: GoalUpdateRow[], goal: GoalRow): Promise<GoalUpdate[]> {
    const authorOf = await this.context.personRefs(rows.map((row) => row.person_id));
    return rows.map((row) =>
      serializeGoalUpdate(row, goalRef(goal), authorOf(row.person_id), this.context.urls),
    );
  }
}

import { NotFoundError } from './errors.js';
import { mentionsIn } from './goal-rules.js';
import { isUuid, newId } from './ids.js';
import { pageOf, windowOf } from './paging.js';
import { enumParam, pageParams, param, parseQuery } from './query-params.js';
import type {
  CheckInRow,
  CommentRow,
  DigestResourceType,
  DigestRow,
  EchoAnswerRow,
  GoalRow,
  GoalUpdateRow,
} from './repository.js';
import { serializeComment } from './serialize.js';
import type { ServiceContext } from './service-context.js';
import { normaliseDateTime, timestamp, wireTime } from './time.js';
import type { DigestCategory, DigestEntry, Page } from './types.js';
import {
  type CommentTarget,
  canSeeCheckIn,
  canSeeComment,
  canSeeGoal,
  canSeeGoalUpdate,
  ownedBy,
  type Viewer,
} from './visibility.js';

const CATEGORIES = ['check-in', 'comment', 'echo', 'goal'] as const;

const resourceKey = (type: DigestResourceType, id: string) => `${type}|${id}`;

const digestParams = {
  ...pageParams,
  category: enumParam(`category must be one of ${CATEGORIES.join(', ')}`, CATEGORIES),
  unread: param('unread only takes the value true', (value) =>
    value === true || value === 'true' ? ('true' as const) : undefined,
  ),
  since: param('since must be a date-time (ISO 8601 with a zone)', (value) =>
    typeof value === 'string' && normaliseDateTime(value) !== undefined ? value : undefined,
  ),
};

export class Digest {
  constructor(private readonly context: ServiceContext) {}

  // --- publishing ---------------------------------------------------------------------------------

  private async publish(
    recipients: Iterable<string>,
    /** Nobody gets an entry for their own doing; an Echo answer has no author. */
    author: string | undefined,
    category: DigestCategory,
    type: DigestResourceType,
    id: string,
    canSee: (viewer: Viewer) => boolean,
    publishedAt = timestamp(this.context.options.clock.now()),
  ): Promise<void> {
    const entries: DigestRow[] = [];
    for (const recipient of new Set(recipients)) {
      if (recipient === author) continue;
      const viewer = await this.context.viewerFor(recipient);
      if (!viewer || !canSee(viewer)) continue;
      entries.push({
        id: await newId(),
        recipient_id: recipient,
        category,
        resource_type: type,
        resource_id: id,
        published_at: publishedAt,
        read_at: null,
      });
    }
    await this.context.repo.publishDigest(entries);
  }

  /** A completed check-in reaches the members of its teams. */
  async checkInCompleted(row: CheckInRow): Promise<void> {
    const members = await this.context.repo.memberIdsOfTeams(row.team_ids);
    await this.publish(
      [...members.values()].flat(),
      row.person_id,
      'check-in',
      'check-in',
      row.id,
      (viewer) => canSeeCheckIn(viewer, row),
    );
  }

  /** Who a goal's news reaches: owner, contributors and the goal's teams (a private goal: its people only). */
  private async goalAudience(goal: GoalRow): Promise<string[]> {
    const people = [goal.owner_id, ...goal.contributor_ids];
    if (goal.private) return people;
    const members = await this.context.repo.memberIdsOfTeams(goal.team_ids);
    return [...people, ...[...members.values()].flat()];
  }

  async goalCreated(goal: GoalRow, author: string): Promise<void> {
    await this.publish(await this.goalAudience(goal), author, 'goal', 'goal', goal.id, (viewer) =>
      canSeeGoal(viewer, goal),
    );
  }

  async goalUpdatePosted(update: GoalUpdateRow, goal: GoalRow): Promise<void> {
    await this.publish(
      await this.goalAudience(goal),
      update.person_id,
      'goal',
      'goal-update',
      update.id,
      (viewer) => canSeeGoalUpdate(viewer, goal),
    );
  }

  /** An Echo answer reaches the question's owner, published at its scheduled time. */
  async echoAnswersPublished(answers: EchoAnswerRow[]): Promise<void> {
    for (const answer of answers) {
      await this.publish(
        [answer.person_id],
        undefined,
        'echo',
        'echo-answer',
        answer.id,
        () => true,
        answer.published_at,
      );
    }
  }

  /** A comment reaches the item's author, earlier commenters and the people it @mentions. */
  async commentPosted(comment: CommentRow): Promise<void> {
    const { repo } = this.context;
    let itemAuthor: string | undefined;
    let item: CommentTarget;
    if (comment.resource_type === 'check-in') {
      const checkIn = (await repo.findCheckIn(comment.resource_id)) as CheckInRow;
      itemAuthor = checkIn.person_id;
      item = { checkIn };
    } else {
      const update = (await repo.findGoalUpdate(comment.resource_id)) as GoalUpdateRow;
      itemAuthor = update.person_id;
      item = { goal: (await repo.findGoal(update.goal_id)) as GoalRow };
    }
    const earlier = await repo.listComments(comment.resource_type, comment.resource_id, {
      offset: 0,
      limit: 1000,
    });
    const mentioned: string[] = [];
    for (const username of mentionsIn(comment.body)) {
      const person = await repo.findPersonByUsername(username);
      if (person) mentioned.push(person.id);
    }
    await this.publish(
      [itemAuthor, ...earlier.map((c) => c.person_id), ...mentioned],
      comment.person_id,
      'comment',
      'comment',
      comment.id,
      (viewer) => canSeeComment(viewer, item),
    );
  }

  // --- reading ------------------------------------------------------------------------------------

  async list(query: unknown): Promise<Page<DigestEntry>> {
    const parsed = parseQuery(digestParams, query);
    const paging = { page: parsed.page ?? 1, perPage: parsed.per_page ?? 30 };
    const viewer = await this.context.viewer();
    await (await this.context.echoAnswers()).catchUp(viewer.person.id);
    const rows = await this.context.repo.listDigest(
      {
        recipientId: viewer.person.id,
        category: parsed.category,
        unreadOnly: parsed.unread === 'true',
        since: parsed.since === undefined ? undefined : normaliseDateTime(parsed.since),
      },
      windowOf(paging),
    );
    return pageOf(rows, paging, (page) => this.entries(viewer, page));
  }

  /** The entries of digest rows; a resource the reader can no longer see (or that is gone) is left out. */
  private async entries(viewer: Viewer, rows: DigestRow[]): Promise<DigestEntry[]> {
    const resources = await this.resources(viewer, rows);
    const items: DigestEntry[] = [];
    for (const row of rows) {
      const resource = resources.get(resourceKey(row.resource_type, row.resource_id));
      if (resource)
        items.push({
          id: row.id,
          category: row.category as DigestCategory,
          published_at: wireTime(row.published_at),
          read_at: wireTime(row.read_at),
          resource,
        });
    }
    return items;
  }

  /**
   * The resources of digest rows that the reader can see, by resourceKey: each kind read and serialised
   * in one batch (a page of entries costs a few queries, not a few per entry).
   */
  private async resources(viewer: Viewer, rows: DigestRow[]): Promise<Map<string, DigestEntry['resource']>> {
    const { repo } = this.context;
    const idsOf = (type: DigestResourceType) => [
      ...new Set(rows.filter((row) => row.resource_type === type).map((row) => row.resource_id)),
    ];
    const found = new Map<string, DigestEntry['resource']>();
    const add = (type: DigestResourceType, id: string, resource: DigestEntry['resource'] | undefined) => {
      if (resource) found.set(resourceKey(type, id), resource);
    };
    const comments = await repo.commentsByIds(idsOf('comment'));
    const commentedCheckIns = comments
      .filter((c) => c.resource_type === 'check-in')
      .map((c) => c.resource_id);
    const commentedUpdates = comments
      .filter((c) => c.resource_type === 'goal-update')
      .map((c) => c.resource_id);
    const [checkIns, goals, updates] = await Promise.all([
      repo.checkInsByIds([...new Set([...idsOf('check-in'), ...commentedCheckIns])]),
      repo.goalsByIds(idsOf('goal')),
      repo.goalUpdatesByIds([...new Set([...idsOf('goal-update'), ...commentedUpdates])]),
    ]);
    const goalsOfUpdates = new Map(
      (await repo.goalsByIds([...new Set(updates.map((update) => update.goal_id))])).map((goal) => [
        goal.id,
        goal,
      ]),
    );
    const visibleCheckIns = new Map(
      checkIns.filter((row) => canSeeCheckIn(viewer, row)).map((row) => [row.id, row]),
    );
    const visibleUpdates = new Map<string, { update: GoalUpdateRow; goal: GoalRow }>();
    for (const update of updates) {
      const goal = goalsOfUpdates.get(update.goal_id);
      if (goal && canSeeGoalUpdate(viewer, goal)) visibleUpdates.set(update.id, { update, goal });
    }

    const wantedCheckIns = new Set(idsOf('check-in'));
    const shownCheckIns = [...visibleCheckIns.values()].filter((row) => wantedCheckIns.has(row.id));
    const shownGoals = goals.filter((goal) => canSeeGoal(viewer, goal));
    const shownUpdates = idsOf('goal-update').flatMap((id) => visibleUpdates.get(id) ?? []);
    const shownComments = comments.filter((comment) =>
      comment.resource_type === 'check-in'
        ? visibleCheckIns.has(comment.resource_id)
        : visibleUpdates.has(comment.resource_id),
    );
    const updatesByGoal = new Map<string, { goal: GoalRow; updates: GoalUpdateRow[] }>();
    for (const { update, goal } of shownUpdates) {
      const group = updatesByGoal.get(goal.id) ?? { goal, updates: [] };
      group.updates.push(update);
      updatesByGoal.set(goal.id, group);
    }
    const goalPart = await this.context.goals();
    const [checkInItems, goalItems, updateItems, authors] = await Promise.all([
      this.context.checkIns.serialize(viewer, shownCheckIns),
      goalPart.serialize(viewer, shownGoals),
      Promise.all(
        [...updatesByGoal.values()].map(({ goal, updates }) => goalPart.serializeUpdates(updates, goal)),
      ),
      this.context.personRefs(shownComments.map((comment) => comment.person_id)),
    ]);
    for (const item of checkInItems) add('check-in', item.id, item);
    for (const item of goalItems) add('goal', item.id, item);
    for (const item of updateItems.flat()) add('goal-update', item.id, item);
    for (const comment of shownComments) {
      add('comment', comment.id, serializeComment(comment, authors(comment.person_id)));
    }
    // Echo answers are their reader's own and few (one a question and occurrence).
    for (const id of idsOf('echo-answer')) {
      const answer = await repo.findEchoAnswer(id);
      const question = answer && (await repo.findEchoQuestion(answer.question_id));
      if (answer && question && ownedBy(viewer, answer.person_id))
        add('echo-answer', id, (await this.context.echoAnswers()).serialize(answer, question));
    }
    return found;
  }

  /** An extension of `pulse serve`: marks one entry read (idempotent). */
  async markRead(id: string): Promise<void> {
    this.context.requireScope('write');
    const viewer = await this.context.viewer();
    const row = isUuid(id) ? await this.context.repo.findDigestEntry(id.toLowerCase()) : undefined;
    if (!row || !ownedBy(viewer, row.recipient_id)) throw new NotFoundError(`no digest entry ${id}`);
    await this.context.repo.markDigestRead(
      viewer.person.id,
      [row.id],
      timestamp(this.context.options.clock.now()),
    );
  }

  /** An extension of `pulse serve`: marks every unread entry read; returns how many. */
  async markAllRead(): Promise<number> {
    this.context.requireScope('write');
    const viewer = await this.context.viewer();
    return this.context.repo.markDigestRead(
      viewer.person.id,
      undefined,
      timestamp(this.context.options.clock.now()),
    );
  }
}

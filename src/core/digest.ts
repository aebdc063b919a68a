/**
 * The personal digest: entries published to people other than the author when something happens that
 * concerns them, and only to people who can see it. Entries are read back as the full current object.
 */
import * as z from 'zod/mini';
import { normaliseDateTime } from './activity-input.js';
import type { CoreService, Viewer } from './core-service.js';
import { NotFoundError } from './errors.js';
import { mentionsIn } from './goal-rules.js';
import type { Goals } from './goals.js';
import { isUuid, newId } from './ids.js';
import type {
  CheckInRow,
  CommentRow,
  DigestResourceType,
  DigestRow,
  EchoAnswerRow,
  GoalRow,
  GoalUpdateRow,
} from './repository.js';
import { personRef, serializeComment } from './serialize.js';
import { timestamp } from './time.js';
import type { DigestCategory, DigestEntry, Page } from './types.js';
import { pageOf, pageParams, parseInput, windowOf } from './validation.js';

const CATEGORIES = ['check-in', 'comment', 'echo', 'goal'] as const;

const digestQuerySchema = z.object({
  ...pageParams,
  category: z.optional(z.enum(CATEGORIES, { error: `category must be one of ${CATEGORIES.join(', ')}` })),
  unread: z.optional(
    z.pipe(
      z.transform((value: unknown) => (value === true ? 'true' : value)),
      z.literal('true', { error: 'unread only takes the value true' }),
    ),
  ),
  since: z.optional(
    z.string({ error: 'since must be a date-time' }).check(
      z.refine((value) => normaliseDateTime(value) !== undefined, {
        error: 'since must be a date-time (ISO 8601 with a zone)',
      }),
    ),
  ),
});

export class Digest {
  constructor(
    private readonly core: CoreService,
    private readonly goals: Goals,
  ) {}

  // --- publishing ---------------------------------------------------------------------------------

  private async publish(
    recipients: Iterable<string>,
    /** Nobody gets an entry for their own doing; an Echo answer has no author. */
    author: string | undefined,
    category: DigestCategory,
    type: DigestResourceType,
    id: string,
    canSee: (viewer: Viewer) => boolean,
    publishedAt = timestamp(this.core.options.clock.now()),
  ): Promise<void> {
    const entries: DigestRow[] = [];
    for (const recipient of new Set(recipients)) {
      if (recipient === author) continue;
      const viewer = await this.core.viewerFor(recipient);
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
    await this.core.repo.publishDigest(entries);
  }

  /** A completed check-in reaches the members of its teams. */
  async checkInCompleted(row: CheckInRow): Promise<void> {
    const members = await this.core.repo.memberIdsOfTeams(row.team_ids);
    await this.publish(
      [...members.values()].flat(),
      row.person_id,
      'check-in',
      'check-in',
      row.id,
      (viewer) => this.core.canSeeCheckIn(viewer, row),
    );
  }

  /** Who a goal's news reaches: owner, contributors and the goal's teams (a private goal: its people only). */
  private async goalAudience(goal: GoalRow): Promise<string[]> {
    const people = [goal.owner_id, ...goal.contributor_ids];
    if (goal.private) return people;
    const members = await this.core.repo.memberIdsOfTeams(goal.team_ids);
    return [...people, ...[...members.values()].flat()];
  }

  async goalCreated(goal: GoalRow, author: string): Promise<void> {
    await this.publish(await this.goalAudience(goal), author, 'goal', 'goal', goal.id, (viewer) =>
      this.goals.canSee(viewer, goal),
    );
  }

  async goalUpdatePosted(update: GoalUpdateRow, goal: GoalRow): Promise<void> {
    await this.publish(
      await this.goalAudience(goal),
      update.person_id,
      'goal',
      'goal-update',
      update.id,
      (viewer) => this.goals.canSee(viewer, goal),
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
    const { repo } = this.core;
    let itemAuthor: string | undefined;
    let canSee: (viewer: Viewer) => boolean;
    if (comment.resource_type === 'check-in') {
      const checkIn = (await repo.findCheckIn(comment.resource_id)) as CheckInRow;
      itemAuthor = checkIn.person_id;
      canSee = (viewer) => this.core.canSeeCheckIn(viewer, checkIn);
    } else {
      const update = (await repo.findGoalUpdate(comment.resource_id)) as GoalUpdateRow;
      const goal = (await repo.findGoal(update.goal_id)) as GoalRow;
      itemAuthor = update.person_id;
      canSee = (viewer) => this.goals.canSee(viewer, goal);
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
      canSee,
    );
  }

  // --- reading ------------------------------------------------------------------------------------

  async list(query: unknown): Promise<Page<DigestEntry>> {
    const parsed = parseInput(digestQuerySchema, query ?? {});
    const paging = { page: parsed.page ?? 1, perPage: parsed.per_page ?? 30 };
    const viewer = await this.core.viewer();
    await this.core.echoAnswers.catchUp(viewer.person.id);
    const rows = await this.core.repo.listDigest(
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
    const items: DigestEntry[] = [];
    for (const row of rows) {
      const resource = await this.resourceOf(viewer, row);
      if (resource)
        items.push({
          id: row.id,
          category: row.category as DigestCategory,
          published_at: row.published_at,
          read_at: row.read_at,
          resource,
        });
    }
    return items;
  }

  private async resourceOf(viewer: Viewer, row: DigestRow): Promise<DigestEntry['resource'] | undefined> {
    const { repo } = this.core;
    switch (row.resource_type) {
      case 'check-in': {
        const checkIn = await repo.findCheckIn(row.resource_id);
        return checkIn && this.core.canSeeCheckIn(viewer, checkIn)
          ? (await this.core.checkIns(viewer, [checkIn]))[0]
          : undefined;
      }
      case 'goal': {
        const goal = await repo.findGoal(row.resource_id);
        return goal && this.goals.canSee(viewer, goal)
          ? (await this.goals.serialize(viewer, [goal]))[0]
          : undefined;
      }
      case 'goal-update': {
        const update = await repo.findGoalUpdate(row.resource_id);
        const goal = update && (await repo.findGoal(update.goal_id));
        return update && goal && this.goals.canSee(viewer, goal)
          ? (await this.goals.serializeUpdates([update], goal))[0]
          : undefined;
      }
      case 'echo-answer': {
        const answer = await repo.findEchoAnswer(row.resource_id);
        const question = answer && (await repo.findEchoQuestion(answer.question_id));
        return answer && question && answer.person_id === viewer.person.id
          ? this.core.echoAnswers.serialize(answer, question)
          : undefined;
      }
      case 'comment': {
        const comment = await repo.findComment(row.resource_id);
        if (!comment || !(await this.itemVisible(viewer, comment))) return undefined;
        const author = await repo.findPerson(comment.person_id);
        return serializeComment(comment, personRef(author ?? { id: comment.person_id, name: '' }));
      }
      default:
        return undefined;
    }
  }

  private async itemVisible(viewer: Viewer, comment: CommentRow): Promise<boolean> {
    const { repo } = this.core;
    if (comment.resource_type === 'check-in') {
      const checkIn = await repo.findCheckIn(comment.resource_id);
      return checkIn !== undefined && this.core.canSeeCheckIn(viewer, checkIn);
    }
    const update = await repo.findGoalUpdate(comment.resource_id);
    const goal = update && (await repo.findGoal(update.goal_id));
    return goal !== undefined && this.goals.canSee(viewer, goal);
  }

  /** An extension of `pulse serve`: marks one entry read (idempotent). */
  async markRead(id: string): Promise<void> {
    this.core.requireScope('write');
    const viewer = await this.core.viewer();
    const row = isUuid(id) ? await this.core.repo.findDigestEntry(id.toLowerCase()) : undefined;
    if (!row || row.recipient_id !== viewer.person.id) throw new NotFoundError(`no digest entry ${id}`);
    await this.core.repo.markDigestRead(viewer.person.id, [row.id], timestamp(this.core.options.clock.now()));
  }

  /** An extension of `pulse serve`: marks every unread entry read; returns how many. */
  async markAllRead(): Promise<number> {
    this.core.requireScope('write');
    const viewer = await this.core.viewer();
    return this.core.repo.markDigestRead(
      viewer.person.id,
      undefined,
      timestamp(this.core.options.clock.now()),
    );
  }
}

/**
 * Comments and reactions on check-ins and goal updates. The commented item must be visible to the
 * caller (404 otherwise); comments read oldest first, like a conversation.
 */
import type { CoreService, Viewer } from './core-service.js';
import { NotFoundError, ValidationError } from './errors.js';
import { MAX_TEXT } from './goal-field-rules.js';
import {
  type CommentInput,
  commentInputSchema,
  type ReactionInput,
  reactionInputSchema,
} from './goal-input.js';
import { isReactionName, REACTIONS } from './goal-rules.js';
import type { Goals } from './goals.js';
import { isUuid, newId } from './ids.js';
import { pageOf, parsePaging, windowOf } from './paging.js';
import type { ResourceType } from './repository.js';
import { personRef, serializeComment, serializeReaction } from './serialize.js';
import { timestamp } from './time.js';
import type { Comment, Page, Reaction, ResourceRef } from './types.js';
import { parseInput } from './validation.js';

export class Conversations {
  constructor(
    private readonly core: CoreService,
    private readonly goals: Goals,
  ) {}

  /** The item's canonical id once it is known to be visible to the viewer. */
  private async visibleItem(viewer: Viewer, resource: ResourceRef): Promise<string> {
    const id = resource.id.toLowerCase();
    if (resource.type === 'goal-update') return (await this.goals.visibleUpdate(viewer, id)).update.id;
    const checkIn = isUuid(id) ? await this.core.repo.findCheckIn(id) : undefined;
    if (!checkIn || !this.core.canSeeCheckIn(viewer, checkIn))
      throw new NotFoundError(`no check-in ${resource.id}`);
    return checkIn.id;
  }

  async listComments(resource: ResourceRef, query: unknown): Promise<Page<Comment>> {
    const paging = parsePaging(query);
    const viewer = await this.core.viewer();
    const id = await this.visibleItem(viewer, resource);
    const rows = await this.core.repo.listComments(resource.type, id, windowOf(paging));
    return pageOf(rows, paging, async (page) => {
      const people = await this.core.personRows(page.map((row) => row.person_id));
      return page.map((row) =>
        serializeComment(row, personRef(people.get(row.person_id) ?? { id: row.person_id, name: '' })),
      );
    });
  }

  async createComment(resource: ResourceRef, input: CommentInput): Promise<Comment> {
    this.core.requireScope('write');
    const parsed = parseInput(commentInputSchema, input);
    const viewer = await this.core.viewer();
    const id = await this.visibleItem(viewer, resource);
    const body = parsed.body ?? '';
    if (body.trim().length === 0) throw new ValidationError(['body is required and must not be blank']);
    if (body.length > MAX_TEXT) throw new ValidationError([`body must be at most ${MAX_TEXT} characters`]);
    const row = {
      id: await newId(),
      resource_type: resource.type as ResourceType,
      resource_id: id,
      person_id: viewer.person.id,
      body,
      created_at: timestamp(this.core.options.clock.now()),
    };
    await this.core.repo.transaction(async () => {
      await this.core.repo.insertComment(row);
      await (await this.core.digest()).commentPosted(row);
    });
    return serializeComment(row, personRef(viewer.person));
  }

  async listReactions(resource: ResourceRef, query: unknown): Promise<Page<Reaction>> {
    const paging = parsePaging(query);
    const viewer = await this.core.viewer();
    const id = await this.visibleItem(viewer, resource);
    const rows = await this.core.repo.listReactions(resource.type, id, windowOf(paging));
    return pageOf(rows, paging, async (page) => {
      const people = await this.core.personRows(page.map((row) => row.person_id));
      return page.map((row) =>
        serializeReaction(row, personRef(people.get(row.person_id) ?? { id: row.person_id, name: '' })),
      );
    });
  }

  private reactionName(input: ReactionInput): string {
    const name = parseInput(reactionInputSchema, input).name;
    if (typeof name !== 'string' || !isReactionName(name)) {
      throw new ValidationError([`name must be one of ${Object.keys(REACTIONS).join(', ')}`]);
    }
    return name;
  }

  /** Adds the caller's reaction; adding the same one again returns it unchanged (`created` false). */
  async addReaction(
    resource: ResourceRef,
    input: ReactionInput,
  ): Promise<{ reaction: Reaction; created: boolean }> {
    this.core.requireScope('write');
    const name = this.reactionName(input);
    const viewer = await this.core.viewer();
    return this.core.repo.transaction(async () => {
      const id = await this.visibleItem(viewer, resource);
      const existing = await this.core.repo.findReaction(resource.type, id, viewer.person.id, name);
      if (existing)
        return { reaction: serializeReaction(existing, personRef(viewer.person)), created: false };
      const row = {
        id: await newId(),
        resource_type: resource.type as ResourceType,
        resource_id: id,
        person_id: viewer.person.id,
        name,
        created_at: timestamp(this.core.options.clock.now()),
      };
      await this.core.repo.insertReaction(row);
      return { reaction: serializeReaction(row, personRef(viewer.person)), created: true };
    });
  }

  /** Removes the caller's reaction of that name; removing one that is not there is no error. */
  async removeReaction(resource: ResourceRef, input: ReactionInput): Promise<void> {
    this.core.requireScope('write');
    const name = this.reactionName(input);
    const viewer = await this.core.viewer();
    await this.core.repo.transaction(async () => {
      const id = await this.visibleItem(viewer, resource);
      const existing = await this.core.repo.findReaction(resource.type, id, viewer.person.id, name);
      if (existing) await this.core.repo.deleteReaction(existing.id);
    });
  }
}

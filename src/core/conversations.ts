/**
 * Comments and reactions on check-ins and goal updates. The commented item must be visible to the
 * caller (404 otherwise); comments read oldest first, like a conversation.
 */

import { NotFoundError, ValidationError } from './errors.js';
import { MAX_TEXT } from './goal-field-rules.js';
import {
  type CommentInput,
  commentInputSchema,
  type ReactionInput,
  reactionInputSchema,
} from './goal-input.js';
import { isReactionName, REACTIONS } from './goal-rules.js';
import { isUuid, newId } from './ids.js';
import { pageOf, parsePaging, windowOf } from './paging.js';
import type { ReactionRow, ResourceType, Window } from './repository.js';
import { personRef, serializeComment, serializeReaction } from './serialize.js';
import type { ServiceContext } from './service-context.js';
import { longerThan } from './text.js';
import { timestamp } from './time.js';
import type { Comment, Page, PersonRef, Reaction, ResourceRef } from './types.js';
import { parseInput } from './validation.js';
import { canSeeComment, type Viewer } from './visibility.js';

export class Conversations {
  constructor(private readonly context: ServiceContext) {}

  /** The item's canonical id once it is known to be visible to the viewer. */
  private async visibleItem(viewer: Viewer, resource: ResourceRef): Promise<string> {
    const id = resource.id.toLowerCase();
    if (resource.type === 'goal-update')
      return (await (await this.context.goals()).visibleUpdate(viewer, id)).update.id;
    const checkIn = isUuid(id) ? await this.context.repo.findCheckIn(id) : undefined;
    if (!checkIn || !canSeeComment(viewer, { checkIn }))
      throw new NotFoundError(`no check-in ${resource.id}`);
    return checkIn.id;
  }

  /** One page of the comments or reactions on an item the viewer can see, each with its author. */
  private async listOn<Row extends { person_id: string }, Item>(
    resource: ResourceRef,
    query: unknown,
    read: (type: ResourceType, id: string, window: Window) => Promise<Row[]>,
    serialize: (row: Row, author: PersonRef) => Item,
  ): Promise<Page<Item>> {
    const paging = parsePaging(query);
    const viewer = await this.context.viewer();
    const id = await this.visibleItem(viewer, resource);
    const rows = await read(resource.type, id, windowOf(paging));
    return pageOf(rows, paging, async (page) => {
      const authorOf = await this.context.personRefs(page.map((row) => row.person_id));
      return page.map((row) => serialize(row, authorOf(row.person_id)));
    });
  }

  async listComments(resource: ResourceRef, query: unknown): Promise<Page<Comment>> {
    const { repo } = this.context;
    return this.listOn(resource, query, (...where) => repo.listComments(...where), serializeComment);
  }

  async createComment(resource: ResourceRef, input: CommentInput): Promise<Comment> {
    this.context.requireScope('write');
    const parsed = parseInput(commentInputSchema, input);
    const viewer = await this.context.viewer();
    const id = await this.visibleItem(viewer, resource);
    const body = parsed.body ?? '';
    if (body.trim().length === 0) throw new ValidationError(['body is required and must not be blank']);
    if (longerThan(body, MAX_TEXT))
      throw new ValidationError([`body must be at most ${MAX_TEXT} characters`]);
    const row = {
      id: await newId(),
      resource_type: resource.type as ResourceType,
      resource_id: id,
      person_id: viewer.person.id,
      body,
      created_at: timestamp(this.context.options.clock.now()),
    };
    await this.context.repo.transaction(async () => {
      await this.context.repo.insertComment(row);
      await (await this.context.digest()).commentPosted(row);
    });
    return serializeComment(row, personRef(viewer.person));
  }

  async listReactions(resource: ResourceRef, query: unknown): Promise<Page<Reaction>> {
    const { repo } = this.context;
    return this.listOn(resource, query, (...where) => repo.listReactions(...where), serializeReaction);
  }

  private reactionName(input: ReactionInput): string {
    const name = parseInput(reactionInputSchema, input).name;
    if (typeof name !== 'string' || !isReactionName(name)) {
      throw new ValidationError([`name must be one of ${Object.keys(REACTIONS).join(', ')}`]);
    }
    return name;
  }

  /**
   * Runs change in one transaction with what it needs: the caller, the item's id once it is known to be
   * visible, the reaction's name and the caller's reaction of that name, if any.
   */
  private async onOwnReaction<T>(
    resource: ResourceRef,
    input: ReactionInput,
    change: (found: { viewer: Viewer; itemId: string; name: string; existing?: ReactionRow }) => Promise<T>,
  ): Promise<T> {
    this.context.requireScope('write');
    const name = this.reactionName(input);
    const viewer = await this.context.viewer();
    const { repo } = this.context;
    return repo.transaction(async () => {
      const itemId = await this.visibleItem(viewer, resource);
      const existing = await repo.findReaction(resource.type, itemId, viewer.person.id, name);
      return change({ viewer, itemId, name, ...(existing ? { existing } : {}) });
    });
  }

  /** Adds the caller's reaction; adding the same one again returns it unchanged (`created` false). */
  addReaction(
    resource: ResourceRef,
    input: ReactionInput,
  ): Promise<{ reaction: Reaction; created: boolean }> {
    return this.onOwnReaction(resource, input, async ({ viewer, itemId, name, existing }) => {
      if (existing)
        return { reaction: serializeReaction(existing, personRef(viewer.person)), created: false };
      const row: ReactionRow = {
        id: await newId(),
        resource_type: resource.type,
        resource_id: itemId,
        person_id: viewer.person.id,
        name,
        created_at: this.context.now(),
      };
      await this.context.repo.insertReaction(row);
      return { reaction: serializeReaction(row, personRef(viewer.person)), created: true };
    });
  }

  /** Removes the caller's reaction of that name; removing one that is not there is no error. */
  removeReaction(resource: ResourceRef, input: ReactionInput): Promise<void> {
    return this.onOwnReaction(resource, input, async ({ existing }) => {
      if (existing) await this.context.repo.deleteReaction(existing.id);
    });
  }
}

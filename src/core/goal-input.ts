/**
 * The shapes (400) of goal, goal update, comment and reaction bodies, checked with zod; their rules (422)
 * are in goal-field-rules.ts. Loaded with the first write: reading goals needs none of this.
 */
import * as z from 'zod/mini';
import { parseInput } from './validation.js';

const text = (name: string) => z.optional(z.nullable(z.string({ error: `${name} must be a string` })));
const flag = (name: string) => z.optional(z.boolean({ error: `${name} must be true or false` }));
const ids = (name: string) =>
  z.optional(
    z.array(z.string({ error: `${name} must be an array of ids` }), {
      error: `${name} must be an array of ids`,
    }),
  );
const body = { error: 'the request body must be a JSON object' };

export const goalInputSchema = z.object(
  {
    title: text('title'),
    description: text('description'),
    start_date: text('start_date'),
    end_date: text('end_date'),
    update_cadence: text('update_cadence'),
    owner_id: text('owner_id'),
    parent_id: text('parent_id'),
    private: flag('private'),
    archived: flag('archived'),
    contributor_ids: ids('contributor_ids'),
    team_ids: ids('team_ids'),
  },
  body,
);
/** A new goal's fields, as callers send them; the shapes are checked here (400), the rules in goal-field-rules.ts (422). */
export type GoalInput = z.input<typeof goalInputSchema>;
/** The fields of a goal to change; those left out keep their value. */
export type GoalPatch = z.input<typeof goalInputSchema>;

const score = (name: string) => z.optional(z.nullable(z.number({ error: `${name} must be a number` })));
export const goalUpdateInputSchema = z.object(
  { title: text('title'), body: text('body'), progress: score('progress'), confidence: score('confidence') },
  body,
);
/** A new goal update's fields; progress and confidence default to the goal's current ones. */
export type GoalUpdateInput = z.input<typeof goalUpdateInputSchema>;
/** The fields of a goal update to change. */
export type GoalUpdatePatch = z.input<typeof goalUpdateInputSchema>;

export const commentInputSchema = z.object({ body: text('body') }, body);
export const reactionInputSchema = z.object({ name: text('name') }, body);
export type CommentInput = z.input<typeof commentInputSchema>;
/** A reaction by name (thumbsup, heart, ...), added or removed. */
export type ReactionInput = z.input<typeof reactionInputSchema>;

export const parseGoalInput = (input: unknown): GoalInput => parseInput(goalInputSchema, input);
export const parseGoalUpdateInput = (input: unknown): GoalUpdateInput =>
  parseInput(goalUpdateInputSchema, input);

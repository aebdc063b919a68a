import { GOAL_FIELDS } from '../../json-fields.js';
import { defineCommand, writes } from '../define.js';
import { GOAL_CREATE_FLAGS } from './flags.js';

export const goalCreate = defineCommand('create', {
  summary: 'create a goal: prompts on a terminal, or all by flags',
  examples: [
    {
      command: 'pulse goal create --title "Ship v2" --team Core --cadence weekly --end 2026-12-31',
      says: 'a goal of the Core team, updated weekly, due by the end of the year',
    },
    {
      command: 'pulse goal create --title "Hire" --parent "Acquire Nimbus" --public',
      says: 'a public child of a private goal (without --public it would be private, like its parent)',
    },
  ],
  flags: GOAL_CREATE_FLAGS,
  ...writes(GOAL_FIELDS),
  load: () => import('./goal.js').then((m) => m.create),
});

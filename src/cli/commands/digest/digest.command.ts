import { DATE_HELP } from '../../help-text.js';
import { DIGEST_ENTRY_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { digestRead } from './read.command.js';

export const digest = defineCommand('digest', {
  summary: 'what was published to you: unread entries by category',
  examples: [
    {
      command: 'pulse digest',
      says: 'unread entries by category, each with the command that shows its item',
    },
    {
      command: 'pulse digest --all --category check-in --json',
      says: 'every check-in entry, read ones too, as JSON',
    },
  ],
  flags: [
    { flags: '--all', description: 'read entries too' },
    {
      flags: '--category <category>',
      description: 'only check-in, comment, echo or goal',
      suggest: ['check-in', 'comment', 'echo', 'goal'],
    },
    { flags: '--since <when>', description: `published on or after: an ISO date-time, or ${DATE_HELP}` },
    { flags: '--limit <n>', description: 'at most n entries (default 50)' },
  ],
  ...reads(DIGEST_ENTRY_FIELDS),
  children: [digestRead],
  load: () => import('./digest.js').then((m) => m.show),
});

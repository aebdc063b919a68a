import { MOOD_NAMES } from '../../../core/moods.js';
import { DATE_HELP } from '../../help-text.js';
import { CHECK_IN_FIELDS } from '../../json-fields.js';
import { defineCommand, writes } from '../define.js';
import { teamsFlag } from '../shared-flags.js';
import { checkinClear } from './clear.command.js';
import { checkinComment } from './comment.command.js';
import { checkinComments } from './comments.command.js';
import { checkinDue } from './due.command.js';
import { checkinList } from './list.command.js';
import { checkinReact } from './react.command.js';
import { checkinReactions } from './reactions.command.js';
import { checkinView } from './view.command.js';

export const checkin = defineCommand('checkin', {
  summary: 'fill in your check-in (today by default): prompts on a terminal, flags or --file otherwise',
  examples: [
    {
      command:
        'pulse checkin --previous "Reviewed #12" --intentions "Pair with Ana" --blockers none --mood focused',
      says: "today's check-in, all by flags",
    },
    {
      command: 'pulse checkin --file standup.md --date monday',
      says: "Monday's answers from a Markdown file",
    },
    {
      command: 'pulse checkin --date 2026-11-26 --discard-draft',
      says: 'drop the answers kept when that check-in was stopped half-way',
    },
  ],
  flags: [
    { flags: '--previous <text>', description: 'what you got done since your last check-in (Markdown)' },
    { flags: '--intentions <text>', description: 'what you intend to do (Markdown)' },
    { flags: '--blockers <text>', description: 'what blocks you; "none" (or no, n/a, -) means nothing' },
    { flags: '--mood <mood>', description: `one of ${MOOD_NAMES.join(', ')}`, suggest: MOOD_NAMES },
    { flags: '--done', description: 'you did what you intended last time' },
    { flags: '--not-done', description: 'you did not do what you intended last time' },
    teamsFlag('share with this team only (repeatable; default: all your teams)'),
    { flags: '--date <date>', description: `the check-in's date: ${DATE_HELP} (default today)` },
    { flags: '--file <path>', description: 'read answers from a Markdown or JSON file, "-" for stdin' },
    {
      flags: '--previous-from-activities',
      description:
        'without prompts, fill "previous" with your activities since your last check-in (prompts offer them)',
    },
    {
      flags: '--resume',
      description: 'send the check-in drafts kept while the server was unreachable (remote mode)',
    },
    {
      flags: '--discard-draft',
      description:
        "drop the answers kept when the prompts of this date's check-in were stopped (Ctrl-C, a closed terminal)",
    },
  ],
  ...writes(CHECK_IN_FIELDS),
  children: [
    checkinDue,
    checkinList,
    checkinView,
    checkinComments,
    checkinComment,
    checkinReactions,
    checkinReact,
    checkinClear,
  ],
  load: () => import('./fill.js').then((m) => m.run),
});

import { MOOD_NAMES } from '../../../core/moods.js';
import { DATE_HELP, WINDOW_END, WINDOW_START } from '../../help-text.js';
import { CHECK_IN_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { pagingFlags, peopleFlag, searchFlag, teamsFlag } from '../shared-flags.js';

export const checkinList = defineCommand('list', {
  summary: 'list completed check-ins you can see, newest first',
  examples: [
    {
      command: 'pulse checkin list --blocked --since monday',
      says: "this week's check-ins that name a blocker",
    },
    {
      command: 'pulse checkin list --during "last week" --person @me',
      says: 'your check-ins from Monday to Sunday of last week',
    },
    {
      command: 'pulse checkin list --search "staging deploy" --person @me --all',
      says: 'every check-in of yours that mentions a staging deploy',
    },
    { command: 'pulse checkin list --mood stressed --since monday', says: 'who has felt stressed this week' },
    {
      command: 'pulse checkin list --columns date,person,mood,previous',
      says: 'the columns you choose, by the names --json uses',
    },
    {
      command: "pulse checkin list --json person.name,blocked --jq '.[] | select(.blocked) | .person.name'",
      says: 'the names of the people blocked, one a line',
    },
    {
      command: 'pulse checkin list --all --json > check-ins.json',
      says: 'every check-in, written as read: memory stays flat however many there are',
    },
  ],
  flags: [
    { flags: '--since <date>', description: `on or after this date: ${DATE_HELP} (${WINDOW_START})` },
    { flags: '--until <date>', description: `on or before this date: ${DATE_HELP} (${WINDOW_END})` },
    { flags: '--during <dates>', description: `within these dates: ${DATE_HELP} (not with --since/--until)` },
    { flags: '--blocked', description: 'only check-ins with blockers (shown in place of the intentions)' },
    searchFlag(
      'only check-ins whose answers hold every word (any case and form: "deploy" finds "deploying")',
    ),
    { flags: '--mood <mood>', description: `only check-ins with this mood (${MOOD_NAMES.join(', ')})` },
    { flags: '--absent', description: 'only check-ins of days their author was marked absent' },
    {
      flags: '--columns <fields>',
      description: `the table's columns, in order: comma-separated fields as --json names them (${CHECK_IN_FIELDS.join(', ')})`,
    },
    peopleFlag('only this person: id, email, @username or name (repeatable)'),
    teamsFlag('only check-ins shared with this team: id or name (repeatable)'),
    ...pagingFlags('check-ins'),
  ],
  ...reads(CHECK_IN_FIELDS),
  load: () => import('./list.js').then((m) => m.run),
});

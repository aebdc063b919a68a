import { DATE_HELP } from '../../help-text.js';
import { CHECK_IN_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { pagingFlags, peopleFlag, teamsFlag } from '../shared-flags.js';

export const checkinList = defineCommand('list', {
  summary: 'list completed check-ins you can see, newest first',
  examples: [
    {
      command: 'pulse checkin list --blocked --since monday',
      says: "this week's check-ins that name a blocker",
    },
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
    { flags: '--since <date>', description: `on or after this date: ${DATE_HELP}` },
    { flags: '--until <date>', description: 'on or before this date (same forms as --since)' },
    { flags: '--blocked', description: 'only check-ins with blockers (shown in place of the intentions)' },
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

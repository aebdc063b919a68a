import { DATE_HELP, WINDOW_END, WINDOW_START } from '../../help-text.js';
import { ACTIVITY_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { pagingFlags, peopleFlag, searchFlag, teamsFlag } from '../shared-flags.js';

export const activityList = defineCommand('list', {
  summary: "your and your teammates' activities, newest first",
  examples: [
    {
      command: 'pulse activity list --kind github_pr --person ben@example.com --since monday',
      says: "Ben's pull requests since Monday",
    },
    {
      command: 'pulse activity list --search "release notes"',
      says: 'activities that mention release notes',
    },
  ],
  flags: [
    {
      flags: '--since <when>',
      description: `on or after: an ISO date-time, or ${DATE_HELP} (its start; ${WINDOW_START})`,
    },
    {
      flags: '--until <when>',
      description: `on or before: an ISO date-time, or ${DATE_HELP} (its end; ${WINDOW_END})`,
    },
    { flags: '--during <dates>', description: `within these dates: ${DATE_HELP} (not with --since/--until)` },
    {
      flags: '--kind <kind>',
      description: 'only this kind, e.g. github_pr or jira (repeatable)',
      repeatable: true,
    },
    peopleFlag("only this person's (repeatable)"),
    teamsFlag("only this team's members' (repeatable)"),
    searchFlag('only activities whose group, title or description holds every word'),
    ...pagingFlags('activities'),
  ],
  ...reads(ACTIVITY_FIELDS),
  load: () => import('./activity.js').then((m) => m.list),
});

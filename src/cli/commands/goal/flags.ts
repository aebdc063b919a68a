/** Flags shared by several goal verbs. */
import { DATE_HELP, FUTURE_WEEKDAY, WINDOW_END } from '../../help-text.js';
import { peopleFlag, searchFlag, teamsFlag } from '../shared-flags.js';

/** Which goals a list or the tree shows. */
export const GOAL_FILTER_FLAGS = [
  peopleFlag('goals this person owns or contributes to (repeatable)'),
  { flags: '--mine', description: 'goals you own or contribute to' },
  teamsFlag('goals of this team (repeatable)'),
  { flags: '--since <date>', description: `goals created or updated on or after: ${DATE_HELP}` },
  { flags: '--archived', description: 'include archived goals' },
  searchFlag(
    'goals whose title or description holds every word (any case and form: "deploy" finds "deploying")',
  ),
] as const;

/** What `goal create` and `goal edit` say of the flags that change what is the goal's owner's. */
const OWNER_FLAG_TEXT = {
  create: {
    owner: 'owner (default: you)',
    contributor: 'a contributor (repeatable; replaces the list)',
    private: 'only owner, contributors and administrators see it (the default under a private parent)',
    public: 'everyone in the account sees it (the default, but under a private parent)',
  },
  // Only the owner and administrators may change these (core/goal-rules.ts: OWNER_FIELDS).
  edit: {
    owner: 'hand the goal to this person (its owner and administrators only)',
    contributor: 'a contributor (repeatable; replaces the list; its owner and administrators only)',
    private: 'only owner, contributors and administrators see it (its owner and administrators only)',
    public:
      'everyone in the account sees it (its owner and administrators only; moved under a private parent without it, a goal becomes private)',
  },
} as const;

/** The fields of a goal: every flag of `goal create`, and of `goal edit` with their own title flag. */
const goalFieldFlags = <const Title extends string, const Verb extends keyof typeof OWNER_FLAG_TEXT>(
  title: Title,
  verb: Verb,
) =>
  [
    { flags: '--title <title>', description: title },
    { flags: '--description <markdown>', description: 'what it is about' },
    { flags: '--start <date>', description: `start date: ${DATE_HELP} ("" clears it)` },
    {
      flags: '--end <date>',
      description: `end date: ${DATE_HELP} (${FUTURE_WEEKDAY}; ${WINDOW_END}; "" clears it)`,
    },
    {
      flags: '--cadence <cadence>',
      description: 'update cadence: weekly, biweekly or monthly',
      suggest: ['weekly', 'biweekly', 'monthly'],
    },
    { flags: '--owner <person>', description: OWNER_FLAG_TEXT[verb].owner, suggest: 'people' },
    {
      flags: '--contributor <person>',
      description: OWNER_FLAG_TEXT[verb].contributor,
      repeatable: true,
      suggest: 'people',
    },
    teamsFlag('a team (repeatable; replaces the list)'),
    { flags: '--parent <goal>', description: 'the parent goal: id or part of its title' },
    { flags: '--private', description: OWNER_FLAG_TEXT[verb].private },
    { flags: '--public', description: OWNER_FLAG_TEXT[verb].public },
  ] as const;

export const GOAL_CREATE_FLAGS = goalFieldFlags('the goal (prompted on a terminal when missing)', 'create');
export const GOAL_EDIT_FLAGS = goalFieldFlags('a new title', 'edit');

/** A goal named on the command line. */
export const GOAL_ARGUMENT = { name: '<goal>', description: 'id or part of the title' } as const;

/** A goal update named on the command line. */
export const UPDATE_ARGUMENT = { name: '<id>', description: 'update id' } as const;

/** What a progress update says. */
export const UPDATE_FLAGS = [
  { flags: '--progress <percent>', description: 'progress, 0 to 100' },
  { flags: '--confidence <level>', description: 'confidence: 0 to 100, or off-track, at-risk, on-track' },
  { flags: '--title <title>', description: 'a headline' },
  { flags: '--body <markdown>', description: 'what happened (default on a terminal: your editor)' },
] as const;

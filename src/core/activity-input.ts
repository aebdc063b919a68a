/** Validation of activities: list queries (400 for malformed values) and custom activities (422 rules). */
import * as z from 'zod/mini';
import { idListParam, idPrefixParam, listParam, pageParams, param, searchParam } from './query-params.js';
import { longerThan } from './text.js';
import { normaliseDateTime } from './time.js';

/** The kinds GET /activities filters by, as the interface lists them (custom activities are not among them). */
export const ACTIVITY_KINDS = [
  'asana',
  'azure_devops',
  'bitbucket',
  'bitbucket_pr',
  'bitbucket_review',
  'bugsnag',
  'clubhouse',
  'confluence',
  'github',
  'github_pr',
  'github_review',
  'gitlab',
  'gitlab_mr',
  'google_calendar',
  'hubspot',
  'microsoft_outlook_calendar',
  'jira',
  'linear',
  'monday',
  'notion',
  'salesforce',
  'teamwork',
  'trello',
  'zendesk',
  'zoom_host',
  'zoom_attend',
  'workday',
] as const;

/** An ISO 8601 date-time with a zone, normalised to UTC. */
function dateTimeParam(name: string) {
  return param(`${name} must be a date-time (ISO 8601 with a zone, e.g. 2026-11-23T09:00:00Z)`, (value) =>
    typeof value === 'string' ? normaliseDateTime(value) : undefined,
  );
}

const isKind = (value: unknown): value is (typeof ACTIVITY_KINDS)[number] =>
  (ACTIVITY_KINDS as readonly unknown[]).includes(value);

export const activityListParams = {
  ...pageParams,
  since: dateTimeParam('since'),
  until: dateTimeParam('until'),
  kinds: listParam(`kinds[] must be among ${ACTIVITY_KINDS.join(', ')}`, (value) =>
    isKind(value) ? value : undefined,
  ),
  people_ids: idListParam('people_ids'),
  team_ids: idListParam('team_ids'),
  /** An extension of `pulse serve`: activities whose group, title or description holds every word. */
  search: searchParam(),
  /** An extension of `pulse serve`: activities whose id starts with these characters, in id order. */
  id_prefix: idPrefixParam(),
};

const text = (name: string) => z.optional(z.nullable(z.string({ error: `${name} must be a string` })));
export const activityInputSchema = z.object(
  { group: text('group'), description: text('description'), url: text('url') },
  { error: 'the request body must be a JSON object' },
);
/** A custom activity of the caller: group, description and an optional url. */
export type ActivityInput = z.input<typeof activityInputSchema>;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Rule violations of a custom activity. */
export function activityErrors(input: z.output<typeof activityInputSchema>): string[] {
  const errors: string[] = [];
  const group = input.group ?? '';
  const description = input.description ?? '';
  if (group.trim().length === 0 || longerThan(group, 64)) errors.push('group must be 1 to 64 characters');
  if (description.trim().length === 0 || longerThan(description, 256))
    errors.push('description must be 1 to 256 characters');
  if (input.url != null && !isHttpUrl(input.url)) errors.push('url must be an absolute http(s) URL');
  return errors;
}

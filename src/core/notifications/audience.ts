/**
 * Who a notification goes to, and what it may carry: a person's channels get their own reminders; a
 * team's channels get only what a plain member of that team could see (core/visibility.ts decides, for
 * a viewer who is a member of that team alone, neither administrator nor author of anything).
 */
import type { PersonRow } from '../repository.js';
import type { Viewer } from '../visibility.js';
import { subscribes } from '../webhooks/outbox.js';
import type { WebhookRow } from '../webhooks/repository.js';

/** Nobody in particular: the person of a plain member's viewpoint, who owns and authored nothing. */
const NOBODY: PersonRow = {
  id: '',
  name: '',
  first_name: '',
  last_name: '',
  slug: '',
  username: '',
  email: '',
  time_zone: 'UTC',
  location: null,
  title: null,
  bio: null,
  administrator: false,
  kind: 'human',
  created_at: '',
  updated_at: '',
};

/** The viewpoint of a plain member of only this team, who sees the team's whole history. */
export function plainMemberOf(teamId: string): Viewer {
  return { person: NOBODY, teamIds: [teamId], reportingTeamIds: [teamId], teamsFrom: [] };
}

/** The ids of a person's channels that receive `type`. */
export function personChannels(webhooks: readonly WebhookRow[], personId: string, type: string): number[] {
  return webhooks
    .filter((webhook) => webhook.person_id === personId && subscribes(webhook, type))
    .map((webhook) => webhook.id);
}

/** The ids of a team's channels that receive `type`. */
export function teamChannels(webhooks: readonly WebhookRow[], teamId: string, type: string): number[] {
  return webhooks
    .filter((webhook) => webhook.team_id === teamId && subscribes(webhook, type))
    .map((webhook) => webhook.id);
}

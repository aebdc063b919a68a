/**
 * What the resources in the interfaces' responses are, as far as the client relies on them: the fields it
 * reads, each with its JSON kind (`?`: may be null). The client checks every response against its
 * endpoint's resource before using it (checkResponse), so an answer of the wrong shape (a proxy's `{}`, an
 * empty 200, a list where one resource belongs) is one clear error naming the request, never a TypeError
 * in a command. `resourceOf<T>` makes the compiler refuse a field T lacks or a kind T's field cannot have.
 * Fields a deployment may leave out (the optional ones, some extensions) are not listed.
 */
import { UnavailableError } from '../errors.js';
import type { NotificationDelivery } from '../notifications/delivery-log.js';
import type {
  Channel,
  CreatedChannel,
  ReminderPreferences,
  TeamNotificationSettings,
} from '../notifications/types.js';
import type { StatusComponent, StatusNotice, StatusNoticeDetail, StatusPage } from '../status/types.js';
import type {
  Activity,
  Ask,
  CheckIn,
  Comment,
  DigestEntry,
  EchoAnswer,
  EchoQuestion,
  Goal,
  GoalUpdate,
  Person,
  Reaction,
  Team,
} from '../types.js';
import type {
  V1Comment,
  V1Member,
  V1MemberAbsence,
  V1MemberAbsenceItem,
  V1Reaction,
  V1Report,
  V1Status,
  V1StatusActivity,
  V1TeamAbsence,
  V1TeamAbsenceItem,
} from '../v1/types.js';
import type { CreatedWebhook, Webhook, WebhookDelivery } from '../webhooks/types.js';

type KindOf<V> = V extends string
  ? 'string'
  : V extends number
    ? 'number'
    : V extends boolean
      ? 'boolean'
      : V extends readonly unknown[]
        ? 'array'
        : V extends object
          ? 'object'
          : never;

/** A field's kind as written: `string`, or `string?` when the field may be null. */
type FieldKind<V> = null extends V ? `${KindOf<NonNullable<V>>}?` : KindOf<V>;

/** Some of T's fields, each with a kind its type allows. */
export type FieldsOf<T> = { readonly [K in keyof T]?: FieldKind<T[K]> };

/** A resource as the client checks it: how messages name it, and its fields' kinds. */
export interface ResourceShape {
  /** "a person", for "the server's answer to GET /me is not a person". */
  what: string;
  fields: Readonly<Record<string, string | undefined>>;
}

export const resourceOf = <T>(what: string, fields: FieldsOf<T>): ResourceShape => ({ what, fields });

const ref = { id: 'string', name: 'string' } as const;

// --- v2 --------------------------------------------------------------------------------------------------

export const PERSON = resourceOf<Person>('a person', {
  ...ref,
  email: 'string',
  time_zone: 'string',
  administrator: 'boolean',
  teams: 'array',
});
export const TEAM = resourceOf<Team>('a team', { ...ref, private: 'boolean', people: 'array' });
export const CHECK_IN = resourceOf<CheckIn>('a check-in', {
  id: 'string',
  date: 'string',
  person: 'object',
  teams: 'array',
  previous: 'string?',
  intentions: 'string?',
  blockers: 'string?',
  blocked: 'boolean',
});
export const GOAL = resourceOf<Goal>('a goal', {
  id: 'string',
  title: 'string',
  owner: 'object',
  progress: 'number',
  confidence: 'number',
  contributors: 'array',
  teams: 'array',
});
export const GOAL_UPDATE = resourceOf<GoalUpdate>('a goal update', {
  id: 'string',
  goal: 'object',
  person: 'object',
  progress: 'number',
  confidence: 'number',
  created_at: 'string',
});
export const COMMENT = resourceOf<Comment>('a comment', {
  id: 'string',
  body: 'string',
  person: 'object',
  created_at: 'string',
});
export const REACTION = resourceOf<Reaction>('a reaction', {
  id: 'string',
  name: 'string',
  person: 'object',
});
export const ACTIVITY = resourceOf<Activity>('an activity', {
  id: 'string',
  kind: 'string',
  group: 'string',
  description: 'string',
  recorded_at: 'string',
  person: 'object',
});
export const ECHO_QUESTION = resourceOf<EchoQuestion>('an Echo question', {
  id: 'string',
  prompt: 'string',
  title: 'string',
  answer_frequency: 'string',
});
export const ECHO_ANSWER = resourceOf<EchoAnswer>('an Echo answer', {
  id: 'string',
  question: 'object',
  title: 'string',
  body: 'string?',
  published_at: 'string',
});
export const ASK = resourceOf<Ask>('an ask', { id: 'string', prompt: 'string', body: 'string?' });
export const DIGEST_ENTRY = resourceOf<DigestEntry>('a digest entry', {
  id: 'string',
  category: 'string',
  published_at: 'string',
  resource: 'object',
});
export const TEAM_NOTIFICATIONS = resourceOf<TeamNotificationSettings>("a team's notification settings", {
  team: 'object',
  remind_at: 'string?',
  remind_again_at: 'string?',
  summary_at: 'string?',
  summary_time_zone: 'string?',
});
export const REMINDER_PREFERENCES = resourceOf<ReminderPreferences>('reminder preferences', {
  mode: 'string',
  remind_at: 'string?',
  remind_again_at: 'string?',
  time_zone: 'string',
});
export const CHANNEL = resourceOf<Channel>('a channel', {
  id: 'number',
  url: 'string',
  format: 'string',
  events: 'array?',
  created_at: 'string',
});
export const CREATED_CHANNEL = resourceOf<CreatedChannel>('a channel', {
  id: 'number',
  url: 'string',
  format: 'string',
  secret: 'string?',
});
export const MARKED = resourceOf<{ marked: number }>('a count of entries marked read', { marked: 'number' });

// --- v1 --------------------------------------------------------------------------------------------------

export const V1_MEMBER = resourceOf<V1Member>('a member', { id: 'string', user: 'object' });
export const V1_REPORT = resourceOf<V1Report>('a report', {
  id: 'string',
  date: 'string',
  question_labels: 'object',
});
export const V1_STATUS = resourceOf<V1Status>('a status', {
  id: 'string',
  answers: 'object',
  blocked: 'boolean',
  user: 'object',
});
export const V1_STATUS_ACTIVITY = resourceOf<V1StatusActivity>('a status activity', {
  id: 'string',
  description: 'string',
});
export const V1_COMMENT = resourceOf<V1Comment>('a comment', {
  id: 'string',
  body: 'string',
  user: 'object',
});
export const V1_REACTION = resourceOf<V1Reaction>('a reaction', {
  id: 'string',
  body: 'string',
  user: 'object',
});
export const V1_MEMBER_ABSENCE = resourceOf<V1MemberAbsence>('an absence', {
  member_id: 'string',
  date: 'string',
});
export const V1_TEAM_ABSENCE = resourceOf<V1TeamAbsence>('an absence', { team_id: 'string', date: 'string' });
export const V1_MEMBER_ABSENCE_ITEM = resourceOf<V1MemberAbsenceItem>('an absence', {
  member: 'object',
  date: 'string',
});
export const V1_TEAM_ABSENCE_ITEM = resourceOf<V1TeamAbsenceItem>('an absence', { date: 'string' });

// --- status ----------------------------------------------------------------------------------------------

export const STATUS_PAGE = resourceOf<StatusPage>('a status page', { name: 'string', state: 'string' });
export const WEBHOOK = resourceOf<Webhook>('a webhook', { id: 'number', url: 'string', format: 'string' });
export const CREATED_WEBHOOK = resourceOf<CreatedWebhook>('a new webhook', {
  id: 'number',
  url: 'string',
  format: 'string',
  secret: 'string',
});
export const WEBHOOK_DELIVERY = resourceOf<WebhookDelivery>('a webhook delivery', {
  id: 'number',
  webhook_id: 'number',
  event_type: 'string',
  state: 'string',
  attempts: 'number',
  last_status: 'number?',
});

export const NOTIFICATION_DELIVERY = resourceOf<NotificationDelivery>('a notification delivery', {
  id: 'number',
  channel_id: 'number',
  destination: 'string',
  owner: 'object',
  event_type: 'string',
  state: 'string',
  attempts: 'number',
});

export const STATUS_COMPONENT = resourceOf<StatusComponent>('a component', {
  id: 'number',
  state: 'string',
  name: 'string',
  parent_id: 'number?',
});
export const STATUS_NOTICE = resourceOf<StatusNotice>('a notice', {
  id: 'number',
  type: 'string',
  state: 'string',
  subject: 'string',
});
export const STATUS_NOTICE_DETAIL = resourceOf<StatusNoticeDetail>('a notice', {
  id: 'number',
  type: 'string',
  state: 'string',
  subject: 'string',
  components: 'array',
  updates: 'array',
});

// --- the check -------------------------------------------------------------------------------------------

/** How a message names a value that is not what was expected. */
function described(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function fitsKind(value: unknown, kind: string): boolean {
  if (kind.endsWith('?')) return value === null || fitsKind(value, kind.slice(0, -1));
  if (kind === 'array') return Array.isArray(value);
  if (kind === 'object') return value !== null && typeof value === 'object' && !Array.isArray(value);
  return typeof value === kind;
}

/** What is wrong with `value` as `resource`, or undefined when nothing is. */
function mismatch(value: unknown, resource: ResourceShape): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `it is ${described(value)}`;
  for (const [field, kind] of Object.entries(resource.fields)) {
    if (kind === undefined) continue;
    const found: unknown = Reflect.get(value, field);
    if (found === undefined) return `it has no "${field}"`;
    if (!fitsKind(found, kind)) return `its "${field}" is ${described(found)}`;
  }
  return undefined;
}

/**
 * Checks what a response to `request` (`METHOD path`) holds: one resource, or a page's items, each of
 * them `resource` (a list of other values, v1's tags, is only checked to be a list). An answer of another shape is an UnavailableError (exit 6), as an answer that is not
 * JSON is.
 */
export function checkResponse(
  shape: 'one' | 'page',
  value: unknown,
  resource: ResourceShape | undefined,
  request: string,
): void {
  if (shape === 'one') {
    const wrong = resource && mismatch(value, resource);
    if (wrong)
      throw new UnavailableError(`the server's answer to ${request} is not ${resource.what}: ${wrong}`);
    return;
  }
  const items: unknown =
    value !== null && typeof value === 'object' && 'items' in value ? value.items : value;
  if (!Array.isArray(items))
    throw new UnavailableError(`the server's answer to ${request} is not a list: it is ${described(items)}`);
  if (!resource) return;
  items.forEach((item, index) => {
    const wrong = mismatch(item, resource);
    if (wrong)
      throw new UnavailableError(
        `item ${index + 1} of the server's answer to ${request} is not ${resource.what}: ${wrong}`,
      );
  });
}

/**
 * The field names `--json FIELDS` accepts: the documented JSON keys of each printed resource, listed once
 * per shape. `keysOf<T>()` makes the compiler refuse a list that misses a key of the serialised type or
 * names one it lacks, so a change to a shape in src/core cannot leave its list behind. Types only are
 * imported: the program loads this with the command tree, and it must stay light.
 */

import type { TokenInfo } from '../core/admin.js';
import type { CheckInDue } from '../core/check-in-due.js';
import type { NotificationDelivery } from '../core/notifications/delivery-log.js';
import type {
  Channel,
  CreatedChannel,
  ReminderPreferences,
  TeamNotificationSettings,
} from '../core/notifications/types.js';
import type { ClientInfo } from '../core/oauth/oauth-admin.js';
import type { OAuthPruneCounts } from '../core/oauth/repository.js';
import type { StatusComponent, StatusNotice, StatusNoticeDetail, StatusPage } from '../core/status/types.js';
import type * as Resource from '../core/types.js';
import type { V1Member, V1Report, V1Status, V1StatusActivity } from '../core/v1/types.js';
import type { CreatedWebhook, DeliveryAttempts, Webhook, WebhookDelivery } from '../core/webhooks/types.js';
import type { BadTextCell } from '../store/bad-text.js';
import type { TableResult } from '../store/copy-store.js';
import type { StatusReport } from './commands/auth/auth.js';
import type { CheckResult } from './commands/doctor/doctor.js';
import type { ConfigKey } from './config-store.js';

type Missing<T, L extends readonly string[]> = Exclude<keyof T, L[number]>;

/** A typed list of T's keys: every key, each once, nothing else (checked by the compiler). */
const keysOf =
  <T>() =>
  <const L extends readonly (keyof T & string)[]>(
    list: L & ([Missing<T, L>] extends [never] ? unknown : { missing: Missing<T, L> }),
  ): L =>
    list;

export const PERSON_FIELDS = keysOf<Resource.Person>()([
  'id',
  'name',
  'username',
  'email',
  'time_zone',
  'location',
  'title',
  'bio',
  'administrator',
  'kind',
  'created_at',
  'updated_at',
  'url',
  'account',
  'teams',
]);

export const TEAM_FIELDS = keysOf<Resource.Team>()([
  'id',
  'name',
  'description',
  'private',
  'completion_tracking',
  'mood_tracking',
  'report_days',
  'people',
  'url',
]);

export const DUE_FIELDS = keysOf<CheckInDue>()(['date', 'due', 'reason', 'team']);

export const CHECK_IN_FIELDS = keysOf<Resource.CheckIn>()([
  'type',
  'id',
  'date',
  'person',
  'teams',
  'previous',
  'intentions',
  'blockers',
  'mood',
  'previous_completed',
  'blocked',
  'absent',
  'completed_at',
  'updated_at',
  'url',
]);

export const GOAL_FIELDS = keysOf<Resource.Goal>()([
  'type',
  'id',
  'title',
  'description',
  'start_date',
  'end_date',
  'update_cadence',
  'owner',
  'parent',
  'private',
  'archived',
  'progress',
  'confidence',
  'confidence_description',
  'contributors',
  'teams',
  'url',
]);

export const GOAL_UPDATE_FIELDS = keysOf<Resource.GoalUpdate>()([
  'type',
  'id',
  'goal',
  'person',
  'title',
  'body',
  'progress',
  'confidence',
  'confidence_description',
  'created_at',
  'updated_at',
  'url',
]);

export const COMMENT_FIELDS = keysOf<Resource.Comment>()([
  'type',
  'id',
  'body',
  'person',
  'resource',
  'created_at',
]);

export const REACTION_FIELDS = keysOf<Resource.Reaction>()([
  'id',
  'name',
  'emoji',
  'person',
  'resource',
  'created_at',
]);

export const ACTIVITY_FIELDS = keysOf<Resource.Activity>()([
  'id',
  'kind',
  'group',
  'title',
  'description',
  'url',
  'recorded_at',
  'person',
]);

export const ECHO_QUESTION_FIELDS = keysOf<Resource.EchoQuestion>()([
  'id',
  'prompt',
  'title',
  'answer_frequency',
  'answer_day',
  'answer_time',
  'answer_time_zone',
  'next_answer_at',
  'paused_at',
  'every_day',
  'skipped',
  'created_at',
  'updated_at',
  'url',
]);

export const ECHO_ANSWER_FIELDS = keysOf<Resource.EchoAnswer>()([
  'type',
  'id',
  'question',
  'title',
  'body',
  'published_at',
  'url',
]);

export const ASK_FIELDS = keysOf<Resource.Ask>()(['id', 'prompt', 'body', 'created_at', 'updated_at', 'url']);

export const DIGEST_ENTRY_FIELDS = keysOf<Resource.DigestEntry>()([
  'id',
  'category',
  'published_at',
  'read_at',
  'resource',
]);

export const V1_MEMBER_FIELDS = keysOf<V1Member>()(['id', 'slug', 'username', 'role', 'manager', 'user']);

export const V1_STATUS_FIELDS = keysOf<V1Status>()([
  'id',
  'answers',
  'blocked',
  'completed_at',
  'previous_completed',
  'report_id',
  'slug',
  'attachments',
  'report_date',
  'title',
  'url',
  'comment_ids',
  'reaction_ids',
  'status_activity_ids',
  'user',
]);

export const V1_STATUS_ACTIVITY_FIELDS = keysOf<V1StatusActivity>()([
  'id',
  'status_id',
  'kind',
  'created_at',
  'description',
  'html_description',
  'url',
]);

/** `pulse team report --json`: the report and its check-ins. */
export const TEAM_REPORT_FIELDS = keysOf<{ report: V1Report; statuses: V1Status[] }>()([
  'report',
  'statuses',
]);

export const STATUS_PAGE_FIELDS = keysOf<StatusPage>()([
  'name',
  'state',
  'state_text',
  'url',
  'links',
  'created_at',
  'updated_at',
]);

export const STATUS_COMPONENT_FIELDS = keysOf<StatusComponent>()([
  'id',
  'state',
  'name',
  'description',
  'parent_id',
  'position',
  'created_at',
  'updated_at',
]);

export const WEBHOOK_FIELDS = keysOf<Webhook>()(['id', 'url', 'format', 'events', 'created_at']);

export const CREATED_WEBHOOK_FIELDS = keysOf<CreatedWebhook>()([...WEBHOOK_FIELDS, 'secret']);

/** What both delivery logs say of a delivery's event and attempts. */
const DELIVERY_ATTEMPT_FIELDS = keysOf<DeliveryAttempts>()([
  'event_id',
  'event_type',
  'state',
  'attempts',
  'last_status',
  'last_error',
  'next_attempt_at',
  'delivered_at',
  'created_at',
]);

export const WEBHOOK_DELIVERY_FIELDS = keysOf<WebhookDelivery>()([
  'id',
  'webhook_id',
  'url',
  ...DELIVERY_ATTEMPT_FIELDS,
]);

export const NOTIFICATION_DELIVERY_FIELDS = keysOf<NotificationDelivery>()([
  'id',
  'channel_id',
  'format',
  'destination',
  'owner',
  ...DELIVERY_ATTEMPT_FIELDS,
]);

const NOTICE_SUMMARY = [
  'id',
  'type',
  'timeline_state',
  'state',
  'subject',
  'begins_at',
  'ends_at',
  'began_at',
  'ended_at',
  'url',
  'created_at',
  'updated_at',
] as const;

export const STATUS_NOTICE_FIELDS = keysOf<StatusNotice>()([...NOTICE_SUMMARY, 'latest_update', 'links']);

export const STATUS_NOTICE_DETAIL_FIELDS = keysOf<StatusNoticeDetail>()([
  ...NOTICE_SUMMARY,
  'components',
  'updates',
]);

/** `pulse status --json` ({page, components, notices}) and, with --check, {state, component, components, notices}. */
export const STATUS_OVERVIEW_FIELDS = ['page', 'components', 'notices', 'state', 'component'] as const;

export const TOKEN_FIELDS = keysOf<TokenInfo>()([
  'id',
  'kind',
  'person',
  'name',
  'client',
  'scope',
  'created_at',
  'expires_at',
  'revoked_at',
]);

export const OAUTH_PRUNE_FIELDS = keysOf<OAuthPruneCounts>()([
  'tokens',
  'authorization_codes',
  'pending_authorizations',
  'login_codes',
]);

export const REPAIRED_TEXT_FIELDS = keysOf<BadTextCell>()(['table', 'id', 'column', 'problem', 'repaired']);

export const MIGRATE_TABLE_FIELDS = keysOf<TableResult>()([
  'table',
  'source',
  'copied',
  'target',
  'matches',
  'sourceChecksum',
  'targetChecksum',
]);

export const CHECK_RESULT_FIELDS = keysOf<CheckResult>()(['check', 'ok', 'detail', 'fix']);

export const AUTH_STATUS_FIELDS = keysOf<StatusReport>()([
  'profile',
  'host',
  'base_url',
  'sign_in',
  'token_source',
  'oauth',
  'accepted',
  'person',
  'error',
  'team',
]);

/** `pulse absence ... --json`: {results, summary}, and error when one stopped the run before its end. */
export const ABSENCE_REPORT_FIELDS = ['results', 'summary', 'error'] as const;

/** `pulse absence list`: member null for a team holiday. */
export const ABSENCE_LIST_FIELDS = ['date', 'member'] as const;

export const CONFIG_FIELDS = keysOf<Record<ConfigKey, string>>()([
  'base_url',
  'auth_url',
  'status_url',
  'team_id',
  'connect_timeout',
  'request_timeout',
  'store',
  'as',
  'public_url',
  'editor',
  'ask.provider',
  'ask.url',
  'ask.model',
]);

export const LOGIN_CODE_FIELDS = ['code', 'person', 'expires_at'] as const;

export const OAUTH_CLIENT_FIELDS = keysOf<ClientInfo>()([
  'client_id',
  'name',
  'confidential',
  'redirect_uris',
  'created_at',
]);

/** `admin oauth-client add --json`: the client, and its secret when confidential. */
export const NEW_OAUTH_CLIENT_FIELDS = [...OAUTH_CLIENT_FIELDS, 'client_secret'] as const;

/** `pulse team tags --json` prints strings: no fields to choose. */
export const NO_FIELDS = [] as const;

export const TEAM_NOTIFICATION_FIELDS = keysOf<TeamNotificationSettings>()([
  'team',
  'remind_at',
  'remind_again_at',
  'summary_at',
  'summary_time_zone',
  'updated_at',
]);

export const REMINDER_PREFERENCE_FIELDS = keysOf<ReminderPreferences>()([
  'mode',
  'remind_at',
  'remind_again_at',
  'time_zone',
  'updated_at',
]);

export const CHANNEL_FIELDS = keysOf<Channel>()(['id', 'url', 'format', 'events', 'created_at']);

export const CREATED_CHANNEL_FIELDS = keysOf<CreatedChannel>()([...CHANNEL_FIELDS, 'secret']);

/**
 * Reminder and notification settings (issue 31): a team's reminder times, summary time and channels, and a
 * person's reminder choice and channels. A team's are its managers' and administrators' to change (what
 * anyone who sees the team may read: its times; its channels only they may list, their URLs being
 * credentials of a chat); a person's are their own. The scheduler (scheduler.ts) reads what is set here.
 */
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import { isUuid } from '../ids.js';
import type { TeamRow } from '../repository.js';
import type { ServiceContext } from '../service-context.js';
import { isTimeZone, timestamp, wireTime } from '../time.js';
import type { Page } from '../types.js';
import { parseInput } from '../validation.js';
import { canSeeTeam, type Viewer } from '../visibility.js';
import type { WebhookRow } from '../webhooks/repository.js';
import { serializeWebhook, webhookSchema } from '../webhooks/webhook-admin.js';
import type { ReminderPreferencesRow, TeamNotificationsRow } from './repository.js';
import {
  type ChannelInput,
  channelSchema,
  type ReminderPreferencesPatch,
  reminderPreferencesSchema,
  type TeamNotificationsPatch,
  teamNotificationsSchema,
} from './settings-input.js';
import type { Channel, CreatedChannel, ReminderPreferences, TeamNotificationSettings } from './types.js';

/** A person or a team may have this many channels: enough for every chat and address, too few to flood the sender. */
export const MAX_CHANNELS = 50;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

type ParsedChannel = ReturnType<typeof channelSchema.parse>;

type Owner = { person_id: string; team_id: null } | { person_id: null; team_id: string };

/** A second reminder comes after the first, the same day. */
function checkTimes(first: string | null, second: string | null, errors: string[]): void {
  if (second === null) return;
  if (first === null) errors.push('remind_again_at needs remind_at: a second reminder follows a first');
  else if (second <= first)
    errors.push(`remind_again_at (${second}) must be later than remind_at (${first})`);
}

function whole<T>(items: T[]): Page<T> {
  return { items, page: 1, perPage: Math.max(items.length, 1), hasNext: false };
}

export class NotificationSettings {
  constructor(private readonly context: ServiceContext) {}

  private get repo() {
    return this.context.repo;
  }

  private now(): string {
    return timestamp(this.context.options.clock.now());
  }

  // --- a team's -------------------------------------------------------------------------------------

  /** The team, when the caller can see it (a 404 otherwise, as reading it). */
  private async visibleTeam(id: string): Promise<{ viewer: Viewer; team: TeamRow }> {
    const viewer = await this.context.viewer();
    const team = isUuid(id) ? await this.repo.findTeam(id.toLowerCase()) : undefined;
    if (!team || !canSeeTeam(viewer, team)) throw new NotFoundError(`no team with id ${id}`);
    return { viewer, team };
  }

  /** The team, when the caller may configure it: an administrator or one of its managers (403 otherwise). */
  private async configurableTeam(id: string): Promise<TeamRow> {
    const { viewer, team } = await this.visibleTeam(id);
    if (viewer.person.administrator) return team;
    const memberships = await this.repo.membershipsOfTeam(team.id);
    if (!memberships.some((member) => member.person_id === viewer.person.id && member.manager)) {
      throw new ForbiddenError(
        `only the managers of ${team.name} and administrators may change its notifications`,
      );
    }
    return team;
  }

  private teamSettings(team: TeamRow, row: TeamNotificationsRow | undefined): TeamNotificationSettings {
    return {
      team: { id: team.id, name: team.name },
      remind_at: row?.remind_at ?? null,
      remind_again_at: row?.remind_again_at ?? null,
      summary_at: row?.summary_at ?? null,
      summary_time_zone: row?.summary_time_zone ?? null,
      updated_at: row === undefined ? null : wireTime(row.updated_at),
    };
  }

  async getTeamNotifications(teamId: string): Promise<TeamNotificationSettings> {
    const { team } = await this.visibleTeam(teamId);
    return this.teamSettings(team, await this.repo.findTeamNotifications(team.id));
  }

  async updateTeamNotifications(
    teamId: string,
    input: TeamNotificationsPatch,
  ): Promise<TeamNotificationSettings> {
    this.context.requireScope('write');
    const patch = parseInput(teamNotificationsSchema, input);
    const team = await this.configurableTeam(teamId);
    const viewer = await this.context.viewer();
    return this.repo.transaction(async () => {
      const stored = await this.repo.findTeamNotifications(team.id);
      const remindAt = patch.remind_at !== undefined ? patch.remind_at : (stored?.remind_at ?? null);
      const remindAgainAt =
        patch.remind_again_at !== undefined ? patch.remind_again_at : (stored?.remind_again_at ?? null);
      const summaryAt = patch.summary_at !== undefined ? patch.summary_at : (stored?.summary_at ?? null);
      const errors: string[] = [];
      checkTimes(remindAt, remindAgainAt, errors);
      const zone = patch.summary_time_zone;
      if (typeof zone === 'string' && !isTimeZone(zone)) {
        errors.push(`summary_time_zone must be an IANA time zone such as Europe/Berlin: ${zone}`);
      }
      if (errors.length > 0) throw new ValidationError(errors);
      // The summary's zone: the one given, else the one kept, else the setter's own.
      const summaryZone =
        summaryAt === null
          ? null
          : typeof zone === 'string'
            ? zone
            : (stored?.summary_time_zone ?? viewer.person.time_zone);
      const row: TeamNotificationsRow = {
        team_id: team.id,
        remind_at: remindAt,
        remind_again_at: remindAgainAt,
        summary_at: summaryAt,
        summary_time_zone: summaryZone,
        updated_at: this.now(),
      };
      await this.repo.saveTeamNotifications(row);
      return this.teamSettings(team, row);
    });
  }

  async listTeamChannels(teamId: string): Promise<Page<Channel>> {
    const team = await this.configurableTeam(teamId);
    return whole(await this.channelsOf({ person_id: null, team_id: team.id }));
  }

  async addTeamChannel(teamId: string, input: ChannelInput): Promise<CreatedChannel> {
    this.context.requireScope('write');
    const parsed = parseInput(channelSchema, input);
    const team = await this.configurableTeam(teamId);
    if (parsed.format === 'email' && parsed.email === undefined) {
      throw new ValidationError(['email: a team email channel needs the address it goes to']);
    }
    return this.addChannel({ person_id: null, team_id: team.id }, parsed);
  }

  async removeTeamChannel(teamId: string, channelId: string): Promise<void> {
    this.context.requireScope('write');
    const team = await this.configurableTeam(teamId);
    await this.removeChannel({ person_id: null, team_id: team.id }, channelId);
  }

  // --- the caller's own -------------------------------------------------------------------------------

  private preferences(viewer: Viewer, row: ReminderPreferencesRow | undefined): ReminderPreferences {
    return {
      mode: row?.mode ?? 'team',
      remind_at: row?.remind_at ?? null,
      remind_again_at: row?.remind_again_at ?? null,
      time_zone: viewer.person.time_zone,
      updated_at: row === undefined ? null : wireTime(row.updated_at),
    };
  }

  async getMyReminders(): Promise<ReminderPreferences> {
    const viewer = await this.context.viewer();
    return this.preferences(viewer, await this.repo.findReminderPreferences(viewer.person.id));
  }

  async updateMyReminders(input: ReminderPreferencesPatch): Promise<ReminderPreferences> {
    this.context.requireScope('write');
    const patch = parseInput(reminderPreferencesSchema, input);
    const viewer = await this.context.viewer();
    return this.repo.transaction(async () => {
      const stored = await this.repo.findReminderPreferences(viewer.person.id);
      const remindAt = patch.remind_at !== undefined ? patch.remind_at : (stored?.remind_at ?? null);
      const remindAgainAt =
        patch.remind_again_at !== undefined ? patch.remind_again_at : (stored?.remind_again_at ?? null);
      // Giving a time is choosing one's own times, unless a mode is given too.
      const timesGiven = typeof patch.remind_at === 'string' || typeof patch.remind_again_at === 'string';
      const mode = patch.mode ?? (timesGiven ? 'own' : (stored?.mode ?? 'team'));
      const errors: string[] = [];
      checkTimes(remindAt, remindAgainAt, errors);
      if (mode === 'own' && remindAt === null)
        errors.push("mode 'own' needs remind_at: the time to remind you at");
      if (errors.length > 0) throw new ValidationError(errors);
      const row: ReminderPreferencesRow = {
        person_id: viewer.person.id,
        mode,
        remind_at: remindAt,
        remind_again_at: remindAgainAt,
        updated_at: this.now(),
      };
      await this.repo.saveReminderPreferences(row);
      return this.preferences(viewer, row);
    });
  }

  async listMyChannels(): Promise<Page<Channel>> {
    const viewer = await this.context.viewer();
    return whole(await this.channelsOf({ person_id: viewer.person.id, team_id: null }));
  }

  async addMyChannel(input: ChannelInput): Promise<CreatedChannel> {
    this.context.requireScope('write');
    const parsed = parseInput(channelSchema, input);
    const viewer = await this.context.viewer();
    if (parsed.events !== undefined) {
      throw new ValidationError(['events: a reminder channel receives reminders only (reminder.due)']);
    }
    const own = viewer.person.email;
    if (
      parsed.format === 'email' &&
      parsed.email !== undefined &&
      parsed.email.trim().toLowerCase() !== own.toLowerCase()
    ) {
      throw new ValidationError([`email: reminders are mailed to your own account's address (${own}) only`]);
    }
    const channel = parsed.format === 'email' ? { ...parsed, email: own } : parsed;
    return this.addChannel({ person_id: viewer.person.id, team_id: null }, channel);
  }

  async removeMyChannel(channelId: string): Promise<void> {
    this.context.requireScope('write');
    const viewer = await this.context.viewer();
    await this.removeChannel({ person_id: viewer.person.id, team_id: null }, channelId);
  }

  // --- channels ---------------------------------------------------------------------------------------

  private async ownedBy(owner: Owner): Promise<WebhookRow[]> {
    return (await this.repo.listWebhooks()).filter(
      (webhook) => webhook.person_id === owner.person_id && webhook.team_id === owner.team_id,
    );
  }

  private async channelsOf(owner: Owner): Promise<Channel[]> {
    return (await this.ownedBy(owner)).map(serializeWebhook);
  }

  private async addChannel(owner: Owner, input: ParsedChannel): Promise<CreatedChannel> {
    const format = input.format ?? 'json';
    let url: string;
    let secret: string | null = null;
    if (format === 'email') {
      if (input.url !== undefined || input.secret !== undefined) {
        throw new ValidationError(['an email channel takes an address (email), not a url or a secret']);
      }
      const address = (input.email ?? '').trim();
      if (!EMAIL_PATTERN.test(address) || address.length > 254) {
        throw new ValidationError([`email must be an email address: ${address}`]);
      }
      url = `mailto:${address}`;
    } else {
      if (input.email !== undefined) {
        throw new ValidationError([`email goes with format email; a ${format} channel takes a url`]);
      }
      if (input.url === undefined)
        throw new ValidationError([`url: a ${format} channel needs the URL to post to`]);
      // The status webhooks' rules for the URL (absolute http(s), loopback allowed, no credentials) and secret.
      const checked = parseInput(webhookSchema, {
        url: input.url,
        ...(input.secret !== undefined ? { secret: input.secret } : {}),
      });
      url = checked.url;
      secret = checked.secret ?? (await randomSecret());
    }
    const row: Omit<WebhookRow, 'id'> = {
      url,
      // Email is not signed; the column wants a value, which nothing reads.
      secret: secret ?? '',
      format,
      events: input.events === undefined ? null : [...new Set(input.events)].join(','),
      created_at: this.now(),
      ...owner,
    };
    return this.repo.transaction(async () => {
      const existing = await this.ownedBy(owner);
      if (existing.some((webhook) => webhook.url === url)) {
        throw new ConflictError(`there is a channel to ${url} already: remove it first to change it`);
      }
      if (existing.length >= MAX_CHANNELS) {
        throw new ValidationError([`at most ${MAX_CHANNELS} channels: remove one first`]);
      }
      const id = await this.repo.insertWebhook(row);
      return { ...serializeWebhook({ ...row, id }), secret };
    });
  }

  private async removeChannel(owner: Owner, channelId: string): Promise<void> {
    const id = /^\d{1,15}$/.test(channelId) ? Number(channelId) : Number.NaN;
    const channel = (await this.ownedBy(owner)).find((webhook) => webhook.id === id);
    if (!channel || !(await this.repo.deleteWebhook(channel.id))) {
      throw new NotFoundError(`no channel ${channelId}`);
    }
  }
}

/** 32 random bytes as hex, prefixed as the status webhooks' secrets are. */
async function randomSecret(): Promise<string> {
  const { randomBytes } = await import('node:crypto');
  return `whsec_${randomBytes(32).toString('hex')}`;
}

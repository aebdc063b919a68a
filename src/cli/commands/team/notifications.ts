/**
 * `pulse team reminders set|show|off`, `pulse team notifications set|show|off` and `pulse team
 * notifications channel add|list|remove`: a team's reminder times, its daily summary and its channels,
 * locally or over the v2 extensions of pulse serve. `pulse serve` sends them; these commands only set.
 */
import type { ChannelInput } from '../../../core/notifications/settings-input.js';
import {
  type Channel,
  type CreatedChannel,
  LOCAL_TIME_PATTERN,
  type TeamNotificationSettings,
} from '../../../core/notifications/types.js';
import type { Service } from '../../../core/service.js';
import type { Team } from '../../../core/types.js';
import type { CommandContext, JsonOption } from '../../command-context.js';
import { UsageError } from '../../errors.js';
import { readStdin } from '../../input.js';
import type { Output } from '../../output.js';
import { resolveTeam } from '../../resolve.js';

export interface TeamOption extends JsonOption {
  team?: string;
}

export interface RemindersSetOptions extends TeamOption {
  at: string;
  again?: string;
}

export interface SummarySetOptions extends TeamOption {
  summaryAt: string;
  timeZone?: string;
}

export interface ChannelAddOptions extends JsonOption {
  format?: string;
  email?: string | boolean;
  events?: string;
  secret?: string;
}

export interface TeamChannelAddOptions extends ChannelAddOptions {
  team?: string;
}

/** A time flag's value, checked as the core checks it, so the message names the flag. */
export function localTime(value: string, flag: string): string {
  const trimmed = value.trim();
  if (!LOCAL_TIME_PATTERN.test(trimmed))
    throw new UsageError(`${flag} must be a time HH:MM (00:00 to 23:59): ${value}`);
  return trimmed;
}

/** --team, or the caller's only team. */
async function teamOf(service: Service, team: string | undefined): Promise<Team> {
  if (team !== undefined) return resolveTeam(service, team, '--team');
  const teams = (await service.me()).teams;
  const [only] = teams;
  if (teams.length === 1 && only) return service.getTeam(only.id);
  throw new UsageError(
    teams.length === 0
      ? 'you are in no team: name one with --team'
      : 'you are in several teams: name one with --team',
  );
}

function reminderLine(settings: { remind_at: string | null; remind_again_at: string | null }): string {
  if (settings.remind_at === null) return 'none';
  return settings.remind_again_at === null
    ? settings.remind_at
    : `${settings.remind_at}, again at ${settings.remind_again_at}`;
}

function renderTeam(out: Output, settings: TeamNotificationSettings): void {
  out.line(out.style.bold(settings.team.name));
  out.line(
    `Reminders: ${reminderLine(settings)}${settings.remind_at === null ? '' : " (each member's own time zone)"}`,
  );
  out.line(
    `Daily summary: ${settings.summary_at === null ? 'none' : `${settings.summary_at} ${settings.summary_time_zone ?? ''}`.trim()}`,
  );
}

async function showSettings(cc: CommandContext, options: TeamOption, settings: TeamNotificationSettings) {
  if (options.json) return cc.out.json(settings);
  renderTeam(cc.out, settings);
}

export async function remindersSet(cc: CommandContext, options: RemindersSetOptions): Promise<void> {
  const remindAt = localTime(options.at, '--at');
  const again = options.again === undefined ? null : localTime(options.again, '--again');
  const service = await cc.backends.service();
  const team = await teamOf(service, options.team);
  const settings = await service.updateTeamNotifications(team.id, {
    remind_at: remindAt,
    remind_again_at: again,
  });
  await showSettings(cc, options, settings);
}

export async function show(cc: CommandContext, options: TeamOption): Promise<void> {
  const service = await cc.backends.service();
  const team = await teamOf(service, options.team);
  await showSettings(cc, options, await service.getTeamNotifications(team.id));
}

export async function remindersOff(cc: CommandContext, options: TeamOption): Promise<void> {
  const service = await cc.backends.service();
  const team = await teamOf(service, options.team);
  const settings = await service.updateTeamNotifications(team.id, { remind_at: null, remind_again_at: null });
  await showSettings(cc, options, settings);
}

export async function summarySet(cc: CommandContext, options: SummarySetOptions): Promise<void> {
  const summaryAt = localTime(options.summaryAt, '--summary-at');
  const service = await cc.backends.service();
  const team = await teamOf(service, options.team);
  const settings = await service.updateTeamNotifications(team.id, {
    summary_at: summaryAt,
    ...(options.timeZone !== undefined ? { summary_time_zone: options.timeZone } : {}),
  });
  await showSettings(cc, options, settings);
}

export async function summaryOff(cc: CommandContext, options: TeamOption): Promise<void> {
  const service = await cc.backends.service();
  const team = await teamOf(service, options.team);
  await showSettings(cc, options, await service.updateTeamNotifications(team.id, { summary_at: null }));
}

// --- channels (a team's here, a person's in people/reminders.ts) ----------------------------------------

/** What `channel add` sends: a URL's webhook, or email (--email). */
export async function channelInput(
  cc: CommandContext,
  url: string | undefined,
  options: ChannelAddOptions,
): Promise<ChannelInput> {
  const email = options.email !== undefined;
  if (email && url !== undefined) throw new UsageError('give a URL or --email, not both');
  if (!email && url === undefined) throw new UsageError('give the URL to post to, or --email');
  if (email && options.format !== undefined && options.format !== 'email')
    throw new UsageError(`--email sends mail: --format ${options.format} does not go with it`);
  const input: ChannelInput = email
    ? { format: 'email', ...(typeof options.email === 'string' ? { email: options.email } : {}) }
    : { url: url as string, ...(options.format !== undefined ? { format: options.format } : {}) };
  if (options.events !== undefined) {
    input.events = options.events
      .split(',')
      .map((type) => type.trim())
      .filter((type) => type !== '');
  }
  if (options.secret !== undefined) {
    const secret = options.secret === '-' ? (await readStdin(cc)).trim() : options.secret;
    if (secret === '') throw new UsageError('--secret -: no secret on stdin');
    input.secret = secret;
  }
  return input;
}

/** The id, then the secret when there is one, each alone on a line (for scripts); shown this once. */
export function printCreatedChannel(cc: CommandContext, options: JsonOption, channel: CreatedChannel): void {
  if (options.json) {
    cc.out.json(channel);
    return;
  }
  cc.out.line(String(channel.id));
  if (channel.secret !== null) {
    cc.out.line(channel.secret);
    if (cc.out.isTerminal) cc.out.note('Keep the secret (the second line) now: it will not be shown again.');
  }
}

export async function printChannels(
  cc: CommandContext,
  options: JsonOption,
  channels: Channel[],
): Promise<void> {
  if (options.json) return cc.out.json(channels);
  await cc.out.table(channels, [
    { header: 'ID', cell: (c) => String(c.id) },
    { header: 'FORMAT', cell: (c) => c.format },
    { header: 'TO', cell: (c) => c.url },
    { header: 'EVENTS', cell: (c) => (c.events === null ? 'all' : c.events.join(',')) },
    { header: 'CREATED', cell: (c) => cc.out.time(c.created_at) },
  ]);
}

/** A channel id as the lists show it (a whole number). */
export function channelId(value: string): string {
  const trimmed = value.trim();
  if (!/^\d{1,15}$/.test(trimmed) || Number(trimmed) < 1)
    throw new UsageError(`the channel id must be a whole number (see channel list): ${value}`);
  return trimmed;
}

export async function channelAdd(
  cc: CommandContext,
  url: string | undefined,
  options: TeamChannelAddOptions,
): Promise<void> {
  const input = await channelInput(cc, url, options);
  const service = await cc.backends.service();
  const team = await teamOf(service, options.team);
  printCreatedChannel(cc, options, await service.addTeamChannel(team.id, input));
}

export async function channelList(cc: CommandContext, options: TeamOption): Promise<void> {
  const service = await cc.backends.service();
  const team = await teamOf(service, options.team);
  await printChannels(cc, options, (await service.listTeamChannels(team.id)).items);
}

export async function channelRemove(cc: CommandContext, id: string, options: TeamOption): Promise<void> {
  const channel = channelId(id);
  const service = await cc.backends.service();
  const team = await teamOf(service, options.team);
  await service.removeTeamChannel(team.id, channel);
  cc.out.note(`Channel ${channel} of ${team.name} removed.`);
}

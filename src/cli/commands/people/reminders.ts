/** `pulse me reminders set|show|off` and `pulse me reminders channel add|list|remove`: your own reminders. */
import type { ReminderPreferences } from '../../../core/notifications/types.js';
import type { CommandContext, JsonOption } from '../../command-context.js';
import { UsageError } from '../../errors.js';
import {
  type ChannelAddOptions,
  channelId,
  channelInput,
  localTime,
  printChannels,
  printCreatedChannel,
} from '../team/notifications.js';

export interface MeRemindersSetOptions extends JsonOption {
  at?: string;
  again?: string;
  teamTimes?: boolean;
}

function render(cc: CommandContext, options: JsonOption, preferences: ReminderPreferences): void {
  if (options.json) {
    cc.out.json(preferences);
    return;
  }
  const { mode, remind_at, remind_again_at, time_zone } = preferences;
  if (mode === 'off') cc.out.line('Reminders: off');
  else if (mode === 'team')
    cc.out.line(`Reminders: at your teams' times (pulse team reminders show), in ${time_zone}`);
  else {
    const again = remind_again_at === null ? '' : `, again at ${remind_again_at}`;
    cc.out.line(`Reminders: at ${remind_at}${again}, in ${time_zone}, on your teams' report days`);
  }
}

export async function set(cc: CommandContext, options: MeRemindersSetOptions): Promise<void> {
  if (options.teamTimes) {
    if (options.at !== undefined || options.again !== undefined)
      throw new UsageError('--team-times goes alone: your teams set the times');
    return render(cc, options, await (await cc.backends.service()).updateMyReminders({ mode: 'team' }));
  }
  if (options.at === undefined) throw new UsageError('give --at HH:MM (your own time) or --team-times');
  const remindAt = localTime(options.at, '--at');
  const again = options.again === undefined ? null : localTime(options.again, '--again');
  const preferences = await (await cc.backends.service()).updateMyReminders({
    mode: 'own',
    remind_at: remindAt,
    remind_again_at: again,
  });
  render(cc, options, preferences);
}

export async function show(cc: CommandContext, options: JsonOption): Promise<void> {
  render(cc, options, await (await cc.backends.service()).getMyReminders());
}

export async function off(cc: CommandContext, options: JsonOption): Promise<void> {
  render(cc, options, await (await cc.backends.service()).updateMyReminders({ mode: 'off' }));
}

export async function channelAdd(
  cc: CommandContext,
  url: string | undefined,
  options: ChannelAddOptions,
): Promise<void> {
  const input = await channelInput(cc, url, options);
  printCreatedChannel(cc, options, await (await cc.backends.service()).addMyChannel(input));
}

export async function channelList(cc: CommandContext, options: JsonOption): Promise<void> {
  await printChannels(cc, options, (await (await cc.backends.service()).listMyChannels()).items);
}

export async function channelRemove(cc: CommandContext, id: string): Promise<void> {
  const channel = channelId(id);
  await (await cc.backends.service()).removeMyChannel(channel);
  cc.out.note(`Channel ${channel} removed.`);
}

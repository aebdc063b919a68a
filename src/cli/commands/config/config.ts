/** `pulse config get|set|list|unset`: the settings of a profile (see `pulse config list`). */
import type { CommandContext, JsonOption } from '../../command-context.js';
import {
  CONFIG_KEYS,
  type ConfigKey,
  ConfigStore,
  checkConfigValue,
  isConfigKey,
} from '../../config-store.js';
import { CliError, UsageError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';

function key(name: string): ConfigKey {
  if (!isConfigKey(name)) {
    throw new UsageError(`unknown setting "${name}" (one of ${Object.keys(CONFIG_KEYS).join(', ')})`);
  }
  return name;
}

export async function get(cc: CommandContext, name: string): Promise<void> {
  const value = cc.settings.profile[key(name)];
  if (value === undefined) {
    throw new CliError(`${name} is not set in profile ${cc.settings.profileName}`, ExitCode.notFound);
  }
  cc.out.line(value);
}

export async function set(cc: CommandContext, name: string, value: string): Promise<void> {
  const store = await ConfigStore.open(cc.ctx.env);
  store.set(cc.settings.profileName, key(name), checkConfigValue(key(name), value));
  cc.out.note(`Set ${name} in profile ${cc.settings.profileName} (${store.path}).`);
}

export async function unset(cc: CommandContext, name: string): Promise<void> {
  const store = await ConfigStore.open(cc.ctx.env);
  const removed = store.unset(cc.settings.profileName, key(name));
  cc.out.note(removed ? `Unset ${name} in profile ${cc.settings.profileName}.` : `${name} was not set.`);
}

export async function list(cc: CommandContext, options: JsonOption): Promise<void> {
  const profile = cc.settings.profile;
  if (options.json) return cc.out.json(profile);
  const rows = Object.keys(CONFIG_KEYS).map((name) => ({ name, value: profile[name as ConfigKey] }));
  await cc.out.table(rows, [
    { header: 'SETTING', cell: (row) => row.name },
    {
      header: 'VALUE',
      cell: (row) => row.value ?? cc.out.style.dim('(not set)'),
      plain: (row) => row.value ?? '',
    },
    { header: 'MEANING', cell: (row) => CONFIG_KEYS[row.name as ConfigKey].description, plainOnly: false },
  ]);
}

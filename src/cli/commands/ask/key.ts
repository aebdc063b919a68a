/**
 * `pulse ask key set|clear`: the generative provider's API key (ask.provider openai), one per profile and
 * ask.url host, kept in the OS keychain (or a 0600 file with --insecure-storage), never in config.json.
 * PULSE_ASK_KEY overrides a kept key.
 */
import { askKeyAccount } from '../../ask-provider.js';
import type { CommandContext } from '../../command-context.js';
import { ASK_KEY, readSecret, Secrets } from '../../credentials.js';
import { UsageError } from '../../errors.js';

export interface SetOptions {
  withKey?: boolean;
  insecureStorage?: boolean;
}

/** The ask.url the key belongs to; the key is kept per host, so it must be set first. */
function askUrlOf(cc: CommandContext): string {
  const url = cc.settings.profile['ask.url'];
  if (!url) {
    throw new UsageError(
      `no ask.url in profile ${cc.settings.profileName}: set the endpoint first with pulse config set ask.url URL`,
    );
  }
  return url;
}

export async function set(cc: CommandContext, options: SetOptions): Promise<void> {
  const url = askUrlOf(cc);
  const key = await readSecret(cc, ASK_KEY, Boolean(options.withKey));
  const keys = new Secrets(cc.ctx.env, ASK_KEY);
  const where = await keys.keep(askKeyAccount(cc.settings.profileName, url), key, options);
  cc.out.note(`Kept the key for ${new URL(url).host} ${where}.`);
  if (keys.overridden) cc.out.note('Note: PULSE_ASK_KEY is set and overrides the kept key.');
  if (cc.settings.profile['ask.provider'] !== 'openai') {
    cc.out.note('It is used once answers go to the endpoint: pulse config set ask.provider openai');
  }
}

export async function clear(cc: CommandContext): Promise<void> {
  const url = askUrlOf(cc);
  const host = new URL(url).host;
  const keys = new Secrets(cc.ctx.env, ASK_KEY);
  const removed = await keys.forget(askKeyAccount(cc.settings.profileName, url));
  cc.out.note(removed ? `Forgot the key for ${host}.` : `No key was kept for ${host}.`);
  if (keys.overridden) cc.out.note('PULSE_ASK_KEY is still set in the environment.');
}

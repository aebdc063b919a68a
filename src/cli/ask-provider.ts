/**
 * The profile's generative provider for answers written by a local store (local mode and `pulse serve`):
 * ask.provider openai with ask.url and ask.model, its key from PULSE_ASK_KEY, the keychain or the 0600
 * file. Remote mode never reads these settings: the deployment decides how it answers.
 */
import type { GenerativeProvider } from '../core/answers/generative.js';
import type { Profile } from './config-store.js';
import { ASK_KEY, accountFor, Secrets } from './credentials.js';
import { UsageError } from './errors.js';
import type { Settings } from './settings.js';

export interface AskSettings {
  url: string;
  model: string;
}

/**
 * The endpoint settings when ask.provider is openai, else undefined (extractive). A provider without
 * its url or model is a usage error naming what is missing. It is checked whenever a local store is
 * opened, whatever the command, rather than only when an answer is written: an answer written later (in
 * the background of `pulse serve`, or an Echo answer published by another command) could only fall back
 * quietly, and `pulse serve` should refuse to start rather than answer extractively for days. The config
 * commands never open the store, so the setting can always be fixed.
 */
export function askSettings(profileName: string, profile: Profile): AskSettings | undefined {
  if ((profile['ask.provider'] ?? 'extractive') !== 'openai') return undefined;
  const url = profile['ask.url'];
  const model = profile['ask.model'];
  if (!url || !model) {
    const missing = (['ask.url', 'ask.model'] as const).filter((key) => !profile[key]);
    const fixes = missing.map((key) => `pulse config set ${key} ${key === 'ask.url' ? 'URL' : 'MODEL'}`);
    throw new UsageError(
      `ask.provider is openai but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set in ` +
        `profile ${profileName}: ${fixes.join('; ')} (or pulse config set ask.provider extractive)`,
    );
  }
  return { url: url.replace(/\/+$/, ''), model };
}

/** The keychain account of the ask key, distinct from the tokens': "ask:default@api.openai.com". */
export function askKeyAccount(profileName: string, askUrl: string): string {
  return `ask:${accountFor(profileName, askUrl)}`;
}

/**
 * The provider a local store writes answers with, or undefined for extractive answers. Its module
 * (undici) and the key are loaded when an answer is written, so commands that write none, such as
 * `pulse checkin`, neither load the HTTP stack nor touch the keychain; and `pulse serve` uses a key set
 * or changed while it runs.
 */
export function generativeProvider(
  settings: Pick<Settings, 'profileName' | 'profile'>,
  env: Record<string, string | undefined>,
): GenerativeProvider | undefined {
  const ask = askSettings(settings.profileName, settings.profile);
  if (!ask) return undefined;
  const keys = new Secrets(env, ASK_KEY);
  const account = askKeyAccount(settings.profileName, ask.url);
  return {
    // The same name the provider gives itself, without loading it.
    name: `${ask.model} at ${new URL(ask.url).host}`,
    async write(request) {
      const [{ ChatCompletionsProvider }, key] = await Promise.all([
        import('../providers/chat-completions.js'),
        keys.find(account),
      ]);
      return new ChatCompletionsProvider({ baseUrl: ask.url, model: ask.model, apiKey: key?.value }).write(
        request,
      );
    },
  };
}

/** What a command's run function receives: the injected context plus this invocation's settings. */
import type { Context } from './context.js';
import { type JsonShaping, Output } from './output.js';
import { ServiceProvider } from './services.js';
import { type GlobalOptions, type ResolveOptions, resolveSettings, type Settings } from './settings.js';

export interface CommandContext {
  ctx: Context;
  globals: GlobalOptions;
  settings: Settings;
  services: ServiceProvider;
  out: Output;
}

/** Runs fn with a fresh command context and always releases the store or connections it opened. */
export async function withCommandContext(
  ctx: Context,
  globals: GlobalOptions,
  fn: (cc: CommandContext) => Promise<void>,
  resolveOptions: ResolveOptions = {},
  shaping: JsonShaping = {},
): Promise<void> {
  const settings = await resolveSettings(ctx, globals, resolveOptions);
  const services = new ServiceProvider(ctx, settings);
  try {
    await fn({ ctx, globals, settings, services, out: new Output(ctx.streams, settings.color, shaping) });
  } finally {
    await services.close();
  }
}

/**
 * What a command's run function receives: the injected context, this invocation's settings and the
 * backends it may reach (a test builds one with fake Backends).
 */
import { type Backends, CliBackends } from './backends.js';
import type { Context } from './context.js';
import { type JsonShaping, Output } from './output.js';
import { withPager } from './pager.js';
import { type GlobalOptions, type ResolveOptions, resolveSettings, type Settings } from './settings.js';

/** How a command's data is shown: --json FIELDS and --jq, and whether a long answer may be paged. */
export interface Presentation {
  shaping?: JsonShaping;
  /** The command prints data (not prompts or a running log): long output goes through the pager. */
  pageable?: boolean;
}

/** The options of a handler whose only flag is --json (the fields it names are applied by the output). */
export interface JsonOption {
  json?: boolean;
}

export interface CommandContext {
  ctx: Context;
  globals: GlobalOptions;
  settings: Settings;
  backends: Backends;
  out: Output;
}

/** Runs fn with a fresh command context and always releases the store or connections it opened. */
export async function withCommandContext(
  ctx: Context,
  globals: GlobalOptions,
  fn: (cc: CommandContext) => Promise<void>,
  resolveOptions: ResolveOptions = {},
  presentation: Presentation = {},
): Promise<void> {
  const settings = await resolveSettings(ctx, globals, resolveOptions);
  const backends = new CliBackends(ctx, settings);
  const paged = presentation.pageable === true && globals.pager !== false;
  try {
    await withPager(ctx, paged, (streams) =>
      fn({
        ctx,
        globals,
        settings,
        backends,
        out: new Output(streams, settings.color, presentation.shaping ?? {}, () => ctx.clock.now()),
      }),
    );
  } finally {
    await backends.close();
  }
}

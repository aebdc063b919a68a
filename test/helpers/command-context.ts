/**
 * A command's context with fake backends: a test runs a command's function against an in-memory Service
 * (or anything else Backends gives), with no store, server or network.
 */
import type { Backends } from '../../src/cli/backends.js';
import type { CommandContext } from '../../src/cli/command-context.js';
import { type JsonShaping, Output } from '../../src/cli/output.js';
import type { Settings } from '../../src/cli/settings.js';
import type { Service } from '../../src/core/service.js';
import { type InProcessOptions, memoryContext } from './cli.js';

/**
 * `parts` as a whole interface of methods (a Service, Backends): any method a test did not give throws
 * when called, naming it, so a command reaching for more than the test meant fails loudly.
 */
export function fake<T extends object>(what: string, parts: Partial<T>): T {
  // A Proxy stands for the whole interface: the cast is what lets a test give only its parts.
  return new Proxy(parts, {
    get(target, name) {
      if (name in target) return (target as Record<string | symbol, unknown>)[name];
      if (typeof name !== 'string' || name === 'then') return undefined;
      return () => {
        throw new Error(`the fake ${what} has no ${name}`);
      };
    },
  }) as T;
}

/** Backends whose acting person's Service is `service`; close() does nothing. */
export function backendsWith(service: Partial<Service>, more: Partial<Backends> = {}): Backends {
  const acting = fake<Service>('Service', service);
  return fake<Backends>('Backends', { service: async () => acting, close: async () => {}, ...more });
}

/** A local-mode command context over `backends`, its streams in memory; stdout is no terminal by default. */
export function fakeCommandContext(
  backends: Backends,
  options: InProcessOptions & { shaping?: JsonShaping } = {},
): { cc: CommandContext; stdout: () => string; stderr: () => string } {
  const { ctx, stdout, stderr } = memoryContext(options);
  const settings: Settings = {
    profileName: 'default',
    profile: {},
    storePath: ':memory:',
    storeExplicit: false,
    color: false,
    verbose: false,
    interactive: false,
  };
  const out = new Output(ctx.streams, settings.color, options.shaping ?? {}, () => ctx.clock.now());
  return { cc: { ctx, globals: {}, settings, backends, out }, stdout, stderr };
}

/**
 * The compiler links a command's flags to its handler: defineCommand infers the options a handler
 * receives from the declared flags, so a handler wanting other options does not compile (checked by
 * `npx tsc --noEmit`, which reads this file; the `@ts-expect-error` lines fail it if they compile).
 */
import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../../src/cli/command-context.js';
import { defineCommand, type OptionsOf } from '../../src/cli/commands/define.js';

const example = [{ command: 'pulse probe', says: 'nothing' }] as const;

type Probe = OptionsOf<
  [
    { flags: '--title <title>'; description: '' },
    { flags: '--team <team>'; description: ''; repeatable: true },
    { flags: '-X, --method <method>'; description: ''; choices: readonly ['GET', 'POST']; required: true },
    { flags: '--dry-run'; description: '' },
    { flags: '--no-wait'; description: '' },
    { flags: '--parent <goal>'; description: '' },
    { flags: '--no-parent'; description: '' },
  ]
>;

describe('options inferred from flags', () => {
  it('type values, repeats, choices, required and negated flags as commander fills them', () => {
    const full: Probe = { title: 't', team: ['a'], method: 'GET', dryRun: true, wait: false, parent: 'g' };
    const least: Probe = { method: 'POST', wait: true, parent: false };
    // @ts-expect-error --method is required, and --no-wait alone always sets wait
    const missing: Probe = { title: 't' };
    // @ts-expect-error a choice outside the list
    const unknownChoice: Probe = { method: 'PUT', wait: true };
    expect([full, least, missing, unknownChoice].length).toBe(4);
  });

  it('refuse a handler whose options or arguments do not match the flags', async () => {
    const matching = defineCommand('probe', {
      summary: 'a probe',
      examples: example,
      arguments: [{ name: '<id>' }],
      flags: [{ flags: '--title <title>', description: 'a title' }],
      load: async () => async (_cc: CommandContext, id: string, options: { title?: string }) => {
        expect([id, options.title]).toEqual(['42', 'x']);
      },
    });
    const wrongOptions = defineCommand('probe', {
      summary: 'a probe',
      examples: example,
      flags: [{ flags: '--title <title>', description: 'a title' }],
      // @ts-expect-error --title gives a string, not a number
      load: async () => async (_cc: CommandContext, _options: { title?: number }) => {},
    });
    const missingFlag = defineCommand('probe', {
      summary: 'a probe',
      examples: example,
      flags: [{ flags: '--title <title>', description: 'a title' }],
      // @ts-expect-error the handler needs --body, which is not declared
      load: async () => async (_cc: CommandContext, _options: { body: string }) => {},
    });
    const wrongArgument = defineCommand('probe', {
      summary: 'a probe',
      examples: example,
      arguments: [{ name: '[id]' }],
      // @ts-expect-error an optional argument may be undefined
      load: async () => async (_cc: CommandContext, _id: string) => {},
    });
    const run = await matching.load();
    await run({} as CommandContext, ['42', { title: 'x' }]);
    expect([wrongOptions, missingFlag, wrongArgument].every((d) => d.kind === 'command')).toBe(true);
  });
});

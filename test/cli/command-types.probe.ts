import { defineCommand, type OptionsOf } from '../../src/cli/commands/define.js';

type T = OptionsOf<
  [
    { flags: '--title <title>'; description: '' },
    { flags: '--no-wait'; description: '' },
    { flags: '--team <t>'; description: ''; repeatable: true },
    { flags: '--parent <g>'; description: '' },
    { flags: '--no-parent'; description: '' },
    { flags: '-X, --method <m>'; description: ''; choices: readonly ['a', 'b']; required: true },
    { flags: '--dry-run'; description: '' },
    { flags: '--no-input'; description: '' },
    { flags: '--input <f>'; description: '' },
  ]
>;
const probe: T = {
  title: 'x',
  wait: true,
  team: ['a'],
  parent: false,
  method: 'a',
  dryRun: true,
  input: 'f',
};
const probe2: T = { wait: true, method: 'b', input: false };
// @ts-expect-error wait is always set
const probe3: T = { method: 'b', input: false };
export const bad = defineCommand({
  name: 'x',
  summary: 'x',
  examples: [{ command: 'pulse x', says: 'x' }],
  flags: [{ flags: '--title <title>', description: 't' }],
  // @ts-expect-error title is a string, not a number
  load: async () => async (_cc, options: { title?: number }) => {
    void options;
  },
});
export const good = defineCommand({
  name: 'x',
  summary: 'x',
  examples: [{ command: 'pulse x', says: 'x' }],
  arguments: [{ name: '<id>' }],
  flags: [{ flags: '--title <title>', description: 't' }],
  load: async () => async (_cc, id: string, options: { title?: string; store?: string }) => {
    void options;
    void id;
  },
});
void probe;
void probe2;
void probe3;

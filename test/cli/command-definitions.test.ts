/**
 * Every command of the registry has examples, shows them after its --help options and in the EXAMPLES
 * section of its man page, and each example is a line the program takes: its command path exists and
 * every flag it uses is one of that command's (or a global one).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { CommandDefinition, Definition } from '../../src/cli/commands/define.js';
import { COMMANDS } from '../../src/cli/commands/registry.js';
import { buildProgram, definitionOf } from '../../src/cli/program.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every runnable definition with its command words below `pulse`. */
function runnable(definitions: readonly Definition[], path: string[] = []): [string[], CommandDefinition][] {
  return definitions.flatMap((definition) => {
    const here = [...path, definition.name];
    const below = runnable(definition.children, here);
    return definition.kind === 'command'
      ? [[here, definition] as [string[], CommandDefinition], ...below]
      : below;
  });
}

/** A command line split into words as a shell would, quotes removed (no expansions needed here). */
function words(line: string): string[] {
  return [...line.matchAll(/"((?:\\.|[^"])*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

const program = buildProgram({} as never);
const commandAt = (path: string[]) =>
  path.reduce<Command | undefined>(
    (command, name) => command?.commands.find((c) => c.name() === name),
    program,
  );

function helpOf(command: Command): string {
  let text = '';
  command
    .configureOutput({ writeOut: (chunk) => (text += chunk), getOutHasColors: () => false })
    .outputHelp();
  return text;
}

const visible = runnable(COMMANDS).filter(([, definition]) => !definition.hidden);

describe('command definitions', () => {
  it('are all in the tree, each with at least one example', () => {
    expect(visible.length).toBeGreaterThan(90);
    for (const [path, definition] of visible) {
      expect(definitionOf(commandAt(path) as Command), path.join(' ')).toBe(definition);
      expect(definition.examples.length, path.join(' ')).toBeGreaterThan(0);
    }
  });

  it("show their examples after the options in --help, and in their man page's EXAMPLES", () => {
    for (const [path, definition] of visible) {
      const help = helpOf(commandAt(path) as Command);
      const manPage = readFileSync(join(root, 'man', `pulse-${path[0]}.1`), 'utf8').replaceAll('\\-', '-');
      const examples = manPage.slice(manPage.indexOf('.SH EXAMPLES'));
      expect(help.indexOf('Examples:'), path.join(' ')).toBeGreaterThan(help.indexOf('Options:'));
      for (const { command, says } of definition.examples) {
        expect(help).toContain(`  # ${says}\n  ${command}\n`);
        expect(examples).toContain(`.TP\n\\fB${command.replaceAll('\\', '\\e')}\\fR\n${says}\n`);
      }
    }
  });

  it('give examples the program takes: the command path, then only its own or global flags', () => {
    for (const [path, definition] of visible) {
      const command = commandAt(path) as Command;
      const flags = new Set(
        [...command.options, ...program.options].flatMap((option) => [option.long, option.short]),
      );
      for (const example of definition.examples) {
        const typed = words(example.command);
        const start = typed.indexOf('pulse');
        // Root options (pulse --store FILE admin seed ...) may come before the command words.
        const rest = typed
          .slice(start + 1)
          .filter((word, i, all) => !(word.startsWith('--') || all[i - 1] === '--store'));
        expect(rest.slice(0, path.length), example.command).toEqual(path);
        for (const word of typed.slice(start + 1)) {
          if (['|', '>', '<', '||'].includes(word)) break;
          const flag = word.split('=')[0] as string;
          if (/^--?[a-zA-Z]/.test(flag)) expect(flags.has(flag), `${example.command}: ${flag}`).toBe(true);
        }
      }
    }
  });
});

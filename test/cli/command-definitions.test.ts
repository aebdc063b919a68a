/**
 * Every command of the registry has examples, shows them after its --help options and in the EXAMPLES
 * section of its man page, and each example is a line the program parses into that very command. The
 * registry's light entries (what the root's help shows of a command not named on the line) say what
 * the definitions they load say.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { CommandDefinition, Definition } from '../../src/cli/commands/define.js';
import { COMMANDS, loadDefinitions } from '../../src/cli/commands/registry.js';
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
  const result: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const char of line) {
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      word ??= '';
    } else if (char === ' ') {
      if (word !== undefined) result.push(word);
      word = undefined;
    } else word = (word ?? '') + char;
  }
  return word === undefined ? result : [...result, word];
}

const program = await buildProgram({} as never);
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

const definitions = await loadDefinitions();
const visible = runnable(definitions).filter(([, definition]) => !definition.hidden);

describe('command definitions', () => {
  it("are what the registry's entries say: name, summary, verb or noun, arguments, hidden", () => {
    const said = COMMANDS.map(({ name, summary, kind, arguments: args, hidden }) => ({
      name,
      summary,
      kind,
      arguments: args ?? [],
      hidden: hidden === true,
    }));
    const defined = definitions.map((definition) => ({
      name: definition.name,
      summary: definition.summary,
      kind: definition.kind,
      arguments: definition.kind === 'command' ? definition.arguments.map((argument) => argument.name) : [],
      hidden: definition.kind === 'command' && definition.hidden === true,
    }));
    expect(said).toEqual(defined);
  });

  it('give the root the same help whether a command line names one of them or none', async () => {
    const rootHelp = (tree: Command) => tree.helpInformation();
    const whole = rootHelp(program);
    for (const { name } of COMMANDS) {
      const named = await buildProgram({} as never, [name]);
      expect([name, rootHelp(named)]).toEqual([name, whole]);
    }
  });

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

  it('give examples the program parses: their command, then its arguments and flags (values, choices, required)', async () => {
    const sink = { write: () => true, isTTY: false };
    const errors: string[] = [];
    for (const [, definition] of visible) {
      for (const example of definition.examples) {
        const typed = words(example.command);
        const redirect = typed.findIndex((word) => ['|', '>', '<', '||', ';'].includes(word));
        const argv = typed.slice(typed.indexOf('pulse') + 1, redirect === -1 ? undefined : redirect);
        const parser = await buildProgram({ streams: { stdin: sink, stdout: sink, stderr: sink } } as never);
        let ran: Command | undefined;
        const stub = (command: Command): void => {
          command.action((...args: unknown[]) => {
            ran = args.at(-1) as Command;
          });
          command.commands.forEach(stub);
        };
        parser.commands.forEach(stub);
        try {
          await parser.parseAsync(argv, { from: 'user' });
          if (ran === undefined || definitionOf(ran) !== definition)
            errors.push(`${example.command}: runs another command`);
        } catch (error) {
          errors.push(`${example.command}: ${(error as Error).message}`);
        }
      }
    }
    expect(errors).toEqual([]);
  });
});

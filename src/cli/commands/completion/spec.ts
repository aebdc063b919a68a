/**
 * What the completion scripts know, read from the commander tree itself (buildProgram), so a script
 * never drifts from the program: each command's subcommands and flags, and the values a flag or a
 * first argument takes.
 */
import type { Command, Option } from 'commander';
import { MOOD_NAMES } from '../../../core/moods.js';

/** Candidates for a value: fixed words, or names the script asks `pulse __complete KIND` for. */
export type Values = { words: readonly string[] } | { dynamic: DynamicKind };

/** What `pulse __complete` answers: team names, or people's emails. */
export type DynamicKind = 'teams' | 'people';
export const DYNAMIC_KINDS: readonly DynamicKind[] = ['teams', 'people'];

export interface CompletionNode {
  /** Command words after `pulse`, space-separated ('' for the root). */
  path: string;
  subcommands: string[];
  /** Every long and short flag, including the hidden global ones and --help. */
  flags: string[];
  /**
   * The flags that take a value (the next word is the value, not a command); --json too on a command
   * taking no arguments, where settleJsonWord reads the next word as fields whatever it says.
   */
  valueFlags: string[];
  /** Values of the flags that have known candidates; --json's are the command's field names. */
  flagValues: Map<string, Values>;
  /** Candidates for the first positional argument, when known. */
  argumentValues?: Values;
}

/**
 * Flags whose values commander does not know as choices (the program validates them itself, with its
 * own messages), so they are listed here.
 */
const KNOWN_WORDS: Record<string, readonly string[]> = {
  '--mood': MOOD_NAMES,
  '--cadence': ['weekly', 'biweekly', 'monthly'],
  '--frequency': ['daily', 'weekly', 'biweekly', 'monthly'],
  '--day': ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  '--category': ['check-in', 'comment', 'echo', 'goal'],
  '--format': ['csv', 'ics'],
};

/** Flags naming an existing team or person, wherever they appear. */
const TEAM_FLAGS = new Set(['--team']);
const PERSON_FLAGS = new Set(['--person', '--as', '--owner', '--contributor', '--member']);
/** First arguments naming a team or a person (team view TEAM, people view PERSON, absence add MEMBER). */
const ARGUMENT_KINDS: Record<string, DynamicKind> = { team: 'teams', person: 'people', member: 'people' };

function valuesOf(option: Option): Values | undefined {
  const long = option.long ?? '';
  if (option.argChoices) return { words: option.argChoices };
  if (KNOWN_WORDS[long]) return { words: KNOWN_WORDS[long] };
  if (TEAM_FLAGS.has(long)) return { dynamic: 'teams' };
  if (PERSON_FLAGS.has(long)) return { dynamic: 'people' };
  return undefined;
}

/**
 * Every command of the tree, the root first, hidden ones (such as __complete) left out. `jsonFieldsOf`
 * gives a command's --json field names (program.ts's, so the lists are the ones the program checks).
 */
export function completionNodes(
  program: Command,
  jsonFieldsOf: (command: Command) => readonly string[] | undefined = () => undefined,
): CompletionNode[] {
  const nodes: CompletionNode[] = [];
  const visit = (command: Command, path: string) => {
    const subcommands = command.commands.filter((sub) => !(sub as unknown as { _hidden: boolean })._hidden);
    const node: CompletionNode = {
      path,
      subcommands: subcommands.map((sub) => sub.name()),
      flags: ['--help'],
      valueFlags: [],
      flagValues: new Map(),
    };
    for (const option of command.options) {
      const names = [option.long, option.short].filter((name): name is string => name !== undefined);
      node.flags.push(...names);
      // An optional value (--json [fields]) is usually not given: the next word is completed as an argument.
      if (!option.required) continue;
      node.valueFlags.push(...names);
      const values = valuesOf(option);
      if (values) for (const name of names) node.flagValues.set(name, values);
    }
    const fields = jsonFieldsOf(command);
    if (fields) {
      // Always offered after `--json=`; after `--json ` only where the word cannot be an argument.
      node.flagValues.set('--json', { words: fields });
      if (command.registeredArguments.length === 0 && subcommands.length === 0)
        node.valueFlags.push('--json');
    }
    const first = command.registeredArguments[0];
    const kind = first ? ARGUMENT_KINDS[first.name()] : undefined;
    if (kind) node.argumentValues = { dynamic: kind };
    else if (path === 'help') node.argumentValues = { words: nodes[0]?.subcommands ?? [] };
    nodes.push(node);
    for (const sub of subcommands) visit(sub, path ? `${path} ${sub.name()}` : sub.name());
  };
  visit(program, '');
  return nodes;
}

/** The flags taking a value anywhere on the line: the root's (--store, --profile, --as). */
export function globalValueFlags(nodes: readonly CompletionNode[]): string[] {
  return nodes[0]?.valueFlags ?? [];
}

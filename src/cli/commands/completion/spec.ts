/**
 * What the completion scripts know, read from the command definitions (commands/registry.ts), so a
 * script never drifts from the program: each command's subcommands and flags, and the values a flag or a
 * first argument takes.
 */
import type { Definition, DynamicKind, FlagSpec } from '../define.js';

export type { DynamicKind } from '../define.js';

/** Candidates for a value: fixed words, or names the script asks `pulse __complete KIND` for. */
export type Values = { words: readonly string[] } | { dynamic: DynamicKind };

/** What `pulse __complete` answers: team names, or people's emails. */
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

/** The names of a flag, long first: `-X, --method <method>` gives --method and -X. */
function namesOf(spec: FlagSpec): string[] {
  const names = spec.flags.split(/[ ,|]+/).filter((word) => word.startsWith('-'));
  return [
    ...names.filter((name) => name.startsWith('--')),
    ...names.filter((name) => !name.startsWith('--')),
  ];
}

function valuesOf(spec: FlagSpec): Values | undefined {
  if (spec.choices) return { words: spec.choices };
  if (spec.suggest === undefined) return undefined;
  return typeof spec.suggest === 'string' ? { dynamic: spec.suggest } : { words: spec.suggest };
}

/** Adds flags to a node: every name, and for those taking a value (`<...>`), what to offer after them. */
function addFlags(node: CompletionNode, specs: readonly FlagSpec[]): void {
  for (const spec of specs) {
    const names = namesOf(spec);
    node.flags.push(...names);
    // An optional value (--json [fields]) is usually not given: the next word is completed as an argument.
    if (!spec.flags.includes('<')) continue;
    node.valueFlags.push(...names);
    const values = valuesOf(spec);
    if (values) for (const name of names) node.flagValues.set(name, values);
  }
}

const emptyNode = (path: string, subcommands: string[]): CompletionNode => ({
  path,
  subcommands,
  flags: ['--help'],
  valueFlags: [],
  flagValues: new Map(),
});

const visible = (definitions: readonly Definition[]) =>
  definitions.filter((definition) => definition.kind === 'group' || !definition.hidden);

/** What the scripts are written from (given by the program, whose module this chunk must not import). */
export interface CommandTree {
  commands: readonly Definition[];
  /** The flags every command takes. */
  globalFlags: readonly FlagSpec[];
  /** The root's flags: the global ones and --version. */
  rootFlags: readonly FlagSpec[];
}

/**
 * Every command, the root first and `pulse help` last (as the program lists them), hidden ones (such as
 * __complete) left out.
 */
export function completionNodes({ commands, globalFlags, rootFlags }: CommandTree): CompletionNode[] {
  const root = emptyNode('', [...visible(commands).map((definition) => definition.name), 'help']);
  addFlags(root, rootFlags);
  const nodes = [root];
  const visit = (definition: Definition, path: string) => {
    const children = visible(definition.children);
    const node = emptyNode(
      path,
      children.map((child) => child.name),
    );
    if (definition.kind === 'command') {
      addFlags(node, [...globalFlags, ...definition.flags]);
      const fields = definition.json?.fields;
      if (fields) {
        node.flags.push('--json', '--jq');
        node.valueFlags.push('--jq');
        // Always offered after `--json=`; after `--json ` only where the word cannot be an argument.
        node.flagValues.set('--json', { words: fields });
        if (definition.arguments.length === 0 && children.length === 0) node.valueFlags.push('--json');
      }
      const kind = definition.arguments[0]?.suggest;
      if (kind) node.argumentValues = { dynamic: kind };
    }
    nodes.push(node);
    for (const child of children) visit(child, `${path} ${child.name}`);
  };
  for (const definition of visible(commands)) visit(definition, definition.name);
  nodes.push({ ...emptyNode('help', []), argumentValues: { words: root.subcommands } });
  return nodes;
}

/** The flags taking a value anywhere on the line: the root's (--store, --profile, --as). */
export function globalValueFlags(nodes: readonly CompletionNode[]): string[] {
  return nodes[0]?.valueFlags ?? [];
}

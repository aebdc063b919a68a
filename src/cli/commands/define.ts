/**
 * Commands as data: each verb declares its name, arguments, flags, examples and --json fields once, and
 * the options its handler receives are inferred from those flags, so the compiler links a flag to the
 * handler that reads it. program.ts turns definitions into commander commands; completion, man pages and
 * the root help read the same tree. Nothing here imports a handler: `load` does, when the command runs.
 */
import type { CommandContext } from '../command-context.js';
import type { ResolveOptions } from '../settings.js';
import type { GLOBAL_FLAGS } from './global-flags.js';

/** What completion offers for a value that is not a fixed choice: names asked of `pulse __complete`. */
export type DynamicKind = 'teams' | 'people';

/** A flag as commander spells it: `--title <title>`, `-X, --method <method>`, `--done`, `--no-wait`. */
export interface FlagSpec {
  readonly flags: string;
  readonly description: string;
  /** Given more than once, its values collect into an array. */
  readonly repeatable?: boolean;
  /** The only values commander accepts (shown in help, offered by completion). */
  readonly choices?: readonly string[];
  /** Values completion offers where the program checks the value itself (no commander choices). */
  readonly suggest?: readonly string[] | DynamicKind;
  readonly required?: boolean;
  readonly default?: string;
}

/** A positional argument as commander spells it: `<goal>`, `[date]`, `[prompt...]`. */
export interface ArgumentSpec {
  readonly name: string;
  readonly description?: string;
  readonly choices?: readonly string[];
  readonly suggest?: DynamicKind;
}

/** A command line as it would be typed, and what it does. */
export interface Example {
  readonly command: string;
  readonly says: string;
}

/** `--json [fields]` and `--jq`: the field names --json FIELDS accepts (json-fields.ts). */
export interface JsonSpec {
  readonly fields: readonly string[];
  /** Replaces the usual description of --json (for a command printing another shape). */
  readonly description?: string;
}

type Camel<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;
/** `-X, --method <method>` -> `method`; `--no-wait` -> `no-wait`. */
type LongName<F extends string> = F extends `${string}, ${infer Rest}`
  ? LongName<Rest>
  : F extends `--${infer Name} ${string}`
    ? Name
    : F extends `--${infer Name}`
      ? Name
      : never;
type Negated<F extends FlagSpec> = LongName<F['flags']> extends `no-${string}` ? true : false;
/** The option's key in commander's opts(): camel case, without a negating `no-`. */
type KeyOf<F extends FlagSpec> = Camel<Positive<LongName<F['flags']>>>;
type Positive<Name extends string> = Name extends `no-${infer Rest}` ? Rest : Name;
type TakesValue<F extends FlagSpec> = F['flags'] extends `${string} <${string}>` | `${string} [${string}]`
  ? true
  : false;
type Scalar<F extends FlagSpec> = F['choices'] extends readonly (infer Choice extends string)[]
  ? Choice
  : string;

/** The flags of a list that set option K (`--parent <goal>` and `--no-parent` both set parent). */
type SettingKey<Spec, K> = Spec extends FlagSpec ? (KeyOf<Spec> extends K ? Spec : never) : never;
type FirstSetting<Flags extends readonly FlagSpec[], K> = Flags extends readonly [
  infer Head extends FlagSpec,
  ...infer Rest extends readonly FlagSpec[],
]
  ? KeyOf<Head> extends K
    ? Head
    : FirstSetting<Rest, K>
  : never;
/** A `--no-x` declared before any `--x`: commander then gives x a default of true. */
type DefaultsToTrue<F extends FlagSpec, Flags extends readonly FlagSpec[]> =
  Negated<F> extends true ? (FirstSetting<Flags, KeyOf<F>> extends F ? true : false) : false;

/** What commander sets an option to from one flag (distributed over a union of flags). */
type Value<F extends FlagSpec, Flags extends readonly FlagSpec[]> = F extends FlagSpec
  ? Negated<F> extends true
    ? DefaultsToTrue<F, Flags> extends true
      ? boolean
      : false
    : TakesValue<F> extends true
      ? F['repeatable'] extends true
        ? Scalar<F>[]
        : Scalar<F>
      : true
  : never;
/** Whether commander always sets the option of a flag (distributed over a union of flags). */
type AlwaysSet<F extends FlagSpec, Flags extends readonly FlagSpec[]> = F extends FlagSpec
  ? F['required'] extends true
    ? true
    : F['default'] extends string
      ? true
      : DefaultsToTrue<F, Flags>
  : never;

type KeysOf<Flags extends readonly FlagSpec[]> = KeyOf<Flags[number]>;
type Setting<Flags extends readonly FlagSpec[], K> = SettingKey<Flags[number], K>;

/** The options object commander passes a command with these flags (in this order). */
export type OptionsOf<Flags extends readonly FlagSpec[]> = {
  [K in KeysOf<Flags> as true extends AlwaysSet<Setting<Flags, K>, Flags> ? K : never]: Value<
    Setting<Flags, K>,
    Flags
  >;
} & {
  [K in KeysOf<Flags> as true extends AlwaysSet<Setting<Flags, K>, Flags> ? never : K]?: Value<
    Setting<Flags, K>,
    Flags
  >;
};

type ArgumentValue<A extends ArgumentSpec> = A['name'] extends `${string}...${string}`
  ? string[]
  : A['name'] extends `[${string}`
    ? string | undefined
    : A['choices'] extends readonly (infer Choice extends string)[]
      ? Choice
      : string;
type ArgumentValues<Args extends readonly ArgumentSpec[]> = { [I in keyof Args]: ArgumentValue<Args[I]> };

/** What a command with --json adds to its options: a plain `json: true` (the fields are the Output's). */
interface JsonOptions {
  json?: boolean;
  jq?: string;
}
type JsonOptionsOf<J> = J extends JsonSpec ? JsonOptions : Record<never, never>;

/** What commander passes a command's action: its arguments' values, then its options (the global ones too). */
type Parsed<
  Args extends readonly ArgumentSpec[],
  Flags extends readonly FlagSpec[],
  Json extends JsonSpec | undefined,
> = [...ArgumentValues<Args>, OptionsOf<[...typeof GLOBAL_FLAGS, ...Flags]> & JsonOptionsOf<Json>];

/** The run function a definition's flags and arguments call for. */
export type Handler<
  Args extends readonly ArgumentSpec[],
  Flags extends readonly FlagSpec[],
  Json extends JsonSpec | undefined,
> = (cc: CommandContext, ...parsed: Parsed<Args, Flags, Json>) => Promise<void>;

/** A loaded handler, called with the values commander parsed from the command line (arguments, options). */
export type Run = (cc: CommandContext, parsed: unknown[]) => Promise<void>;

/** A verb: what program.ts needs to build it, and what help, man pages and completion show of it. */
export interface CommandDefinition {
  readonly kind: 'command';
  readonly name: string;
  readonly summary: string;
  /** At least one: shown under Examples: in --help and EXAMPLES in the man page. */
  readonly examples: readonly [Example, ...Example[]];
  readonly arguments: readonly ArgumentSpec[];
  readonly flags: readonly FlagSpec[];
  readonly json?: JsonSpec;
  /** The command only reads and prints data, so long output may be paged (a writer may prompt between lines). */
  readonly pageable: boolean;
  /** How settings are resolved before it runs (doctor reports a broken config instead of failing on it). */
  readonly resolve?: ResolveOptions;
  /** Left out of help, man pages and completion (what the completion scripts call). */
  readonly hidden?: boolean;
  /** Any failure ends it quietly with success: completion must never show an error. */
  readonly failsSilently?: boolean;
  /** Its options, given before a subcommand, apply to that subcommand (`pulse status --status-url U wait`). */
  readonly optionsReachSubcommands?: boolean;
  /** Subcommands of a verb that also runs alone (`pulse checkin`, `pulse checkin list`). */
  readonly children: readonly Definition[];
  /** Imports the handler; the options it takes were checked against the flags by defineCommand. */
  readonly load: () => Promise<Run>;
}

/** A noun: a name grouping verbs (`goal`, `goal update`), with no action of its own. */
export interface GroupDefinition {
  readonly kind: 'group';
  readonly name: string;
  readonly summary: string;
  readonly children: readonly Definition[];
}

export type Definition = CommandDefinition | GroupDefinition;

/** Everything a verb declares; the handler `load` gives must take the options its flags make. */
interface CommandSpec<
  Args extends readonly ArgumentSpec[],
  Flags extends readonly FlagSpec[],
  Json extends JsonSpec | undefined,
> extends Omit<
    CommandDefinition,
    'kind' | 'name' | 'arguments' | 'flags' | 'json' | 'pageable' | 'children' | 'load'
  > {
  readonly arguments?: Args;
  readonly flags?: Flags;
  readonly json?: Json;
  readonly pageable?: boolean;
  readonly children?: readonly Definition[];
  readonly load: () => Promise<Handler<Args, Flags, Json>>;
}

export function defineCommand<
  const Args extends readonly ArgumentSpec[] = [],
  const Flags extends readonly FlagSpec[] = [],
  const Json extends JsonSpec | undefined = undefined,
>(name: string, spec: CommandSpec<Args, Flags, Json>): CommandDefinition {
  return {
    ...spec,
    kind: 'command',
    name,
    arguments: spec.arguments ?? [],
    flags: spec.flags ?? [],
    pageable: spec.pageable ?? false,
    children: spec.children ?? [],
    load: async () => {
      const handler = await spec.load();
      // commander built `parsed` from these very specs: the one place its untyped values meet their types.
      return (cc, parsed) => handler(cc, ...(parsed as Parsed<Args, Flags, Json>));
    },
  };
}

const jsonSpec = (fields: readonly string[], description?: string): JsonSpec =>
  description === undefined ? { fields } : { fields, description };

/** The output of a command that only reads: --json with these fields, and long output may be paged. */
export const reads = (
  fields: readonly string[],
  description?: string,
): { json: JsonSpec; pageable: true } => ({
  json: jsonSpec(fields, description),
  pageable: true,
});

/** The output of a command that changes data: --json with these fields, never paged (it may prompt). */
export const writes = (fields: readonly string[], description?: string): { json: JsonSpec } => ({
  json: jsonSpec(fields, description),
});

export const defineGroup = (
  name: string,
  summary: string,
  children: readonly Definition[],
): GroupDefinition => ({
  kind: 'group',
  name,
  summary,
  children,
});

/**
 * The adapter from the command definitions (commands/registry.ts) to commander: the one place that knows
 * commander. Only the definition the command line names is loaded, and each action lazily imports its
 * handler, so a command compiles no other command's definitions, and `pulse --help` no handler, no
 * SQLite and no prompts.
 */
import { Argument, Command, Option } from 'commander';
import type { CommandDefinition, Definition, FlagSpec, JsonSpec } from './commands/define.js';
import { GLOBAL_FLAGS, GLOBAL_KEYS, globalOptionsOf, VERSION_FLAG } from './commands/global-flags.js';
import { COMMANDS, type CommandEntry } from './commands/registry.js';
import type { Context } from './context.js';
import { addCommandNotes, formatExamples, HELP_TOPICS } from './help-text.js';
import { readFreeTextFromStdin } from './input.js';
import { jsonRequestOf, loadJq, settleJsonWord } from './json-view.js';
import { configureOutput, refuseUnknownCommands } from './program-errors.js';
import { VERSION } from './version.js';
import { widthOf, wrapHelp } from './wrap-help.js';

export { VERSION } from './version.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

function optionOf(spec: FlagSpec): Option {
  const option = new Option(spec.flags, spec.description);
  if (spec.repeatable) option.argParser(collect);
  if (spec.choices) option.choices(spec.choices);
  if (spec.default !== undefined) option.default(spec.default);
  return option.makeOptionMandatory(spec.required === true);
}

/** Options every command accepts, wherever they appear on the line: shown in the root's help only. */
function addGlobalOptions(command: Command, hidden: boolean): Command {
  for (const option of GLOBAL_FLAGS.map(optionOf)) command.addOption(hidden ? option.hideHelp() : option);
  return command;
}

/** The definition each built command came from. */
const DEFINITIONS = new WeakMap<Command, CommandDefinition>();

/** The definition a command of the tree was built from (undefined for groups, the root and help). */
export const definitionOf = (command: Command): CommandDefinition | undefined => DEFINITIONS.get(command);

/** The field names --json FIELDS accepts on a command, or undefined when it has no --json. */
export const jsonFieldsOf = (command: Command): readonly string[] | undefined =>
  DEFINITIONS.get(command)?.json?.fields;

/** `goal update view`: the command's names below the program. */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current?.parent; current = current.parent)
    names.unshift(current.name());
  return names.join(' ');
}

/** Root options that take a value: the word after them is not a command. */
const ROOT_VALUE_OPTIONS = new Set(['--store', '--profile', '--as']);

/** The top-level command a command line names (its first operand), or undefined when it names none. */
export function commandNamed(argv: readonly string[]): string | undefined {
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string;
    if (arg === '--') return argv[index + 1];
    if (arg.length < 2 || !arg.startsWith('-')) return arg;
    if (ROOT_VALUE_OPTIONS.has(arg)) index++;
  }
  return undefined;
}

/** --json [fields] and --jq on a command printing these fields (see settleJsonWord for `--json WORD`). */
function addJsonOptions(command: Command, { fields, description }: JsonSpec): void {
  const parseOptions = command.parseOptions;
  command.parseOptions = (args: string[]) =>
    parseOptions.call(
      command,
      settleJsonWord(
        args,
        fields,
        command.commands.map((sub) => sub.name()),
        command.registeredArguments.length > 0,
      ),
    );
  command
    .option(
      '--json [fields]',
      description ?? 'print the documented JSON objects (FIELDS: only these, comma-separated)',
    )
    .option('--jq <expression>', 'filter the JSON through jq (implies --json): one result a line');
}

/** Runs a definition's handler, loaded only now, in a command context built for it. */
function actionOf(ctx: Context, command: Command, definition: CommandDefinition) {
  const action = async (...args: unknown[]) => {
    // commander passes the arguments' values, then the options and the command.
    const positional = args.slice(0, -2);
    const options = command.opts();
    const request = jsonRequestOf(
      options.json,
      options.jq,
      definition.json?.fields ?? [],
      commandPath(command),
    );
    // Commands see a plain `json: true`; the fields and jq are the Output's business.
    if (request) options.json = true;
    const [run, { withCommandContext }, jq] = await Promise.all([
      definition.load(),
      import('./command-context.js'),
      request?.jq === undefined ? undefined : loadJq(request.jq),
    ]);
    await withCommandContext(
      ctx,
      globalOptionsOf(command),
      async (cc) => {
        await readFreeTextFromStdin(cc, command.options, options);
        await run(cc, [...positional, options]);
      },
      definition.resolve,
      {
        shaping: { ...(request?.fields && { fields: request.fields }), ...(jq && { jq }) },
        pageable: definition.pageable,
      },
    );
  };
  if (!definition.failsSilently) return action;
  return async (...args: unknown[]) => {
    try {
      await action(...args);
    } catch {
      // nothing to say
    }
  };
}

/** `pulse status --status-url URL wait`: an option of the parent given before a subcommand applies to it. */
function passOptionsDown(parent: Command): void {
  parent.hook('preAction', (_hooked, action) => {
    if (action === parent) return;
    for (const option of parent.options) {
      const key = option.attributeName();
      if (GLOBAL_KEYS.includes(key) || parent.getOptionValueSource(key) !== 'cli') continue;
      if (!action.options.some((o) => o.attributeName() === key)) {
        action.error(`pulse: ${option.long} is not an option of pulse ${parent.name()} ${action.name()}`, {
          exitCode: 2,
        });
      }
      if (action.getOptionValueSource(key) === undefined)
        action.setOptionValueWithSource(key, parent.getOptionValue(key), 'cli');
    }
  });
}

/** Adds a definition below parent, with its subcommands. */
function addDefinition(ctx: Context, parent: Command, definition: Definition): void {
  const hidden = definition.kind === 'command' && definition.hidden === true;
  const command = parent.command(definition.name, { hidden }).description(definition.summary);
  if (definition.kind === 'command') {
    addGlobalOptions(command, true);
    for (const spec of definition.arguments) {
      const argument = new Argument(spec.name, spec.description);
      command.addArgument(spec.choices ? argument.choices(spec.choices) : argument);
    }
    for (const spec of definition.flags) command.addOption(optionOf(spec));
    if (definition.json) addJsonOptions(command, definition.json);
    command
      .action(actionOf(ctx, command, definition))
      .addHelpText('after', () =>
        wrapHelp(formatExamples(definition.examples), widthOf(ctx.streams?.stdout)),
      );
    if (definition.optionsReachSubcommands) passOptionsDown(command);
    DEFINITIONS.set(command, definition);
  }
  if (definition.children.length > 0) command.enablePositionalOptions();
  for (const child of definition.children) addDefinition(ctx, command, child);
  // After the children: they would inherit the verb's allowance of excess words.
  if (definition.children.length > 0) refuseUnknownCommands(command, definition.kind === 'command');
}

/** A top-level command not named on the line: what the root's help, its suggestions and errors show. */
function addEntry(parent: Command, entry: CommandEntry): void {
  const command = parent.command(entry.name, { hidden: entry.hidden === true }).description(entry.summary);
  if (entry.kind === 'command') addGlobalOptions(command, true);
  for (const name of entry.arguments ?? []) command.argument(name);
}

/**
 * The command tree. Given the command line (`argv`), only the top-level command it names is loaded and
 * built with its subcommands; the others are built from their registry entries. Without argv (or for
 * `pulse help ...`) the whole tree is loaded and built.
 */
export async function buildProgram(ctx: Context, argv?: readonly string[]): Promise<Command> {
  const named = argv === undefined ? undefined : commandNamed(argv);
  const everything = argv === undefined || named === 'help';
  const definitions = await Promise.all(
    COMMANDS.map((entry) => (everything || entry.name === named ? entry.load() : undefined)),
  );

  const program = new Command('pulse')
    .description(
      'Daily check-ins, goals and team updates from the terminal, locally or against a deployment.',
    )
    .version(VERSION, VERSION_FLAG.flags, VERSION_FLAG.description)
    // Before any subcommand exists: commands copy these settings when they are created.
    .exitOverride()
    .enablePositionalOptions()
    .showSuggestionAfterError();
  configureOutput(program, ctx).addHelpText(
    'after',
    // Lines short enough for any width help is wrapped at (root-help.ts writes them as they are).
    '\nRun `pulse COMMAND --help` for a command;\n`pulse help environment`, `pulse help exit-codes`\nand `pulse help formatting` for the rest.',
  );
  addGlobalOptions(program, false);

  for (const [index, entry] of COMMANDS.entries()) {
    const definition = definitions[index];
    if (definition) addDefinition(ctx, program, definition);
    else addEntry(program, entry);
  }

  refuseUnknownCommands(program, false);
  program.helpCommand(false);
  program
    .command('help')
    .description(`show help for a command, or a topic: ${Object.keys(HELP_TOPICS).join(', ')}`)
    .argument('[command...]', 'command path or topic')
    .action((words: string[]) => {
      const topic = HELP_TOPICS[words.join(' ')];
      if (topic !== undefined) {
        ctx.streams.stdout.write(wrapHelp(topic, widthOf(ctx.streams?.stdout)));
        return;
      }
      let target: Command = program;
      for (const word of words) {
        const next = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
        if (!next) return program.error(`unknown command or help topic: ${words.join(' ')}`, { exitCode: 2 });
        target = next;
      }
      target.outputHelp();
    });

  addCommandNotes(program, (notes) => wrapHelp(notes, widthOf(ctx.streams?.stdout)));
  return program;
}

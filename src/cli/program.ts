/**
 * The command tree: the one place that knows commander. Each action lazily imports its command module,
 * so `pulse --version` and `pulse --help` load no command code, no SQLite and no prompts.
 */
import { Argument, Command, Option } from 'commander';
import { MOOD_NAMES } from '../core/moods.js';
import { COMPONENT_STATES, NOTICE_TYPES, TIMELINE_STATES } from '../core/status/types.js';
import type { CommandContext } from './command-context.js';
import type { Context } from './context.js';
import { printable } from './control-characters.js';
import { formatExitCodes } from './exit-codes.js';
import { COMMAND_NOTES, DATE_HELP, FORMATTING_HELP, formatEnvironment } from './help-text.js';
import * as F from './json-fields.js';
import { jsonRequestOf, loadJq, settleJsonWord } from './json-view.js';
import type { GlobalOptions, ResolveOptions } from './settings.js';

declare const __PULSE_VERSION__: string;

/** Set from package.json at build time (scripts/build.mjs). */
export const VERSION = typeof __PULSE_VERSION__ === 'string' ? __PULSE_VERSION__ : '0.0.0-dev';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Help topics beyond the commands: `pulse help TOPIC`. */
export const HELP_TOPICS: Record<string, string> = {
  environment: formatEnvironment(),
  'exit-codes': formatExitCodes(),
  formatting: FORMATTING_HELP,
};

/** Options every command accepts, wherever they appear on the line. */
function addGlobalOptions(command: Command, hidden: boolean): Command {
  const options = [
    new Option(
      '--store <path>',
      'use this SQLite store file, or a PostgreSQL database postgres://USER@HOST:PORT/DB (implies local mode; env PULSE_STORE)',
    ),
    new Option('--profile <name>', 'configuration profile (env PULSE_PROFILE; default "default")'),
    new Option('--as <email>', 'act as this person of the local store (env PULSE_AS)'),
    new Option('--no-color', 'no colour (also NO_COLOR, or when stdout is not a terminal)'),
    new Option('--no-input', 'never prompt; a missing value is a usage error (env PULSE_NO_INPUT=1)'),
    new Option('--no-pager', 'never page long output (env PULSE_PAGER, PAGER; default less -FRX)'),
  ];
  for (const option of options) {
    if (hidden) option.hideHelp();
    command.addOption(option);
  }
  return command;
}

const GLOBAL_KEYS = ['store', 'profile', 'as', 'color', 'input', 'pager'];

/** Global options as given closest to the command, ignoring defaults a nearer command merely inherited. */
export function globalOptionsOf(command: Command): GlobalOptions {
  const result: Record<string, unknown> = {};
  for (const key of GLOBAL_KEYS) {
    for (let current: Command | null = command; current; current = current.parent) {
      const source = current.getOptionValueSource(key);
      if (source !== undefined && source !== 'default') {
        result[key] = current.getOptionValue(key);
        break;
      }
    }
  }
  return result as GlobalOptions;
}

type Runner = (cc: CommandContext, ...args: never[]) => Promise<void>;

/** The field names of each command with --json (json-fields.ts), for --json FIELDS. */
const JSON_FIELDS = new WeakMap<Command, readonly string[]>();

/** The field names --json FIELDS accepts on a command, or undefined when it has no --json. */
export const jsonFieldsOf = (command: Command): readonly string[] | undefined => JSON_FIELDS.get(command);

/**
 * Commands that only read and print data: their long output may be paged. Commands that write may
 * prompt or open an editor between their lines, which a held stdout would reorder.
 */
const READS = new Set([
  'list',
  'view',
  'tree',
  'comments',
  'reactions',
  'members',
  'report',
  'tags',
  'tag',
  'components',
  'notices',
  'notice',
  'me',
  'digest',
  'status',
  'doctor',
]);

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

/**
 * Takes every call a command accepts and builds nothing: what the subcommands of a top-level command the
 * command line does not name are defined on. Every chained call returns it again.
 */
const nothing: Command = new Proxy(
  {},
  {
    get: () => () => nothing,
  },
) as Command;

/**
 * The command tree. Given the command line (`argv`), only the top-level command it names is built with
 * its subcommands; the others get their names, options, arguments and descriptions, which is all the
 * root's help, its suggestions and its errors show. Without argv (or for `pulse help ...`) the whole
 * tree is built.
 */
export function buildProgram(ctx: Context, argv?: readonly string[]): Command {
  /** An action that loads its module only when it runs, with a command context built for it. */
  const lazy =
    <M>(load: () => Promise<M>, pick: (module: M) => Runner, resolveOptions: ResolveOptions = {}) =>
    async (...args: unknown[]) => {
      const command = args.at(-1) as Command;
      const positional = args.slice(0, -2);
      const options = command.opts();
      const request = jsonRequestOf(
        options.json,
        options.jq,
        JSON_FIELDS.get(command) ?? [],
        commandPath(command),
      );
      // Commands see a plain `json: true`; the fields and jq are the Output's business.
      if (request) options.json = true;
      const [module, { withCommandContext }, jq] = await Promise.all([
        load(),
        import('./command-context.js'),
        request?.jq === undefined ? undefined : loadJq(request.jq),
      ]);
      const runner = pick(module) as (cc: CommandContext, ...rest: unknown[]) => Promise<void>;
      await withCommandContext(
        ctx,
        globalOptionsOf(command),
        (cc) => runner(cc, ...positional, options),
        resolveOptions,
        {
          shaping: { ...(request?.fields && { fields: request.fields }), ...(jq && { jq }) },
          pageable: JSON_FIELDS.has(command) && READS.has(command.name()),
        },
      );
    };

  const program = new Command('pulse')
    .description(
      'Daily check-ins, goals and team updates from the terminal, locally or against a deployment.',
    )
    .version(VERSION, '-V, --version', 'print the version')
    // Before any subcommand exists: commands copy these settings when they are created.
    .exitOverride()
    .enablePositionalOptions()
    .showSuggestionAfterError()
    .configureOutput({
      writeOut: (text) => ctx.streams.stdout.write(text),
      // commander quotes what it was given ("value '...' is invalid"): control characters escaped.
      writeErr: (text) => ctx.streams.stderr.write(printable(text)),
      // An error is one line (and commander's own "(Did you mean ...?)"): a line break in the quoted
      // value shows as \n, so a typed value cannot add lines to the message.
      outputError: (text, write) => write(text.replace(/\r?\n(?!\(Did you mean |$)/g, '\\n')),
    })
    .showHelpAfterError('(add --help for usage)')
    .addHelpText(
      'after',
      '\nRun `pulse COMMAND --help` for a command; `pulse help environment`, `pulse help exit-codes`\nand `pulse help formatting` for the rest.',
    );
  addGlobalOptions(program, false);

  const named = argv === undefined ? undefined : commandNamed(argv);
  const everything = argv === undefined || named === 'help';
  /** Top-level commands whose subcommands are not built (defined on `nothing`). */
  const unbuilt = new WeakSet<Command>([nothing]);
  const define = (parent: Command, name: string): Command => {
    if (unbuilt.has(parent)) return nothing;
    const created = parent.command(name);
    if (parent === program && !everything && name !== named) unbuilt.add(created);
    return created;
  };
  const leaf = (parent: Command, name: string, description: string) =>
    addGlobalOptions(define(parent, name).description(description), true);
  const group = (parent: Command, name: string, description: string) =>
    define(parent, name).description(description).enablePositionalOptions();
  /** --json [fields] and --jq on a command printing these fields (see settleJsonWord for `--json WORD`). */
  const json = (
    command: Command,
    fields: readonly string[],
    description = 'print the documented JSON objects (FIELDS: only these, comma-separated)',
  ) => {
    JSON_FIELDS.set(command, fields);
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
    return command
      .option('--json [fields]', description)
      .option('--jq <expression>', 'filter the JSON through jq (implies --json): one result a line');
  };

  // --- checkin -------------------------------------------------------------------------------------
  const checkin = addGlobalOptions(
    define(program, 'checkin').description(
      'fill in your check-in (today by default): prompts on a terminal, flags or --file otherwise',
    ),
    true,
  )
    .option('--previous <text>', 'what you got done since your last check-in (Markdown)')
    .option('--intentions <text>', 'what you intend to do (Markdown)')
    .option('--blockers <text>', 'what blocks you; "none" (or no, n/a, -) means nothing')
    .option('--mood <mood>', `one of ${MOOD_NAMES.join(', ')}`)
    .option('--done', 'you did what you intended last time')
    .option('--not-done', 'you did not do what you intended last time')
    .option('--team <team>', 'share with this team only (repeatable; default: all your teams)', collect)
    .option('--date <date>', `the check-in's date: ${DATE_HELP} (default today)`)
    .option('--file <path>', 'read answers from a Markdown or JSON file, "-" for stdin')
    .option(
      '--previous-from-activities',
      'without prompts, fill "previous" with your activities since your last check-in (prompts offer them)',
    )
    .option('--resume', 'send the check-in drafts kept while the server was unreachable (remote mode)')
    .enablePositionalOptions()
    .action(
      lazy(
        () => import('./commands/checkin/fill.js'),
        (m) => m.run,
      ),
    );
  json(checkin, F.CHECK_IN_FIELDS);
  json(
    leaf(checkin, 'list', 'list completed check-ins you can see, newest first')
      .option('--since <date>', `on or after this date: ${DATE_HELP}`)
      .option('--until <date>', 'on or before this date (same forms as --since)')
      .option('--blocked', 'only check-ins with blockers')
      .option('--person <person>', 'only this person: id, email, @username or name (repeatable)', collect)
      .option('--team <team>', 'only check-ins shared with this team: id or name (repeatable)', collect)
      .option('--limit <n>', 'show at most n check-ins (default 30)')
      .option('--all', 'walk every page'),
    F.CHECK_IN_FIELDS,
  ).action(
    lazy(
      () => import('./commands/checkin/list.js'),
      (m) => m.run,
    ),
  );
  json(
    leaf(checkin, 'view', 'show one check-in: an id, or a date meaning your own').argument(
      '<key>',
      `check-in id or ${DATE_HELP}`,
    ),
    F.CHECK_IN_FIELDS,
  ).action(
    lazy(
      () => import('./commands/checkin/view.js'),
      (m) => m.run,
    ),
  );

  const checkinTalk = () => import('./commands/checkin/conversation.js');
  json(
    leaf(checkin, 'comments', 'list the comments on a check-in, oldest first').argument(
      '<key>',
      'check-in id or date',
    ),
    F.COMMENT_FIELDS,
  ).action(lazy(checkinTalk, (m) => m.comments));
  json(
    leaf(checkin, 'comment', 'comment on a check-in (@username mentions people)')
      .argument('<key>', 'check-in id or date')
      .option('--body <markdown>', 'the comment (default: write it in your editor)'),
    F.COMMENT_FIELDS,
  ).action(lazy(checkinTalk, (m) => m.comment));
  json(
    leaf(checkin, 'reactions', 'list the reactions to a check-in').argument('<key>', 'check-in id or date'),
    F.REACTION_FIELDS,
  ).action(lazy(checkinTalk, (m) => m.reactions));
  json(
    leaf(checkin, 'react', 'react to a check-in (a pulse serve extension remotely)')
      .argument('<key>', 'check-in id or date')
      .argument('<name>', 'thumbsup, thumbsdown, smile, confused, heart or tada')
      .option('--remove', 'remove your reaction instead'),
    F.REACTION_FIELDS,
  ).action(lazy(checkinTalk, (m) => m.react));

  // --- goals ---------------------------------------------------------------------------------------
  const goals = () => import('./commands/goal/goal.js');
  const goalGroup = group(program, 'goal', 'goals, their progress updates, and the goal tree');
  const listFilters = (command: Command) =>
    command
      .option('--person <person>', 'goals this person owns or contributes to (repeatable)', collect)
      .option('--mine', 'goals you own or contribute to')
      .option('--team <team>', 'goals of this team (repeatable)', collect)
      .option('--since <date>', `goals created or updated on or after: ${DATE_HELP}`)
      .option('--archived', 'include archived goals');
  json(
    listFilters(leaf(goalGroup, 'list', 'list goals you can see, newest first'))
      .option('--limit <n>', 'show at most n goals (default 30)')
      .option('--all', 'walk every page'),
    F.GOAL_FIELDS,
  ).action(lazy(goals, (m) => m.list));
  json(
    listFilters(leaf(goalGroup, 'tree', 'the goal hierarchy with progress and confidence')),
    F.GOAL_FIELDS,
  ).action(lazy(goals, (m) => m.tree));
  json(
    leaf(goalGroup, 'view', 'show a goal and its latest updates').argument(
      '<goal>',
      'id or part of the title',
    ),
    F.GOAL_FIELDS,
  ).action(lazy(goals, (m) => m.view));
  const goalFields = (command: Command, creating: boolean) =>
    command
      .option('--title <title>', creating ? 'the goal (prompted on a terminal when missing)' : 'a new title')
      .option('--description <markdown>', 'what it is about')
      .option('--start <date>', 'start date (YYYY-MM-DD or a date word; "" clears it)')
      .option('--end <date>', 'end date (YYYY-MM-DD or a date word; "" clears it)')
      .option('--cadence <cadence>', 'update cadence: weekly, biweekly or monthly')
      .option('--owner <person>', 'owner (default: you)')
      .option('--contributor <person>', 'a contributor (repeatable; replaces the list)', collect)
      .option('--team <team>', 'a team (repeatable; replaces the list)', collect)
      .option('--parent <goal>', 'the parent goal: id or part of its title')
      .option('--private', 'only owner, contributors and administrators see it')
      .option('--public', 'everyone in the account sees it');
  json(
    goalFields(leaf(goalGroup, 'create', 'create a goal: prompts on a terminal, or all by flags'), true),
    F.GOAL_FIELDS,
  ).action(lazy(goals, (m) => m.create));
  json(
    goalFields(
      leaf(goalGroup, 'edit', 'change a goal').argument('<goal>', 'id or part of the title'),
      false,
    ).option('--no-parent', 'make it a top-level goal'),
    F.GOAL_FIELDS,
  ).action(lazy(goals, (m) => m.edit));
  json(
    leaf(goalGroup, 'archive', 'archive a goal (hidden from lists)').argument(
      '<goal>',
      'id or part of the title',
    ),
    F.GOAL_FIELDS,
  ).action(lazy(goals, (m) => m.archive));
  json(
    leaf(goalGroup, 'unarchive', 'bring an archived goal back').argument('<goal>', 'id or part of the title'),
    F.GOAL_FIELDS,
  ).action(lazy(goals, (m) => m.unarchive));
  leaf(goalGroup, 'delete', 'delete a goal, its updates and their comments')
    .argument('<goal>', 'id or part of the title')
    .option('--yes', 'do not ask for confirmation')
    .action(lazy(goals, (m) => m.remove));

  const updates = () => import('./commands/goal/updates.js');
  const updateGroup = group(goalGroup, 'update', "a goal's progress updates");
  const updateFields = (command: Command) =>
    command
      .option('--progress <percent>', 'progress, 0 to 100')
      .option('--confidence <level>', 'confidence: 0 to 100, or off-track, at-risk, on-track')
      .option('--title <title>', 'a headline')
      .option('--body <markdown>', 'what happened (default on a terminal: your editor)');
  json(
    updateFields(
      leaf(updateGroup, 'create', 'post an update to a goal').argument('<goal>', 'id or part of the title'),
    ),
    F.GOAL_UPDATE_FIELDS,
  ).action(lazy(updates, (m) => m.create));
  json(
    leaf(updateGroup, 'list', "list a goal's updates, newest first").argument(
      '<goal>',
      'id or part of the title',
    ),
    F.GOAL_UPDATE_FIELDS,
  ).action(lazy(updates, (m) => m.list));
  json(
    leaf(updateGroup, 'view', 'show an update').argument('<id>', 'update id'),
    F.GOAL_UPDATE_FIELDS,
  ).action(lazy(updates, (m) => m.view));
  json(
    updateFields(leaf(updateGroup, 'edit', 'change your update').argument('<id>', 'update id')),
    F.GOAL_UPDATE_FIELDS,
  ).action(lazy(updates, (m) => m.edit));
  leaf(updateGroup, 'delete', 'delete your update and its comments')
    .argument('<id>', 'update id')
    .option('--yes', 'do not ask for confirmation')
    .action(lazy(updates, (m) => m.remove));
  json(
    leaf(updateGroup, 'comments', 'list the comments on an update').argument('<id>', 'update id'),
    F.COMMENT_FIELDS,
  ).action(lazy(updates, (m) => m.comments));
  json(
    leaf(updateGroup, 'comment', 'comment on an update')
      .argument('<id>', 'update id')
      .option('--body <markdown>', 'the comment (default: write it in your editor)'),
    F.COMMENT_FIELDS,
  ).action(lazy(updates, (m) => m.comment));
  json(
    leaf(updateGroup, 'reactions', 'list the reactions to an update').argument('<id>', 'update id'),
    F.REACTION_FIELDS,
  ).action(lazy(updates, (m) => m.reactions));
  json(
    leaf(updateGroup, 'react', 'react to an update (a pulse serve extension remotely)')
      .argument('<id>', 'update id')
      .argument('<name>', 'thumbsup, thumbsdown, smile, confused, heart or tada')
      .option('--remove', 'remove your reaction instead'),
    F.REACTION_FIELDS,
  ).action(lazy(updates, (m) => m.react));

  // --- Echoes -------------------------------------------------------------------------------------
  const echoes = () => import('./commands/echo/echo.js');
  const echoGroup = group(program, 'echo', 'Echoes: your recurring questions, answered on a schedule');
  const echoFields = (command: Command) =>
    command
      .option('--title <title>', 'a title, 1 to 255 characters')
      .option('--prompt <question>', 'the question, 1 to 2000 characters')
      .option('--frequency <frequency>', 'daily, weekly, biweekly or monthly')
      .option('--day <day>', 'the answer day for weekly, biweekly and monthly (monday..sunday)')
      .option('--time <HH:MM>', 'the answer time, 24-hour, in your time zone');
  json(leaf(echoGroup, 'list', 'your Echo questions, newest first'), F.ECHO_QUESTION_FIELDS).action(
    lazy(echoes, (m) => m.list),
  );
  json(
    leaf(echoGroup, 'view', 'show a question and its next answer time').argument('<id>', 'question id'),
    F.ECHO_QUESTION_FIELDS,
  ).action(lazy(echoes, (m) => m.view));
  json(
    echoFields(
      leaf(echoGroup, 'create', 'create a question (all of --title, --prompt, --frequency, --time)'),
    ),
    F.ECHO_QUESTION_FIELDS,
  ).action(lazy(echoes, (m) => m.create));
  json(
    echoFields(leaf(echoGroup, 'edit', 'change a question').argument('<id>', 'question id')),
    F.ECHO_QUESTION_FIELDS,
  ).action(lazy(echoes, (m) => m.edit));
  leaf(echoGroup, 'delete', 'delete a question')
    .argument('<id>', 'question id')
    .action(lazy(echoes, (m) => m.remove));
  json(
    leaf(echoGroup, 'pause', 'stop answers until resumed (a pulse serve extension remotely)').argument(
      '<id>',
      'question id',
    ),
    F.ECHO_QUESTION_FIELDS,
  ).action(lazy(echoes, (m) => m.pause));
  json(
    leaf(echoGroup, 'resume', 'answer again from the next occurrence').argument('<id>', 'question id'),
    F.ECHO_QUESTION_FIELDS,
  ).action(lazy(echoes, (m) => m.resume));

  const echoAnswers = group(echoGroup, 'answer', "a question's published answers");
  json(
    leaf(echoAnswers, 'list', "a question's answers, newest first (due ones are published first)")
      .argument('<question>', 'question id')
      .option('--limit <n>', 'show at most n answers (default 30)')
      .option('--all', 'walk every page'),
    F.ECHO_ANSWER_FIELDS,
  ).action(lazy(echoes, (m) => m.answers));
  json(
    leaf(echoAnswers, 'view', 'show an answer, rendered for the terminal').argument('<id>', 'answer id'),
    F.ECHO_ANSWER_FIELDS,
  ).action(lazy(echoes, (m) => m.answer));

  // --- asks ---------------------------------------------------------------------------------------
  const asks = () => import('./commands/ask/ask.js');
  const askCommand = json(
    addGlobalOptions(
      define(program, 'ask').description(
        'ask a question about your teams and get an answer from their check-ins, goals and more',
      ),
      true,
    )
      .argument('[prompt...]', 'the question, e.g. "What blocked the team last week?"')
      .option('--timeout <seconds>', 'how long to wait for the answer (default 60)')
      .option('--no-wait', 'print the ask id at once instead of waiting for the answer')
      .enablePositionalOptions()
      .action(lazy(asks, (m) => m.ask)),
    F.ASK_FIELDS,
  );
  json(
    leaf(askCommand, 'list', 'your asks, newest first')
      .option('--limit <n>', 'show at most n asks (default 30)')
      .option('--all', 'walk every page'),
    F.ASK_FIELDS,
  ).action(lazy(asks, (m) => m.list));
  json(
    leaf(askCommand, 'view', 'show an ask and its answer').argument('<id>', 'ask id'),
    F.ASK_FIELDS,
  ).action(lazy(asks, (m) => m.view));
  const askKey = group(askCommand, 'key', "the generative provider's API key (ask.provider, ask.url)");
  leaf(askKey, 'set', "keep the provider's key in the OS keychain (read from stdin with --with-key)")
    .option('--with-key', 'read the key from stdin (for scripts)')
    .option('--insecure-storage', 'keep it in a 0600 file in the configuration directory instead')
    .action(
      lazy(
        () => import('./commands/ask/key.js'),
        (m) => m.set,
      ),
    );
  leaf(askKey, 'clear', "forget the provider's key").action(
    lazy(
      () => import('./commands/ask/key.js'),
      (m) => m.clear,
    ),
  );

  // --- digest -------------------------------------------------------------------------------------
  const digest = () => import('./commands/digest/digest.js');
  const digestCommand = json(
    addGlobalOptions(
      define(program, 'digest').description('what was published to you: unread entries by category'),
      true,
    )
      .option('--all', 'read entries too')
      .option('--category <category>', 'only check-in, comment, echo or goal')
      .option('--since <when>', `published on or after: an ISO date-time, or ${DATE_HELP}`)
      .option('--limit <n>', 'at most n entries (default 50)')
      .enablePositionalOptions()
      .action(lazy(digest, (m) => m.show)),
    F.DIGEST_ENTRY_FIELDS,
  );
  leaf(digestCommand, 'read', 'mark an entry, or --all, read (a pulse serve extension remotely)')
    .argument('[id]', 'entry id')
    .option('--all', 'every unread entry')
    .action(lazy(digest, (m) => m.read));

  // --- activities ----------------------------------------------------------------------------------
  const activities = () => import('./commands/activity/activity.js');
  const activityGroup = group(program, 'activity', 'activities from other tools, and custom ones');
  json(
    leaf(activityGroup, 'list', "your and your teammates' activities, newest first")
      .option('--since <when>', `on or after: an ISO date-time, or ${DATE_HELP} (start of day)`)
      .option('--until <when>', 'on or before: an ISO date-time, or a date word (end of day)')
      .option('--kind <kind>', 'only this kind, e.g. github_pr or jira (repeatable)', collect)
      .option('--person <person>', "only this person's (repeatable)", collect)
      .option('--team <team>', "only this team's members' (repeatable)", collect)
      .option('--limit <n>', 'show at most n activities (default 30)')
      .option('--all', 'walk every page'),
    F.ACTIVITY_FIELDS,
  ).action(lazy(activities, (m) => m.list));
  json(
    leaf(activityGroup, 'view', 'show an activity').argument('<id>', 'activity id'),
    F.ACTIVITY_FIELDS,
  ).action(lazy(activities, (m) => m.view));
  json(
    leaf(activityGroup, 'push', "push a tool's activity into a member's check-in (the v1 interface)")
      .requiredOption('--email <email>', "the member's email address")
      .requiredOption('--source <source>', 'where it comes from, e.g. github or ci')
      .requiredOption('--description <html>', 'what happened; simple HTML (a, b, strong, i, em, code, br)')
      .option('--url <url>', 'a link to it (absolute http(s) URL)')
      .option('--team <team>', 'local mode: the team (default: your only team)'),
    F.V1_STATUS_ACTIVITY_FIELDS,
  ).action(
    lazy(
      () => import('./commands/activity/push.js'),
      (m) => m.push,
    ),
  );
  json(
    leaf(activityGroup, 'add', 'record a custom activity; prints its id')
      .requiredOption('--group <group>', 'a group label, 1 to 64 characters')
      .requiredOption('--description <text>', 'what happened, 1 to 256 characters')
      .option('--url <url>', 'a link to it (absolute http(s) URL)'),
    F.ACTIVITY_FIELDS,
  ).action(lazy(activities, (m) => m.add));

  // --- people and teams ----------------------------------------------------------------------------
  json(leaf(program, 'me', 'show who you are'), F.PERSON_FIELDS).action(
    lazy(
      () => import('./commands/people/people.js'),
      (m) => m.me,
    ),
  );
  const people = group(program, 'people', 'people of the account');
  json(leaf(people, 'list', 'list everyone in the account'), F.PERSON_FIELDS).action(
    lazy(
      () => import('./commands/people/people.js'),
      (m) => m.list,
    ),
  );
  json(
    leaf(people, 'view', 'show a person').argument('<person>', 'id, email, @username or name'),
    F.PERSON_FIELDS,
  ).action(
    lazy(
      () => import('./commands/people/people.js'),
      (m) => m.view,
    ),
  );
  const team = group(program, 'team', 'teams of the account');
  json(leaf(team, 'list', 'list the teams you can see'), F.TEAM_FIELDS).action(
    lazy(
      () => import('./commands/team/team.js'),
      (m) => m.list,
    ),
  );
  json(
    leaf(team, 'view', 'show a team and its members').argument('<team>', 'id or name'),
    F.TEAM_FIELDS,
  ).action(
    lazy(
      () => import('./commands/team/team.js'),
      (m) => m.view,
    ),
  );

  const teamV1 = () => import('./commands/team/team-v1.js');
  const teamOption = (command: Command) =>
    command.option('--team <team>', 'local mode: the team, id or name (default: your only team)');
  json(
    teamOption(
      leaf(team, 'members', "the team's active members by last name (the v1 interface)").option(
        '--query <text>',
        'only members whose first name, last name or email contains this',
      ),
    ),
    F.V1_MEMBER_FIELDS,
  ).action(lazy(teamV1, (m) => m.members));
  json(
    teamOption(
      leaf(team, 'report', "a day's report: metrics and every member's answers, blockers first").argument(
        '[date]',
        `the report's date: ${DATE_HELP} (default: the latest report)`,
      ),
    ),
    F.TEAM_REPORT_FIELDS,
  ).action(lazy(teamV1, (m) => m.report));
  json(teamOption(leaf(team, 'tags', "the #tags used in the team's check-ins")), F.NO_FIELDS).action(
    lazy(teamV1, (m) => m.tags),
  );
  json(
    teamOption(
      leaf(team, 'tag', 'check-ins carrying a #tag, newest first')
        .argument('<tag>', 'the tag, with or without #')
        .option('--limit <n>', 'show at most n check-ins (default 30)')
        .option('--all', 'walk every page'),
    ),
    F.V1_STATUS_FIELDS,
  ).action(lazy(teamV1, (m) => m.tag));

  // --- absences ------------------------------------------------------------------------------------
  const absences = () => import('./commands/absence/absence.js');
  const absenceGroup = group(
    program,
    'absence',
    'member absences and team holidays, built for shell jobs (idempotent, a report per date)',
  );
  const absenceReport = (command: Command) =>
    json(command, F.ABSENCE_REPORT_FIELDS, 'print a machine-readable report {results, summary}');
  const dateSelection = (command: Command) =>
    absenceReport(
      teamOption(
        command
          .option('--date <date>', `one date: ${DATE_HELP}`)
          .option('--from <date>', 'first date of a range (with --to)')
          .option('--to <date>', 'last date of a range, inclusive')
          .option('--weekdays', 'in a range, only monday to friday')
          .option('--dry-run', 'show what would change, change nothing'),
      ),
    );
  dateSelection(
    leaf(absenceGroup, 'add', 'mark a member absent on dates').argument(
      '[member]',
      'id, slug, email, or me (default)',
    ),
  ).action(lazy(absences, (m) => m.add));
  dateSelection(
    leaf(absenceGroup, 'remove', "remove a member's absence on dates").argument(
      '[member]',
      'id, slug, email, or me (default)',
    ),
  ).action(lazy(absences, (m) => m.remove));
  const teamAbsences = group(absenceGroup, 'team', 'team-wide holidays: nobody reports on those dates');
  dateSelection(leaf(teamAbsences, 'add', 'mark the whole team absent on dates')).action(
    lazy(absences, (m) => m.teamAdd),
  );
  dateSelection(leaf(teamAbsences, 'remove', 'remove team holidays on dates')).action(
    lazy(absences, (m) => m.teamRemove),
  );
  const absenceImport = teamOption(
    leaf(
      absenceGroup,
      'import',
      'import absences from CSV (member,date or member,from,to) or an .ics calendar',
    )
      .argument('<file>', 'a .csv or .ics file, or - for stdin')
      .option('--member <member>', ".ics: one member's time off (id, slug, email or me)")
      .option('--holidays', '.ics: team-wide holidays')
      .option('--format <format>', 'csv or ics (default: from the file name, else csv)')
      .option('--dry-run', 'show what would change, change nothing'),
  );
  absenceReport(absenceImport).action(lazy(absences, (m) => m.importFile));

  // --- auth ----------------------------------------------------------------------------------------
  const auth = () => import('./commands/auth/auth.js');
  const authGroup = group(
    program,
    'auth',
    'sign in to the configured deployment (base_url): a personal access token or OAuth in the browser',
  );
  leaf(
    authGroup,
    'login',
    'keep a personal access token (or with --team-id a team API key, or with --web OAuth tokens) for this profile and host',
  )
    .option('--with-token', 'read the token (or API key) from stdin (for scripts)')
    .option('--team-id <id>', "keep a team's v1 API key instead (pulse admin team api-key prints both)")
    .option(
      '--web',
      'sign in with OAuth in the browser instead (at auth_url, default base_url); later commands refresh the tokens',
    )
    .addOption(
      new Option(
        '--scopes <scope>',
        'with --web: read, or write to change things too (default read)',
      ).choices(['read', 'write']),
    )
    .option('--client-id <id>', 'with --web: the OAuth client to sign in as (default pulse-cli)')
    .option('--no-browser', 'with --web: only print the address to open (always printed on stderr)')
    .option(
      '--timeout <duration>',
      'with --web: give up waiting for the browser after e.g. 90s, 10m (default 5m)',
    )
    .option(
      '--insecure-storage',
      'keep it in a 0600 file in the configuration directory instead of the keychain',
    )
    .action(lazy(auth, (m) => m.login));
  json(
    leaf(
      authGroup,
      'status',
      'who you are, how you signed in (token or OAuth: scope and expiry), and whether the server accepts it',
    ),
    F.AUTH_STATUS_FIELDS,
  ).action(lazy(auth, (m) => m.status));
  leaf(authGroup, 'logout', 'forget the kept token, OAuth tokens and team API key').action(
    lazy(auth, (m) => m.logout),
  );
  leaf(authGroup, 'token', 'print the token, or the OAuth access token (for scripts)').action(
    lazy(auth, (m) => m.token),
  );

  // --- config --------------------------------------------------------------------------------------
  const config = group(program, 'config', 'settings of the current profile (--profile, PULSE_PROFILE)');
  leaf(config, 'get', 'print a setting')
    .argument('<key>')
    .action(
      lazy(
        () => import('./commands/config/config.js'),
        (m) => m.get,
      ),
    );
  leaf(config, 'set', 'change a setting')
    .argument('<key>')
    .argument('<value>')
    .action(
      lazy(
        () => import('./commands/config/config.js'),
        (m) => m.set,
      ),
    );
  leaf(config, 'unset', 'remove a setting')
    .argument('<key>')
    .action(
      lazy(
        () => import('./commands/config/config.js'),
        (m) => m.unset,
      ),
    );
  json(leaf(config, 'list', 'list the settings and their values'), F.CONFIG_FIELDS).action(
    lazy(
      () => import('./commands/config/config.js'),
      (m) => m.list,
    ),
  );

  // --- doctor --------------------------------------------------------------------------------------
  json(
    leaf(
      program,
      'doctor',
      'check the configuration, store, keychain, server, clock and token, and say how to fix each problem',
    ),
    F.CHECK_RESULT_FIELDS,
  ).action(
    lazy(
      () => import('./commands/doctor/doctor.js'),
      (m) => m.run,
      // A config file that does not parse is one of its findings, not a reason not to run.
      { reportConfigProblem: true },
    ),
  );

  // --- shell completion ----------------------------------------------------------------------------
  const completion = () => import('./commands/completion/completion.js');
  leaf(program, 'completion', 'print a completion script for bash, zsh or fish (commands, flags, values)')
    .addArgument(new Argument('<shell>', 'the shell to write a script for').choices(['bash', 'zsh', 'fish']))
    // The script needs the whole tree, as `pulse help` builds it, not only this command's branch.
    .action(
      lazy(
        completion,
        (m) => (cc: CommandContext, shell: string) => m.run(cc, shell, () => buildProgram(ctx), jsonFieldsOf),
      ),
    );
  // What the scripts call for team names and emails: hidden, and silent when it cannot answer (offline,
  // no store, no credentials): pressing TAB must never show an error.
  const candidates = lazy(completion, (m) => m.candidates);
  addGlobalOptions(program.command('__complete', { hidden: true }), true)
    .argument('<kind>', 'teams or people')
    .action(async (...args: unknown[]) => {
      try {
        await candidates(...args);
      } catch {
        // nothing to offer
      }
    });

  // --- status page ---------------------------------------------------------------------------------
  const status = () => import('./commands/status/status.js');
  const statusUrl = (command: Command) =>
    command.option(
      '--status-url <url>',
      'the status page to read, e.g. https://pulse.example.com/status (env PULSE_STATUS_URL)',
    );
  const statusCommand = statusUrl(
    addGlobalOptions(
      define(program, 'status').description(
        "the service's status page: its state, components, incidents and maintenance (for CI: --check, wait)",
      ),
      true,
    ),
  )
    .option('--check', 'print only the state; exit 0 operational, 8 degraded, 9 under maintenance')
    .option('--component <component>', 'only this component (name or id), its children and their notices')
    .option(
      '--fail-on <states>',
      'with --check: the states that fail: degraded, maintenance or both (default)',
    )
    .enablePositionalOptions()
    .action(lazy(status, (m) => m.show));
  json(
    statusCommand,
    F.STATUS_OVERVIEW_FIELDS,
    'print {page, components, notices}: every component, the present and future notices (list form); with --check {state, component, components, notices}',
  );
  // `pulse status --status-url URL wait`: an option of the page given before a subcommand applies to it.
  statusCommand.hook('preAction', (_hooked, action) => {
    if (action === statusCommand) return;
    for (const option of statusCommand.options) {
      const key = option.attributeName();
      if (GLOBAL_KEYS.includes(key) || statusCommand.getOptionValueSource(key) !== 'cli') continue;
      if (!action.options.some((o) => o.attributeName() === key)) {
        action.error(`error: ${option.long} is not an option of pulse status ${action.name()}`, {
          exitCode: 2,
        });
      }
      if (action.getOptionValueSource(key) === undefined)
        action.setOptionValueWithSource(key, statusCommand.getOptionValue(key), 'cli');
    }
  });
  statusUrl(
    leaf(
      statusCommand,
      'wait',
      'poll until the state is one of --for (exit 0) or the timeout passes (the --check code)',
    )
      .option('--for <states>', 'the states to wait for, comma-separated (default operational)')
      .option('--timeout <duration>', 'give up after this long: e.g. 90s, 10m, 1h (default 10m)')
      .option('--interval <duration>', 'time between polls, at least 200ms (default 15s)')
      .option('--component <component>', 'the state of this component (name or id) and its children'),
  ).action(lazy(status, (m) => m.wait));
  json(
    statusUrl(leaf(statusCommand, 'components', 'the components, children under their parents')),
    F.STATUS_COMPONENT_FIELDS,
  ).action(lazy(status, (m) => m.components));
  json(
    statusUrl(
      leaf(statusCommand, 'notices', 'incidents and maintenance, newest first (25; --all for every page)'),
    )
      .addOption(new Option('--type <type>', 'only planned or unplanned notices').choices(NOTICE_TYPES))
      .addOption(
        new Option('--timeline <state>', 'only notices in this timeline state').choices(TIMELINE_STATES),
      )
      .option('--all', 'walk every page'),
    F.STATUS_NOTICE_FIELDS,
  ).action(lazy(status, (m) => m.notices));
  json(
    statusUrl(leaf(statusCommand, 'notice', 'show a notice, its components and every update')).argument(
      '<id>',
      'notice id',
    ),
    F.STATUS_NOTICE_DETAIL_FIELDS,
  ).action(lazy(status, (m) => m.notice));

  // --- operator commands ---------------------------------------------------------------------------
  const admin = () => import('./commands/admin/admin.js');
  leaf(program, 'init', 'create the account of a local store, its administrator and a team; prints the id')
    .requiredOption('--name <name>', "the administrator's full name")
    .requiredOption('--email <email>', "the administrator's email")
    .option('--username <username>', 'handle for @-mentions (default: from the email)')
    .option('--time-zone <zone>', 'IANA time zone (default: the system zone)')
    .option('--team <name>', 'name of the first team (default "Team")')
    .action(lazy(admin, (m) => m.init));
  const adminGroup = group(program, 'admin', 'operator commands on a local store (honour --store)');
  const adminPerson = group(adminGroup, 'person', 'people of the store');
  leaf(adminPerson, 'add', 'add a person; prints the new id')
    .requiredOption('--name <name>', 'full name')
    .requiredOption('--email <email>', 'email address (unique)')
    .option('--username <username>', 'handle for @-mentions (default: from the email)')
    .option('--time-zone <zone>', 'IANA time zone (default: the system zone)')
    .option('--team <name>', 'add to this team (repeatable)', collect)
    .option('--admin', 'make an administrator')
    .option('--agent', 'an automated agent rather than a human')
    .action(lazy(admin, (m) => m.addPerson));
  const adminTeam = group(adminGroup, 'team', 'teams of the store');
  leaf(adminTeam, 'add', 'add a team; prints the new id')
    .requiredOption('--name <name>', 'team name (unique)')
    .option('--private', "only members and administrators see the team's check-ins")
    .option(
      '--report-days <days>',
      'comma-separated day names (default monday,tuesday,wednesday,thursday,friday)',
    )
    .option('--member <email>', 'add this person (repeatable)', collect)
    .action(lazy(admin, (m) => m.addTeam));
  leaf(adminTeam, 'join', 'add a person to a team')
    .requiredOption('--team <name>', 'team name or id')
    .requiredOption('--person <email>', "the person's email")
    .option('--observer', 'reads along but does not report (not counted in reports)')
    .option('--manager', 'a manager of the team')
    .action(lazy(admin, (m) => m.joinTeam));
  leaf(adminTeam, 'leave', 'remove a person from a team')
    .requiredOption('--team <name>', 'team name or id')
    .requiredOption('--person <email>', "the person's email")
    .action(lazy(admin, (m) => m.leaveTeam));
  const teamKeys = () => import('./commands/admin/team-settings.js');
  leaf(adminTeam, 'api-key', "create the team's v1 API key; prints TEAM_ID API_KEY (shown once)")
    .requiredOption('--team <name>', 'team name or id')
    .option('--rotate', 'replace the existing key (the old one stops working)')
    .action(lazy(teamKeys, (m) => m.apiKey));
  leaf(adminTeam, 'questions', "set the question texts of the team's reports ({previous_day} is replaced)")
    .requiredOption('--team <name>', 'team name or id')
    .option('--previous <text>', 'e.g. "What did you get done on {previous_day}?"')
    .option('--next <text>', 'e.g. "What will you do today?"')
    .option('--blockers <text>', 'e.g. "Anything blocking you?"')
    .option('--previous-completed <text>', 'e.g. "Did you do what you planned?"')
    .option('--reset', 'back to the defaults')
    .action(lazy(teamKeys, (m) => m.questions));

  leaf(
    adminGroup,
    'seed',
    'fill a new store with a generated team history (benchmarks, demos); prints the admin id',
  )
    .requiredOption('--people <n>', 'how many people (the first is the administrator)')
    .requiredOption('--days <n>', 'calendar days of history, ending today (730 for two years)')
    .option('--teams <n>', 'how many teams (default: one per 100 people)')
    .option('--seed <n>', 'the random seed: the same seed gives the same store (default 1)')
    .action(
      lazy(
        () => import('./commands/admin/seed.js'),
        (m) => m.seed,
      ),
    );

  json(
    leaf(
      adminGroup,
      'migrate',
      'copy a SQLite store into a PostgreSQL database, then verify every table (count and checksum)',
    )
      .requiredOption('--from <file>', "the SQLite store file, read-only (at this pulse's schema)")
      .requiredOption('--to <url>', 'the PostgreSQL database, postgres://USER@HOST:PORT/DB (migrated first)'),
    F.MIGRATE_TABLE_FIELDS,
  ).action(
    lazy(
      () => import('./commands/admin/migrate.js'),
      (m) => m.migrate,
    ),
  );

  const tokens = () => import('./commands/admin/tokens.js');
  const adminToken = group(
    adminGroup,
    'token',
    'personal access tokens for the HTTP interface, and OAuth sign-ins to pulse serve',
  );
  leaf(adminToken, 'create', 'create a token; prints it alone on stdout (it is shown once)')
    .requiredOption('--person <email>', 'the person the token acts as')
    .addOption(
      new Option('--scope <scope>', 'read, or write (which includes read)')
        .choices(['read', 'write'])
        .default('write'),
    )
    .option(
      '--expires-in <duration>',
      'lifetime: a number with s, m, h or d, e.g. 90s or 30d (default: none)',
    )
    .option('--name <label>', 'a label to recognise it by')
    .action(lazy(tokens, (m) => m.create));
  json(
    leaf(
      adminToken,
      'list',
      'list personal access tokens and live OAuth sign-ins, one row per grant (never their secrets)',
    ).addOption(
      new Option('--kind <kind>', 'only personal access tokens (pat) or OAuth sign-ins (oauth)').choices([
        'pat',
        'oauth',
      ]),
    ),
    F.TOKEN_FIELDS,
  ).action(lazy(tokens, (m) => m.list));
  leaf(adminToken, 'revoke', 'revoke a token, or end an OAuth sign-in (every token of its grant)')
    .argument('<id>', 'the token id or OAuth sign-in id, or - to read the token itself from stdin')
    .action(lazy(tokens, (m) => m.revoke));
  json(
    leaf(
      adminToken,
      'prune',
      'delete spent OAuth rows: expired codes, and tokens ended over a day ago (pulse serve does it hourly)',
    ),
    F.OAUTH_PRUNE_FIELDS,
  ).action(lazy(tokens, (m) => m.prune));

  const oauthAdmin = () => import('./commands/admin/oauth.js');
  json(
    leaf(
      adminGroup,
      'login-code',
      'a one-time code to sign in on the OAuth page of pulse serve (10 minutes)',
    ).requiredOption('--person <email>', 'the person who signs in with it'),
    F.LOGIN_CODE_FIELDS,
  ).action(lazy(oauthAdmin, (m) => m.loginCode));
  const adminOAuthClient = group(adminGroup, 'oauth-client', 'OAuth clients that may ask people to sign in');
  json(
    leaf(
      adminOAuthClient,
      'add',
      'register a client; prints its client_id (and, if confidential, its secret once)',
    )
      .requiredOption('--name <name>', 'the name people see on the consent page, 1 to 100 characters')
      .requiredOption(
        '--redirect-uri <uri>',
        'where codes are sent (repeatable): https, or http on 127.0.0.1 or [::1] (any port)',
        collect,
      )
      .option('--confidential', 'the client keeps a secret (a server-side app); public otherwise'),
    F.NEW_OAUTH_CLIENT_FIELDS,
  ).action(lazy(oauthAdmin, (m) => m.addClient));
  json(leaf(adminOAuthClient, 'list', 'list clients (never their secrets)'), F.OAUTH_CLIENT_FIELDS).action(
    lazy(oauthAdmin, (m) => m.listClients),
  );
  leaf(adminOAuthClient, 'remove', 'remove a client and revoke its tokens')
    .argument('<client-id>', 'the client_id')
    .action(lazy(oauthAdmin, (m) => m.removeClient));

  const statusAdmin = () => import('./commands/admin/status.js');
  const adminStatus = group(adminGroup, 'status', 'the status page: its name, components and notices');
  json(
    leaf(adminStatus, 'page', 'name the status page (and give the URL people read it at)')
      .requiredOption('--name <name>', "the page's name, 1 to 100 characters")
      .option('--url <url>', 'where people read the page (absolute http(s) URL; default: the served one)'),
    F.STATUS_PAGE_FIELDS,
  ).action(lazy(statusAdmin, (m) => m.page));
  const componentState = (description: string) =>
    new Option('--state <state>', description).choices(COMPONENT_STATES);
  const adminComponent = group(adminStatus, 'component', 'components of the status page');
  json(
    leaf(adminComponent, 'add', 'add a component; prints its id')
      .requiredOption('--name <name>', 'its name, 1 to 100 characters')
      .option('--description <text>', 'what it is')
      .option('--parent <id>', 'the id of the component it belongs to')
      .addOption(componentState('its state (default operational)')),
    F.STATUS_COMPONENT_FIELDS,
  ).action(lazy(statusAdmin, (m) => m.addComponent));
  json(
    leaf(adminComponent, 'set', "change a component's state; prints its id")
      .argument('<id>', 'component id')
      .addOption(componentState('its new state').makeOptionMandatory()),
    F.STATUS_COMPONENT_FIELDS,
  ).action(lazy(statusAdmin, (m) => m.setComponent));
  const adminNotice = group(adminStatus, 'notice', 'incidents (unplanned notices) and maintenance (planned)');
  const moment = 'an ISO date-time with a zone (2026-11-25T02:00:00Z) or a date word';
  json(
    leaf(adminNotice, 'add', 'open an incident or schedule maintenance; prints its id')
      .addOption(
        new Option('--type <type>', 'unplanned (an incident, investigating from now) or planned (scheduled)')
          .choices(NOTICE_TYPES)
          .makeOptionMandatory(),
      )
      .requiredOption('--subject <text>', 'what it is about, 1 to 200 characters')
      .option('--begins-at <time>', `planned: when the window begins: ${moment} (start of day)`)
      .option('--ends-at <time>', `planned: when it ends: ${moment} (end of day)`)
      .option('--component <id>', 'an impacted component (repeatable)', collect)
      .option('--content <text>', "the first update's text"),
    F.STATUS_NOTICE_DETAIL_FIELDS,
  ).action(lazy(statusAdmin, (m) => m.addNotice));
  json(
    leaf(adminNotice, 'update', 'move a notice on (or, in the same state with --content, post an update)')
      .argument('<id>', 'notice id')
      .requiredOption(
        '--state <state>',
        'unplanned: identified, recovering, resolved or false_alarm; planned: underway or complete',
      )
      .option('--content <text>', "the update's text"),
    F.STATUS_NOTICE_DETAIL_FIELDS,
  ).action(lazy(statusAdmin, (m) => m.updateNotice));

  // --- serve ---------------------------------------------------------------------------------------
  leaf(
    program,
    'serve',
    'serve the local store over HTTP: v2 at /api/v2, v1 at /api/v1, the status page at /status/api/v1, OAuth at /oauth',
  )
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port to listen on; 0 picks a free one', '8080')
    .option('--public-url <url>', 'base of absolute URLs in responses (default: the listening address)')
    .option('--rate-limit <spec>', 'per-token limits, e.g. "burst=30/10,sustained=500/1800", or off')
    .option('--v1-rate-limit <spec>', 'per team key: BURST:PER_SECOND token bucket (default 10:1), or off')
    .option(
      '--oauth-rate-limit <spec>',
      'per client address on /oauth/authorize and /oauth/token: BURST:PER_SECOND (default 20:0.5), or off',
    )
    .option(
      '--status-rate-limit <n>',
      'requests a second per client address on /status/api/v1 (default 5), or off',
    )
    .option('--max-connections <n>', 'open connections at most; more are closed as they arrive (default 512)')
    .option(
      '--trust-proxy <addresses>',
      'reverse proxies (addresses, CIDR ranges, loopback) whose X-Forwarded-For names the client for the per-address limits',
    )
    .option('--tls-cert <file>', 'serve HTTPS with this certificate (PEM), with --tls-key')
    .option('--tls-key <file>', 'the private key (PEM) of --tls-cert')
    .option('--access-token-ttl <duration>', 'lifetime of OAuth access tokens: 90s, 15m, 1h... (default 1h)')
    .option(
      '--database <url>',
      'serve a PostgreSQL database, postgres://USER@HOST:PORT/DB, not the SQLite store (or PULSE_DATABASE_URL)',
    )
    .action(
      lazy(
        () => import('./commands/serve/serve.js'),
        (m) => m.run,
      ),
    );

  // --- raw interface access -------------------------------------------------------------------------
  leaf(
    program,
    'api',
    "send a request to the v2 interface (or --v1, --status) with the profile's credentials",
  )
    .argument('<path>', 'a path below the interface, e.g. /me or checkins (or a URL on the same origin)')
    .option('--v1', "the v1 team interface, with the profile's team API key")
    .option('--status', 'the status page interface, without credentials')
    .option('-X, --method <method>', 'the HTTP method (default GET, or POST with fields or --input)')
    .option('-f, --raw-field <key=value>', 'a string field (repeatable; key[]= adds to an array)', collect)
    .option(
      '-F, --field <key=value>',
      'a typed field: true, false, null and integers as JSON, @file reads a file (repeatable)',
      collect,
    )
    .option('--input <file>', 'send this file as the body ("-" for stdin); fields then go to the query')
    .option('--paginate', "follow the next-page links of a GET and print every page's items as one array")
    .option('-i, --include', 'print the status line and response headers before the body')
    .option('-H, --header <header>', 'an extra request header, "Name: value" (repeatable)', collect)
    .action(
      lazy(
        () => import('./commands/api/api.js'),
        (m) => m.run,
      ),
    );

  // --- help ----------------------------------------------------------------------------------------
  program.helpCommand(false);
  program
    .command('help')
    .description(`show help for a command, or a topic: ${Object.keys(HELP_TOPICS).join(', ')}`)
    .argument('[command...]', 'command path or topic')
    .action((words: string[]) => {
      const topic = HELP_TOPICS[words.join(' ')];
      if (topic !== undefined) {
        ctx.streams.stdout.write(topic);
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

  for (const command of program.commands) {
    const notes = COMMAND_NOTES[command.name()];
    if (notes) command.addHelpText('after', `\n${notes}`);
  }
  return program;
}

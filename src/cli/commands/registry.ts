/**
 * Every command of pulse, in the order help lists them: a light entry per top-level noun or verb, with
 * what the root's help, its suggestions and its errors show, and `load` for its definition (with its
 * subcommands). program.ts loads only the definition the command line names, so a command's start-up
 * compiles no other command's flags and examples; help, completion scripts and man pages load them all.
 * test/cli/command-definitions.test.ts checks each entry against the definition it loads.
 */
import type { Definition } from './define.js';

export interface CommandEntry {
  readonly name: string;
  readonly summary: string;
  /** A verb takes the global options, so the root's help shows `[options]` after it; a noun does not. */
  readonly kind: Definition['kind'];
  /** The verb's arguments as the root's help shows them (`[prompt...]`). */
  readonly arguments?: readonly string[];
  readonly hidden?: boolean;
  readonly load: () => Promise<Definition>;
}

/** Every definition, loaded: for what shows or completes all commands. */
export const loadDefinitions = (): Promise<Definition[]> =>
  Promise.all(COMMANDS.map((entry) => entry.load()));

/** `completion`'s definition, made once: a command of the tree is known by the definition it came from. */
let completion: Promise<Definition> | undefined;

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'checkin',
    kind: 'command',
    summary: 'fill in your check-in (today by default): prompts on a terminal, flags or --file otherwise',
    load: () => import('./checkin/checkin.command.js').then((m) => m.checkin),
  },
  {
    name: 'goal',
    kind: 'group',
    summary: 'goals, their progress updates, and the goal tree',
    load: () => import('./goal/goal.group.js').then((m) => m.goal),
  },
  {
    name: 'echo',
    kind: 'group',
    summary: 'Echoes: your recurring questions, answered on a schedule',
    load: () => import('./echo/echo.group.js').then((m) => m.echo),
  },
  {
    name: 'ask',
    kind: 'command',
    summary: 'ask a question about your teams and get an answer from their check-ins, goals and more',
    arguments: ['[prompt...]'],
    load: () => import('./ask/ask.command.js').then((m) => m.ask),
  },
  {
    name: 'digest',
    kind: 'command',
    summary: 'what was published to you: unread entries by category',
    load: () => import('./digest/digest.command.js').then((m) => m.digest),
  },
  {
    name: 'activity',
    kind: 'group',
    summary: 'activities from other tools, and custom ones',
    load: () => import('./activity/activity.group.js').then((m) => m.activity),
  },
  {
    name: 'me',
    kind: 'command',
    summary: 'show who you are',
    load: () => import('./people/me.command.js').then((m) => m.me),
  },
  {
    name: 'people',
    kind: 'group',
    summary: 'people of the account',
    load: () => import('./people/people.group.js').then((m) => m.people),
  },
  {
    name: 'team',
    kind: 'group',
    summary: 'teams of the account',
    load: () => import('./team/team.group.js').then((m) => m.team),
  },
  {
    name: 'absence',
    kind: 'group',
    summary: 'member absences and team holidays, built for shell jobs (idempotent, a report per date)',
    load: () => import('./absence/absence.group.js').then((m) => m.absence),
  },
  {
    name: 'auth',
    kind: 'group',
    summary:
      'sign in to the configured deployment (base_url): a personal access token or OAuth in the browser',
    load: () => import('./auth/auth.group.js').then((m) => m.auth),
  },
  {
    name: 'config',
    kind: 'group',
    summary: 'settings of the current profile (--profile, PULSE_PROFILE)',
    load: () => import('./config/config.group.js').then((m) => m.config),
  },
  {
    name: 'doctor',
    kind: 'command',
    summary:
      'check the configuration, store (and its text), keychain, server, clock and token, and say how to fix each problem',
    load: () => import('./doctor/doctor.command.js').then((m) => m.doctor),
  },
  {
    name: 'backup',
    kind: 'command',
    summary: 'copy the local store consistently while it is in use (a cp of a live store is unsafe)',
    arguments: ['<file>'],
    load: () => import('./backup/backup.command.js').then((m) => m.backup),
  },
  {
    name: 'export',
    kind: 'command',
    summary:
      'write everything you can see (check-ins, goals, comments, Echoes, asks, activities, absences) as JSON or Markdown',
    load: () => import('./export/export.command.js').then((m) => m.exportCommand),
  },
  {
    name: 'import',
    kind: 'command',
    summary: 'read a JSON export into the local store, ids kept; importing it again changes nothing',
    arguments: ['<file>'],
    load: () => import('./import/import.command.js').then((m) => m.importCommand),
  },
  {
    name: 'completion',
    kind: 'command',
    summary: 'print a completion script for bash, zsh or fish (commands, flags, values)',
    arguments: ['<shell>'],
    // The script covers every command, this one included.
    load: () => {
      completion ??= import('./completion/completion.command.js').then((m) =>
        m.completionCommand(loadDefinitions),
      );
      return completion;
    },
  },
  {
    name: '__complete',
    kind: 'command',
    summary: '',
    arguments: ['<kind>'],
    hidden: true,
    load: () => import('./completion/completion.command.js').then((m) => m.complete),
  },
  {
    name: 'status',
    kind: 'command',
    summary:
      "the service's status page: its state, components, incidents and maintenance (for CI: --check, wait)",
    load: () => import('./status/status.command.js').then((m) => m.status),
  },
  {
    name: 'init',
    kind: 'command',
    summary: 'create the account of a local store, its administrator and a team; prints the id',
    load: () => import('./admin/init.command.js').then((m) => m.init),
  },
  {
    name: 'admin',
    kind: 'group',
    summary:
      'operator commands on a local store (honour --store); admin status and admin notifications also remotely',
    load: () => import('./admin/admin.group.js').then((m) => m.admin),
  },
  {
    name: 'serve',
    kind: 'command',
    summary:
      'serve the local store over HTTP: v2 at /api/v2, v1 at /api/v1, the status page at /status/api/v1, OAuth at /oauth',
    load: () => import('./serve/serve.command.js').then((m) => m.serve),
  },
  {
    name: 'version',
    kind: 'command',
    summary: 'print the version of pulse (as --version, -V and -v)',
    load: () => import('./version/version.command.js').then((m) => m.version),
  },
  {
    name: 'api',
    kind: 'command',
    summary: "send a request to the v2 interface (or --v1, --status) with the profile's credentials",
    arguments: ['<path>'],
    load: () => import('./api/api.command.js').then((m) => m.api),
  },
];

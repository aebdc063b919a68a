import { formatExitCodes } from './exit-codes.js';

/** Help wording shared by flags and error messages; it imports only the exit-code table, so the command tree stays light. */
/** The one description of what a date flag takes (docs/guide/configuration.md#date-expressions). */
export const DATE_HELP =
  'YYYY-MM-DD or words: today, friday, last friday, next friday, last week, in October, end of last month, 3d';

/** How a bare weekday reads in a flag that names an end or a future day (elsewhere: the most recent one). */
export const FUTURE_WEEKDAY = 'a bare weekday is the next one, today included';

/** What a window ("last week") means for a flag that names its start, or its end. */
export const WINDOW_START = 'a window gives its first day';
export const WINDOW_END = 'a window gives its last day';

/** An "Exit codes" note of one command, for the codes that mean something particular there. */
function exitCodes(codes: [number, string][]): string {
  return `Exit codes:\n${codes.map(([code, meaning]) => `  ${String(code).padStart(3)}  ${meaning}`).join('\n')}`;
}

/** What ends an absence command early when it runs against a deployment. */
const REMOTE_ABSENCE_EXITS: [number, string][] = [
  [4, 'remotely: no team API key, or the server refused it'],
  [6, 'remotely: the server could not be reached after retries (a run stops there)'],
  [7, "remotely: still rate limited after waiting out the server's Retry-After"],
];

const memberDateExits = (done: string): [number, string][] => [
  [0, done],
  [1, 'a date failed: the others are done, and running the command again finishes the job'],
  [2, 'bad flags or dates (no date, a range the wrong way round)'],
  [3, 'an unknown member or --team (nothing done)'],
  ...REMOTE_ABSENCE_EXITS,
  [130, 'interrupted (Ctrl-C, SIGTERM): the report lists the dates not done'],
];

const teamDateExits = (done: string): [number, string][] =>
  memberDateExits(done).map(([code, meaning]) => [
    code,
    code === 3 ? 'an unknown --team (nothing done)' : meaning,
  ]);

/**
 * Longer notes of some commands, shown after their --help and as NOTES in their man page; keyed by the
 * command's path below pulse ("absence add"). Plain text, wrapped at 100 columns.
 */
export const COMMAND_NOTES: Record<string, string> = {
  completion: `Install the script where your shell looks for completions, then open a new shell:
  bash  pulse completion bash > ~/.local/share/bash-completion/completions/pulse
  zsh   pulse completion zsh > ~/.zfunc/_pulse   (with fpath=(~/.zfunc $fpath) before compinit)
  fish  pulse completion fish > ~/.config/fish/completions/pulse.fish
Commands, subcommands, flags and the values of choice flags (moods, --scope...) are in the script;
team names and emails are asked of pulse itself (the store or deployment of the line's --store,
--profile and --as), and nothing is offered when it cannot answer. Regenerate after an upgrade.`,
  ask: `How questions are read (offline, no model unless ask.provider is set):
  Window   today, yesterday, this/last week (from Monday), this/last month, this/last year,
           "the last 3 days", "since 2026-11-01", "since friday", "in October", "on 2026-11-18";
           the last 7 days when none is given. An ask is answered as of when it was asked.
  People   @username, a full name, a capitalised first name, or I/me/my (you).
  Teams    the name of a team you can see. Without people or teams: you and your teams.
  Themes   blockers; moods (or a mood, such as stressed); did what they intended; plans;
           goals (at risk, off track); activities (pull requests, GitHub, Jira, meetings...);
           comments; what was done. Other words are searched in a full-text index (BM25).
The answer is Markdown: one sentence with counts, short sections quoting the items with links,
then the numbered sources. Only what you can see is read, counted or quoted.
With ask.provider openai (ask.url, ask.model; pulse ask key set or PULSE_ASK_KEY) a model writes
the answer from the same excerpts; if it fails, the answer is the extractive one and says so.
Quote the question: a first word list, view or key names a subcommand.`,
  echo: `An Echo is answered at each occurrence in your time zone: daily; weekly on --day; biweekly on
every second --day from the first one; monthly on the first --day of the month. Each answer covers
the whole days before it (weekly on Monday: Monday to Sunday of the week before; monthly: the month
before), is titled "TITLE - PERIOD", and is written from what you can see. Due answers are published
by pulse serve every 30 s, or by any echo or digest command (the last 12 per question at most).
Pausing and resuming are pulse serve extensions; while paused nothing is published.`,
  absence: `Built for shell jobs. Each date is reported on stdout: created, already set, removed,
skipped (an import's dates in the past), duplicate (repeated in the input), would add or
would remove (--dry-run), or failed with the reason; a summary goes to stderr; --json prints
{"results": [...], "summary": {...}}. Every command is idempotent: re-run it after a failure.
Exit codes: 0 when every date ended as asked, 1 when any date failed, 2 for bad flags or input;
each command's --help lists its own. pulse absence list shows what is set (from today on unless
--from). MEMBER is an id, a slug (ana-diaz), an email, or me. Imported files must be UTF-8 (a
byte-order mark is fine; UTF-16 or Latin-1 is refused by line, nothing changed). CSV rows are
member,date or member,from,to, or a first row names the columns (member or email, date or from or
start, to or end): other columns are ignored and listed once; lines starting with # are skipped. An
import reports members as the file names them. An .ics calendar is team holidays with --holidays,
one member's time off with --member M, else a shared leave calendar: each event is the time off of
its attendees (or else its organizer), by email.
Remotely the team comes from pulse auth login --team-id (or PULSE_TEAM_ID and PULSE_API_KEY);
requests are paced by the server's RateLimit header and a 429's Retry-After is waited out
(normal operation: said on stderr only with --verbose). Locally --team names the team (default: your only team).`,
  'absence list': exitCodes([
    [0, 'listed (also when nothing is set in the range)'],
    [1, 'the deployment does not offer the absence lists (a pulse serve extension)'],
    [2, 'a bad flag or date, or --from after --to'],
    [3, 'an unknown member or --team'],
    ...REMOTE_ABSENCE_EXITS,
  ]),
  'absence add': exitCodes(memberDateExits('every date is set (created or already set)')),
  'absence remove': exitCodes(memberDateExits('no date is set any more (removed or not set)')),
  'absence team add': exitCodes(teamDateExits('every date is a holiday (created or already set)')),
  'absence team remove': exitCodes(teamDateExits('no date is a holiday any more (removed or not set)')),
  'absence import': exitCodes([
    [0, 'every date ended as asked (created, already set, skipped as past, duplicate)'],
    [1, 'a row or date failed (a bad line, an unknown member in a CSV): the others are done'],
    [2, 'bad flags, or a file that cannot be read as CSV or iCalendar'],
    [3, 'an unknown --member or --team (nothing done)'],
    ...REMOTE_ABSENCE_EXITS,
    [130, 'interrupted (Ctrl-C, SIGTERM): the report lists the dates not done'],
  ]),
  digest: `Entries reach you, never their author: completed check-ins of your teams; comments on your items,
on items you commented on, or mentioning @you; goals and goal updates you own, contribute to or that
belong to your teams (private goals: their people only); your Echo answers. Marking read is a pulse
serve extension.`,
  status: `Which status page: --status-url, else PULSE_STATUS_URL, else (unless --store or PULSE_STORE
names a local store) the profile's status_url, else base_url/status (PULSE_BASE_URL or the
profile's), else the local store's page. It is public: no login is needed.
--check prints the state (operational, degraded or under_maintenance) on stdout, what causes it on
stderr, and exits 0 operational, 8 degraded, 9 under maintenance. --fail-on picks the states that
fail (degraded, maintenance, or both by default); another state exits 0. --component NAME|ID
narrows the check (and the page) to that component, its children and the notices impacting them;
a notice that names no component impacts every component. An unknown component exits 3; an
unreachable page or a server error exits 6, a rate limit after retries 7, never 0.
wait polls (one request a poll without --component) until the state is one of --for (exit 0,
the state on stdout), or until --timeout: then it exits with the --check code of the last state
(1 when that is operational), or 6 when the latest poll failed. A 429 is waited out; once the
page has answered, an unreachable page is polled again until the timeout. State changes are
reported on stderr. Times are shown in UTC.`,
};

/** A command of the tree as far as its notes need it (commander's Command is one). */
interface NotedCommand {
  name(): string;
  readonly commands: readonly NotedCommand[];
  addHelpText(position: 'after', text: () => string): unknown;
}

/** COMMAND_NOTES after the help of each command they name, subcommands included. */
export function addCommandNotes(parent: NotedCommand, laidOut: (notes: string) => string, path = ''): void {
  for (const command of parent.commands) {
    const at = `${path}${command.name()}`;
    const notes = COMMAND_NOTES[at];
    if (notes) command.addHelpText('after', () => laidOut(`\n${notes}`));
    addCommandNotes(command, laidOut, `${at} `);
  }
}

/** The environment variables pulse reads: `pulse help environment` and the man page's ENVIRONMENT. */
export const ENVIRONMENT_TABLE: [string, string][] = [
  [
    'PULSE_STORE',
    'the local SQLite store, or a PostgreSQL database (postgres://...) for operator commands (implies local mode); as --store',
  ],
  ['PULSE_PROFILE', 'the configuration profile; as --profile'],
  ['PULSE_AS', 'the person local commands act as; as --as'],
  ['PULSE_NO_INPUT', 'when 1, never prompt; as --no-input'],
  ['PULSE_VERBOSE', 'when 1, report normal operation such as waits for a rate limit; as --verbose'],
  ['PULSE_BASE_URL', 'the deployment to talk to (remote mode); overrides the base_url setting'],
  ['PULSE_TOKEN', 'the personal access token for remote mode; overrides a kept token'],
  ['PULSE_TEAM_ID, PULSE_API_KEY', "a team's v1 key (pulse team); override the kept ones"],
  ['PULSE_STATUS_URL', 'the status page pulse status reads; as --status-url'],
  ['PULSE_ASK_KEY', 'the API key of the generative provider (ask.provider); overrides a kept key'],
  ['PULSE_CONNECT_TIMEOUT', 'seconds to wait for a connection in remote mode (default 10)'],
  ['PULSE_REQUEST_TIMEOUT', 'seconds to wait for each part of a response in remote mode (default 30)'],
  ['PULSE_PUBLIC_URL', 'base of the url fields in local mode and of pulse serve'],
  ['PULSE_DATABASE_URL', 'a PostgreSQL database for pulse serve to serve (postgres://...); as --database'],
  [
    'PGPASSWORD',
    'the password of a PostgreSQL address given without one (keeps it out of ps and the shell history)',
  ],
  [
    'PULSE_SCHEDULER_INTERVAL_MS',
    'how often pulse serve publishes due Echo answers and takes unheld answer jobs (default 30000)',
  ],
  [
    'PULSE_WEBHOOK_INTERVAL_MS, PULSE_WEBHOOK_RETRY_MS',
    "how often pulse serve posts due webhook deliveries (default 2000), and a failed one's first retry delay (default 30000, doubling)",
  ],
  [
    'PULSE_SMTP_URL, PULSE_SMTP_FROM',
    "the SMTP server and From address of pulse serve's emails; as --smtp, --smtp-from",
  ],
  [
    'PULSE_SMTP_USER, PULSE_SMTP_PASSWORD',
    "pulse serve's login to that SMTP server (from the environment only; never logged)",
  ],
  [
    'PULSE_NOTIFY_INTERVAL_MS',
    'how often pulse serve sends due reminders and team summaries (default 60000)',
  ],
  [
    'PULSE_SQLITE_DRIVER',
    "node or better-sqlite3: force the SQLite driver (default: Node's own node:sqlite from Node 22.16, else better-sqlite3, installed apart: npm install --global --allow-scripts=better-sqlite3 better-sqlite3@12)",
  ],
  ['BROWSER', 'the browser pulse auth login --web opens (default xdg-open, open on macOS)'],
  ['PULSE_EDITOR, VISUAL, EDITOR', 'the editor for long answers, in this order'],
  ['PULSE_CONFIG_DIR', 'the directory of config.json (default $XDG_CONFIG_HOME/pulse)'],
  [
    'PULSE_PAGER, PAGER',
    'the pager for long output on a terminal (default less -FRX, LESS=FRX); "" or cat: none',
  ],
  [
    'XDG_DATA_HOME, XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_STATE_HOME',
    'base directories of the store, the configuration, the cache and kept check-in drafts',
  ],
  ['NO_COLOR, TERM=dumb', 'no colour; as --no-color (NO_COLOR wins over FORCE_COLOR)'],
  ['FORCE_COLOR, CLICOLOR_FORCE', 'colour even when piped (for less -R, CI logs), unless "0"'],
  [
    'PULSE_DEBUG',
    'print stack traces of unexpected errors; with "api", also log HTTP requests (tokens redacted)',
  ],
];

export function formatEnvironment(): string {
  const width = Math.max(...ENVIRONMENT_TABLE.map(([name]) => name.length));
  const lines = ENVIRONMENT_TABLE.map(([name, meaning]) => `  ${name.padEnd(width)}  ${meaning}`);
  return `Environment variables pulse reads (flags win over them, they win over the profile):\n\n${lines.join('\n')}\n`;
}

/** `pulse help formatting`: what goes where, and in which shape. */
export const FORMATTING_HELP = `How pulse prints:

  stdout, stderr  Data goes to stdout, messages (notes, progress, errors) to stderr, so
                  \`pulse checkin list > file\` captures only data.
  On a terminal   Lists are tables; Markdown (check-ins, comments, updates, answers) is rendered;
                  colour unless NO_COLOR, --no-color or TERM=dumb (FORCE_COLOR or CLICOLOR_FORCE:
                  colour even when piped; NO_COLOR wins). Control characters in what
                  others wrote are shown as \\uXXXX escapes.
                  Times in tables are relative to now ("3 hours ago", "in 2 days").
                  Output taller than the terminal goes through a pager: PULSE_PAGER, else PAGER,
                  else less -FRX (LESS=FRX unless LESS is set); "" or cat, or --no-pager: none.
  Piped           Lists are tab-separated rows, ids first, one line per record (tabs and line
                  breaks inside a field become spaces), no colour, exact ISO times, no pager;
                  Markdown is printed as written.
  --json          The documented objects of the v2 interface, exactly (a JSON array for lists),
                  on a terminal or not.
  --json FIELDS   Only these fields (comma-separated; person.name reaches inside) of each object
                  of a list, or of the one object; an unknown field is a usage error listing the
                  valid ones. --json=FIELDS always takes fields; in --json WORD, WORD is taken as
                  fields only when a comma-separated part of it is one of the command's field
                  names (and it is not a subcommand), else it stays an argument:
                  \`pulse goal view --json ID\` works. A command that takes no arguments
                  always reads the word as fields.
  --jq EXPR       Filter the JSON through jq (implies --json; after --json FIELDS): each result
                  on its own line, strings raw, other values compact JSON. A jq syntax error is a
                  usage error.
  Creates         Print the new id alone on stdout (the object with --json); views end
                  with the id and the command that shows it (ID  pulse goal view ID).
  Short ids       Any unique prefix of 4+ characters of an id (pulse goal view 0014).
  Stdin           A free-text flag given - reads stdin (--body -), as --file - does.
  Dates           Flags take ${DATE_HELP};
                  date-times are ISO 8601 with a zone (2026-11-23T09:00:00Z).
  Exit codes      pulse help exit-codes.
`;

/** A command's examples, shown after its --help options: what each does, then the line to type. */
export function formatExamples(examples: readonly { command: string; says: string }[]): string {
  const lines = examples.flatMap(({ command, says }) => [`  # ${says}`, `  ${command}`]);
  return `\nExamples:\n${lines.join('\n')}`;
}

/** Help topics beyond the commands: `pulse help TOPIC`. */
export const HELP_TOPICS: Record<string, string> = {
  environment: formatEnvironment(),
  'exit-codes': formatExitCodes(),
  formatting: FORMATTING_HELP,
};

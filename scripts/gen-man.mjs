// Generates man pages from the commander command tree, so they cannot drift from the program:
//   node scripts/gen-man.mjs            writes man/pulse.1 and man/pulse-<command>.1
//   node scripts/gen-man.mjs --check    exits 1 naming the pages that differ from what is in man/
//   --dir DIR                           reads or writes another directory (the drift test uses it)
// Output is deterministic: no dates, only the version from package.json.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildProgram, EXIT_CODE_TABLE } from '../dist/main.js';

const args = process.argv.slice(2);
const check = args.includes('--check');
const dirIndex = args.indexOf('--dir');
const dir = dirIndex >= 0 ? args[dirIndex + 1] : new URL('../man', import.meta.url).pathname;
const version = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

const ENVIRONMENT = [
  ['PULSE_STORE', 'the local SQLite store (implies local mode); as --store'],
  ['PULSE_PROFILE', 'the configuration profile; as --profile'],
  ['PULSE_AS', 'the person local commands act as; as --as'],
  ['PULSE_NO_INPUT', 'when 1, never prompt; as --no-input'],
  ['PULSE_PUBLIC_URL', 'base of the url fields in local mode'],
  ['PULSE_EDITOR, VISUAL, EDITOR', 'the editor for long answers, in this order'],
  ['PULSE_CONFIG_DIR', 'the directory of config.json (default $XDG_CONFIG_HOME/pulse)'],
  ['XDG_DATA_HOME, XDG_CONFIG_HOME', 'base directories of the default store and the configuration'],
  ['NO_COLOR', 'no colour; as --no-color'],
  ['PULSE_DEBUG', 'print stack traces of unexpected errors'],
];

/** Escapes text for roff: backslashes, hyphens, and a leading dot or apostrophe. */
function esc(text) {
  return String(text)
    .replaceAll('\\', '\\e')
    .replaceAll('-', '\\-')
    .replace(/^([.'])/gm, '\\&$1');
}

const dummy = { write: () => true, isTTY: false };
const program = buildProgram({
  streams: { stdin: dummy, stdout: dummy, stderr: dummy },
  env: {},
  clock: { now: () => new Date(0) },
  cwd: '/',
  localIdentity: async () => ({ name: '', email: '', timeZone: 'UTC' }),
  systemTimeZone: () => 'UTC',
  shutdownSignal: () => new AbortController().signal,
  editFile: async () => {},
});

const visibleOptions = (command) => command.options.filter((option) => !option.hidden);
const pathOf = (command) => {
  const names = [];
  for (let c = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
};
const synopsis = (command) => {
  const parts = [`\\fB${esc(pathOf(command))}\\fR`];
  if (visibleOptions(command).length > 0) parts.push('[\\fIoptions\\fR]');
  for (const argument of command.registeredArguments) {
    const name = argument.name() + (argument.variadic ? '...' : '');
    parts.push(argument.required ? `\\fI${esc(name)}\\fR` : `[\\fI${esc(name)}\\fR]`);
  }
  if (command.commands.length > 0 && !command._actionHandler) parts.push('\\fIcommand\\fR');
  return parts.join(' ');
};
const optionsSection = (command) =>
  visibleOptions(command).flatMap((option) => [
    '.TP',
    `\\fB${esc(option.flags)}\\fR`,
    esc(option.description),
  ]);

/** A command and, below it, each of its subcommands, recursively. */
function describe(command, level) {
  const lines = [];
  if (level > 0) lines.push(`.SS ${esc(pathOf(command))}`);
  lines.push('.PP', synopsis(command), '.PP', esc(command.description()));
  for (const argument of command.registeredArguments) {
    if (argument.description) lines.push('.TP', `\\fI${esc(argument.name())}\\fR`, esc(argument.description));
  }
  lines.push(...optionsSection(command));
  for (const sub of command.commands) lines.push(...describe(sub, level + 1));
  return lines;
}

const header = (name, what) => [
  `.TH ${esc(name.toUpperCase())} 1 "" "pulse ${version}" "pulse manual"`,
  '.SH NAME',
  `${esc(name)} \\- ${esc(what)}`,
];

const pages = new Map();
const commands = program.commands.filter((command) => command.name() !== 'help');
pages.set('pulse.1', [
  ...header('pulse', 'daily check-ins, goals and team updates from the terminal'),
  '.SH SYNOPSIS',
  '\\fBpulse\\fR [\\fIglobal options\\fR] \\fIcommand\\fR [\\fIoptions\\fR]',
  '.SH DESCRIPTION',
  esc(program.description()),
  '.SH GLOBAL OPTIONS',
  'These options are accepted before or after any command.',
  ...optionsSection(program),
  '.SH COMMANDS',
  ...commands.flatMap((command) => [
    '.TP',
    `\\fB${esc(command.name())}\\fR`,
    `${esc(command.description())}; see \\fBpulse\\-${esc(command.name())}\\fR(1).`,
  ]),
  '.TP',
  '\\fBhelp\\fR [\\fIcommand\\fR...|\\fIexit\\-codes\\fR]',
  'help for a command, or a help topic.',
  '.SH EXIT STATUS',
  ...EXIT_CODE_TABLE.flatMap(([code, meaning]) => ['.TP', `\\fB${code}\\fR`, esc(meaning)]),
  '.SH ENVIRONMENT',
  ...ENVIRONMENT.flatMap(([name, meaning]) => ['.TP', `\\fB${esc(name)}\\fR`, esc(meaning)]),
  '.SH FILES',
  '.TP',
  '\\fI~/.local/share/pulse/pulse.db\\fR',
  'the default local store (under $XDG_DATA_HOME).',
  '.TP',
  '\\fI~/.config/pulse/config.json\\fR',
  'profiles of settings, mode 0600 (under $XDG_CONFIG_HOME); never holds secrets.',
  '.SH SEE ALSO',
  commands.map((command) => `\\fBpulse\\-${esc(command.name())}\\fR(1)`).join(', '),
]);
for (const command of commands) {
  pages.set(`pulse-${command.name()}.1`, [
    ...header(`pulse-${command.name()}`, command.description()),
    '.SH DESCRIPTION',
    ...describe(command, 0),
    '.SH GLOBAL OPTIONS',
    'See \\fBpulse\\fR(1): \\-\\-store, \\-\\-profile, \\-\\-as, \\-\\-no\\-color and \\-\\-no\\-input work with every command.',
    '.SH SEE ALSO',
    '\\fBpulse\\fR(1)',
  ]);
}

const rendered = new Map([...pages].map(([name, lines]) => [name, `${lines.join('\n')}\n`]));
if (check) {
  const problems = [];
  const present = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.1')) : [];
  for (const [name, text] of rendered) {
    const path = join(dir, name);
    if (!existsSync(path)) problems.push(`missing: ${name}`);
    else if (readFileSync(path, 'utf8') !== text) problems.push(`out of date: ${name}`);
  }
  for (const name of present) if (!rendered.has(name)) problems.push(`not generated (stale): ${name}`);
  if (problems.length > 0) {
    console.error(
      `man pages differ from the command definitions (run npm run man):\n  ${problems.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log(`man pages up to date (${rendered.size} pages)`);
} else {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of rendered) writeFileSync(join(dir, name), text);
  console.log(`wrote ${rendered.size} man pages to ${dir}`);
}

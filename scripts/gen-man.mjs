// Generates man pages from the commander command tree, so they cannot drift from the program:
//   node scripts/gen-man.mjs            writes man/pulse.1 and man/pulse-<command>.1
//   node scripts/gen-man.mjs --check    exits 1 naming the pages that differ from what is in man/
//   --dir DIR                           reads or writes another directory (the drift test uses it)
// package.json's "man" lists every page, so a global install (npm install -g) puts them where `man`
// finds them (`man pulse-checkin`); writing the pages into man/ rewrites that list, --check compares it.
// Output is deterministic: no dates, only the version from package.json.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildProgram,
  COMMAND_NOTES,
  definitionOf,
  ENVIRONMENT_TABLE,
  EXIT_CODE_TABLE,
} from '../dist/main.js';

const usage = 'usage: node scripts/gen-man.mjs [--check] [--dir DIR]';
let check = false;
let dir = fileURLToPath(new URL('../man', import.meta.url));
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--check') check = true;
  else if (args[i] === '--dir' && args[i + 1] !== undefined) dir = resolve(args[++i]);
  else {
    console.error(`gen-man: unexpected argument ${JSON.stringify(args[i])}\n${usage}`);
    process.exit(2);
  }
}
const packageFile = fileURLToPath(new URL('../package.json', import.meta.url));
const packageJson = JSON.parse(readFileSync(packageFile, 'utf8'));
const version = packageJson.version;
const writesTheRepository = dir === fileURLToPath(new URL('../man', import.meta.url));

const FILES = [
  ['~/.local/share/pulse/pulse.db', 'the default local store (under $XDG_DATA_HOME).'],
  [
    '~/.config/pulse/config.json',
    'profiles of settings, mode 0600 (under $XDG_CONFIG_HOME or $PULSE_CONFIG_DIR); never holds secrets.',
  ],
  [
    '~/.config/pulse/credentials.json',
    'tokens and keys kept with --insecure-storage (pulse auth login, pulse ask key set), mode 0600; otherwise they live in the OS keychain.',
  ],
];

/** Escapes text for roff: backslashes, hyphens, and a dot or apostrophe at the start of a line. */
function esc(text) {
  return String(text)
    .replaceAll('\\', '\\e')
    .replaceAll('-', '\\-')
    .replace(/^([.'])/gm, '\\&$1');
}
const bold = (text) => `\\fB${esc(text)}\\fR`;
const italic = (text) => `\\fI${esc(text)}\\fR`;

// Building the tree runs no command, so the context only has to look like one.
const sink = { write: () => true, isTTY: false };
const program = await buildProgram({
  streams: { stdin: sink, stdout: sink, stderr: sink },
  env: {},
  clock: { now: () => new Date(0) },
  cwd: '/',
  localIdentity: async () => ({ name: '', email: '', timeZone: 'UTC' }),
  systemTimeZone: () => 'UTC',
  shutdownSignal: () => new AbortController().signal,
  editFile: async () => {},
});
// Commander's own help text adds choices and defaults to descriptions; the pages say the same.
const help = program.createHelp();

const visibleCommands = (command) => command.commands.filter((sub) => !sub._hidden && sub.name() !== 'help');
const visibleOptions = (command) => command.options.filter((option) => !option.hidden);
const runnable = (command) => typeof command._actionHandler === 'function';
const pathOf = (command) => {
  const names = [];
  for (let c = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
};

/** "-s, --long <value>" as bold flags and an italic value. */
function flags(option) {
  const [, names, value] = /^(.*?)(?:\s+([<[].*))?$/.exec(option.flags);
  return value ? `${bold(names)} ${italic(value)}` : bold(names);
}
const optionText = (option) =>
  option.mandatory ? `${help.optionDescription(option)} (required)` : help.optionDescription(option);

function synopsis(command) {
  const parts = [bold(pathOf(command))];
  const options = visibleOptions(command);
  for (const option of options.filter((o) => o.mandatory)) parts.push(flags(option));
  if (options.some((o) => !o.mandatory)) parts.push('[\\fIoptions\\fR]');
  for (const argument of command.registeredArguments) {
    const name = argument.name() + (argument.variadic ? '...' : '');
    parts.push(argument.required ? italic(name) : `[${italic(name)}]`);
  }
  if (visibleCommands(command).length > 0 && !runnable(command)) parts.push('\\fIcommand\\fR');
  return parts.join(' ');
}

/** The synopsis of every command of a page that does something, the group's own first. */
function synopses(command) {
  const own = runnable(command) || visibleCommands(command).length === 0 ? [synopsis(command)] : [];
  return [...own, ...visibleCommands(command).flatMap(synopses)];
}

const optionItems = (options) => options.flatMap((option) => ['.TP', flags(option), esc(optionText(option))]);

/** A command and, below it, each of its subcommands, recursively. */
function describe(command, level) {
  const lines = [];
  // The page's own command is in its SYNOPSIS section; each subcommand repeats its synopsis here.
  if (level > 0) lines.push(`.SS ${esc(pathOf(command))}`, '.PP', synopsis(command));
  lines.push('.PP', esc(command.description()));
  for (const argument of command.registeredArguments) {
    const text = help.argumentDescription(argument);
    if (text) lines.push('.TP', italic(argument.name()), esc(text));
  }
  lines.push(...optionItems(visibleOptions(command)));
  for (const sub of visibleCommands(command)) lines.push(...describe(sub, level + 1));
  return lines;
}

/** The examples of a command and of every command below it, as they are in their --help. */
function examples(command) {
  const own = (definitionOf(command)?.examples ?? []).flatMap(({ command: line, says }) => [
    '.TP',
    bold(line),
    esc(says),
  ]);
  return [...own, ...visibleCommands(command).flatMap(examples)];
}

const header = (name, what) => [
  `.TH ${esc(name.toUpperCase())} 1 "" "pulse ${version}" "pulse manual"`,
  '.SH NAME',
  `${esc(name)} \\- ${esc(what)}`,
];
const pageName = (command) => `pulse-${command.name()}`;
const reference = (name) => `\\fB${esc(name)}\\fR(1)`;
const list = (items) => items.flatMap(([term, text]) => ['.TP', term, text]);

const commands = visibleCommands(program);
const pages = new Map();
pages.set('pulse.1', [
  // The NAME line is lower case and unpunctuated, as in other man pages.
  ...header(
    'pulse',
    program
      .description()
      .replace(/^./, (c) => c.toLowerCase())
      .replace(/\.$/, ''),
  ),
  '.SH SYNOPSIS',
  '\\fBpulse\\fR [\\fIglobal options\\fR] \\fIcommand\\fR [\\fIoptions\\fR] [\\fIarguments\\fR]',
  '.br',
  '\\fBpulse help\\fR [\\fIcommand\\fR...|\\fItopic\\fR]',
  '.SH DESCRIPTION',
  esc(program.description()),
  '.PP',
  'Each command has its own page, listed under COMMANDS; \\fBpulse\\fR \\fIcommand\\fR \\fB\\-\\-help\\fR prints the same.',
  '.SH GLOBAL OPTIONS',
  'These options are accepted before or after any command.',
  // help.visibleOptions adds -h, --help, which commander does not keep in program.options.
  ...optionItems(help.visibleOptions(program)),
  '.SH COMMANDS',
  ...list(
    commands.map((command) => [
      bold(command.name()),
      `${esc(command.description())}; see ${reference(pageName(command))}.`,
    ]),
  ),
  ...list(
    program.commands
      .filter((command) => command.name() === 'help')
      .map((command) => [
        `${bold('help')} [${italic('command')}...|${italic('topic')}]`,
        `${esc(command.description())}.`,
      ]),
  ),
  '.SH EXIT STATUS',
  ...list(EXIT_CODE_TABLE.map(([code, meaning]) => [bold(code), esc(meaning)])),
  '.SH ENVIRONMENT',
  ...list(ENVIRONMENT_TABLE.map(([name, meaning]) => [bold(name), esc(meaning)])),
  '.SH FILES',
  ...list(FILES.map(([path, meaning]) => [italic(path), esc(meaning)])),
  '.SH SEE ALSO',
  commands.map((command) => reference(pageName(command))).join(', '),
]);
/** NOTES: the command's own, then its subcommands' (their exit codes), each under its command line. */
function notesOf(name) {
  const own = COMMAND_NOTES[name] ? [COMMAND_NOTES[name]] : [];
  const below = Object.entries(COMMAND_NOTES)
    .filter(([path]) => path.startsWith(`${name} `))
    .map(([path, notes]) => `pulse ${path}:\n${notes}`);
  const all = [...own, ...below];
  return all.length === 0 ? [] : ['.SH NOTES', '.nf', esc(all.join('\n\n')), '.fi'];
}
const globalNames = visibleOptions(program)
  .filter((option) => option.long !== '--version')
  .map((option) => bold(option.long));
for (const command of commands) {
  pages.set(`${pageName(command)}.1`, [
    ...header(pageName(command), command.description()),
    '.SH SYNOPSIS',
    ...synopses(command).flatMap((line, i) => (i === 0 ? [line] : ['.br', line])),
    '.SH DESCRIPTION',
    ...describe(command, 0),
    ...notesOf(command.name()),
    '.SH GLOBAL OPTIONS',
    `${globalNames.join(', ')}: see ${reference('pulse')}; they work with every command, before or after it.`,
    '.SH EXIT STATUS',
    `See ${reference('pulse')}.`,
    '.SH EXAMPLES',
    // Command lines are not justified or hyphenated: a wrapped one still reads as typed.
    '.ad l',
    '.nh',
    ...examples(command),
    '.SH SEE ALSO',
    reference('pulse'),
  ]);
}

const rendered = new Map([...pages].map(([name, lines]) => [name, `${lines.join('\n')}\n`]));
const manField = [...rendered.keys()].sort().map((name) => `./man/${name}`);
if (check) {
  const problems = [];
  if (JSON.stringify(packageJson.man) !== JSON.stringify(manField))
    problems.push('package.json "man" does not list exactly the generated pages');
  const present = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.1')) : [];
  for (const [name, text] of rendered) {
    const path = join(dir, name);
    if (!existsSync(path)) problems.push(`missing: ${name}`);
    else if (readFileSync(path, 'utf8') !== text) problems.push(`out of date: ${name}`);
  }
  for (const name of present) if (!rendered.has(name)) problems.push(`not generated (stale): ${name}`);
  if (problems.length > 0) {
    console.error(
      `man pages in ${dir} differ from the command definitions (run npm run man):\n  ${problems.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log(`man pages up to date (${rendered.size} pages)`);
} else {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of rendered) writeFileSync(join(dir, name), text);
  if (writesTheRepository && JSON.stringify(packageJson.man) !== JSON.stringify(manField)) {
    // npm writes package.json with two spaces and a final line break; so does this.
    writeFileSync(packageFile, `${JSON.stringify({ ...packageJson, man: manField }, null, 2)}\n`);
    console.log('updated the "man" list in package.json');
  }
  console.log(`wrote ${rendered.size} man pages to ${dir}`);
}

/**
 * `pulse --help` without the program: the root's help as data, written from the command tree at build
 * time (scripts/build.mjs writes dist/root-help.json), and laid out here exactly as commander lays it out
 * (its Help: terms padded to the widest, descriptions wrapped to the terminal's width). bin/pulse.js
 * answers a lone `--help` or `-h` with it, without loading commander or building the tree; the build
 * and test/cli/root-help.test.ts check that both give the same text at every width.
 */
import type { Command } from 'commander';

export interface RootHelp {
  usage: string;
  description: string;
  /** The widest term of all the lists: every list pads to it. */
  termWidth: number;
  /** Headed lists of [term, description] (arguments, options, commands), as commander groups them. */
  sections: [string, [string, string][]][];
  /** What is written after the help itself (addHelpText 'after'). */
  after: string;
}

/** commander's Help.minWidthToWrap: narrower than this, text is not wrapped. */
const MIN_WIDTH_TO_WRAP = 40;

/** The root's help of a program (built for the purpose: its output is redirected to read the after text). */
export function rootHelpModel(program: Command): RootHelp {
  const help = program.createHelp();
  help.prepareContext({ helpWidth: 80 });
  let written = '';
  program.configureOutput({
    writeOut: (text) => {
      written += text;
    },
    getOutHelpWidth: () => 80,
    getOutHasColors: () => false,
  });
  program.outputHelp();
  const text = program.helpInformation();
  const sections: RootHelp['sections'] = [];
  const add = (heading: string, items: [string, string][]) => sections.push([heading, items]);
  add(
    'Arguments:',
    help
      .visibleArguments(program)
      .map((argument) => [help.argumentTerm(argument), help.argumentDescription(argument)]),
  );
  const optionGroups = help.groupItems(
    [...program.options],
    help.visibleOptions(program),
    (option) => option.helpGroupHeading ?? 'Options:',
  );
  for (const [heading, options] of optionGroups) {
    add(
      heading,
      options.map((option) => [help.optionTerm(option), help.optionDescription(option)]),
    );
  }
  const commandGroups = help.groupItems(
    [...program.commands],
    help.visibleCommands(program),
    (command) => command.helpGroup() || 'Commands:',
  );
  for (const [heading, commands] of commandGroups) {
    add(
      heading,
      commands.map((command) => [help.subcommandTerm(command), help.subcommandDescription(command)]),
    );
  }
  if (!written.startsWith(text))
    throw new Error('the root help is not written as helpInformation() gives it');
  return {
    usage: help.commandUsage(program),
    description: help.commandDescription(program),
    termWidth: help.padWidth(program, help),
    sections,
    after: written.slice(text.length),
  };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: commander's own pattern for colour codes.
const displayWidth = (text: string) => text.replace(/\x1b\[\d*(;\d*)*m/g, '').length;

/** commander's Help.boxWrap: words moved to the next line past the width, blank lines kept. */
function boxWrap(text: string, width: number): string {
  if (width < MIN_WIDTH_TO_WRAP) return text;
  const wrapped: string[] = [];
  for (const line of text.split(/\r\n|\n/)) {
    const chunks = line.match(/[\s]*[^\s]+/g);
    if (chunks === null) {
      wrapped.push('');
      continue;
    }
    let sum = [chunks.shift() as string];
    let sumWidth = displayWidth(sum[0] as string);
    for (const chunk of chunks) {
      const chunkWidth = displayWidth(chunk);
      if (sumWidth + chunkWidth <= width) {
        sum.push(chunk);
        sumWidth += chunkWidth;
        continue;
      }
      wrapped.push(sum.join(''));
      const next = chunk.trimStart();
      sum = [next];
      sumWidth = displayWidth(next);
    }
    wrapped.push(sum.join(''));
  }
  return wrapped.join('\n');
}

/** commander's Help.formatItem: the term padded, the description wrapped beside it. */
function formatItem(term: string, description: string, termWidth: number, helpWidth: number): string {
  if (!description) return `  ${term}`;
  const paddedTerm = term.padEnd(termWidth + term.length - displayWidth(term));
  const remainingWidth = helpWidth - termWidth - 2 - 2;
  const formatted =
    remainingWidth < MIN_WIDTH_TO_WRAP || /\n[^\S\r\n]/.test(description)
      ? description
      : boxWrap(description, remainingWidth).replace(/\n/g, `\n${' '.repeat(termWidth + 2)}`);
  return `  ${paddedTerm}  ${formatted.replace(/\n/g, '\n  ')}`;
}

/** The root's help at a width (the terminal's columns; undefined when not a terminal: 80). */
export function formatRootHelp(help: RootHelp, width: number | undefined): string {
  const helpWidth = width ?? 80;
  const lines = [`Usage: ${help.usage}`, ''];
  if (help.description.length > 0) lines.push(boxWrap(help.description, helpWidth), '');
  for (const [heading, items] of help.sections) {
    if (items.length === 0) continue;
    lines.push(
      heading,
      ...items.map(([term, text]) => formatItem(term, text, help.termWidth, helpWidth)),
      '',
    );
  }
  return `${lines.join('\n')}${help.after}`;
}

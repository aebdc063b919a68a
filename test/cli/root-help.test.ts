/**
 * `pulse --help` from data (bin/pulse.js and dist/root-help.json) is commander's text: at every width,
 * and as the binary prints it for a lone --help or -h.
 */
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import type { Context } from '../../src/cli/context.js';
import { buildProgram } from '../../src/cli/program.js';
import { formatRootHelp, rootHelpModel } from '../../src/cli/root-help.js';
import { BIN, isolatedEnv, runInProcess } from '../helpers/cli.js';

// Building the tree runs no command, so the context is never used.
const treeOnly = {} as Context;

async function commanderHelp(width: number | undefined): Promise<string> {
  let text = '';
  (await buildProgram(treeOnly))
    .configureOutput({
      writeOut: (chunk) => {
        text += chunk;
      },
      // Not a terminal: commander's own default answers undefined too (its typings say number).
      getOutHelpWidth: () => width as number,
      getOutHasColors: () => false,
    })
    .outputHelp();
  return text;
}

describe('the root help from data', () => {
  it("is commander's text at every width", async () => {
    const help = rootHelpModel(await buildProgram(treeOnly));
    for (const width of [undefined, 0, 1, 39, 40, 41, 55, 66, 79, 80, 81, 97, 120, 133, 160, 240]) {
      expect([width, formatRootHelp(help, width)]).toEqual([width, await commanderHelp(width)]);
    }
  });

  it('is what the binary prints for a lone --help or -h, as the program prints it', async () => {
    const program = await runInProcess(['--help']);
    expect(program.exitCode).toBe(0);
    for (const flag of ['--help', '-h']) {
      const result = await execa(process.execPath, [BIN, flag], {
        env: isolatedEnv(),
        extendEnv: false,
        stripFinalNewline: false,
      });
      expect([flag, result.exitCode, result.stdout, result.stderr]).toEqual([flag, 0, program.stdout, '']);
    }
  });
});

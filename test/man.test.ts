/** The man pages are generated from the command tree and checked against it, so they cannot drift. */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../src/cli/program.js';
import { tempDir } from './helpers/temp.js';

const root = new URL('..', import.meta.url).pathname;
const generator = join(root, 'scripts/gen-man.mjs');
const program = buildProgram({} as never);

describe('man pages', () => {
  it('match the command definitions', async () => {
    const result = await execa('node', [generator, '--check'], { reject: false });
    expect([result.exitCode, result.stderr]).toEqual([0, '']);
  });

  it('exist for every command and document every visible option', () => {
    for (const command of program.commands.filter((c) => c.name() !== 'help')) {
      const page = readFileSync(join(root, 'man', `pulse-${command.name()}.1`), 'utf8').replaceAll(
        '\\-',
        '-',
      );
      const walk = (c: typeof command): void => {
        for (const option of c.options.filter((o) => !o.hidden)) expect(page).toContain(option.long);
        c.commands.forEach(walk);
      };
      walk(command);
    }
    const main = readFileSync(join(root, 'man', 'pulse.1'), 'utf8');
    expect(main).toContain('.SH EXIT STATUS');
    expect(main).toContain('\\fB130\\fR');
  });

  it('fail the check when a page is edited, missing or stale', async () => {
    const copy = tempDir();
    cpSync(join(root, 'man'), copy, { recursive: true });
    writeFileSync(
      join(copy, 'pulse-checkin.1'),
      `${readFileSync(join(copy, 'pulse-checkin.1'), 'utf8')}.PP\nedited\n`,
    );
    writeFileSync(join(copy, 'pulse-old.1'), '.TH OLD 1\n');
    const result = await execa('node', [generator, '--check', '--dir', copy], { reject: false });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('out of date: pulse-checkin.1');
    expect(result.stderr).toContain('not generated (stale): pulse-old.1');
  });
});

/** The man pages are generated from the command tree and checked against it, so they cannot drift. */
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../src/cli/program.js';
import { tempDir } from './helpers/temp.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const generator = join(root, 'scripts/gen-man.mjs');
// Building the tree runs no command, so the context is never used.
const program = await buildProgram({} as never);
/** Every top-level command but help and the hidden ones (pulse __complete, for completion scripts). */
const topLevel = program.commands.filter(
  (c) => c.name() !== 'help' && !(c as unknown as { _hidden: boolean })._hidden,
);

/** A page with roff's escaped hyphens read as plain ones. */
const page = (name: string) => readFileSync(join(root, 'man', name), 'utf8').replaceAll('\\-', '-');
/** Every flag (short and long) of a command's visible options. */
const flagsOf = (command: Command) =>
  command.options
    .filter((option) => !option.hidden)
    .flatMap((option) => [option.short, option.long])
    .filter((flag): flag is string => flag !== undefined);
const sub = (command: Command, name: string) => {
  const found = command.commands.find((c) => c.name() === name);
  if (!found) throw new Error(`no command ${name} under ${command.name()}`);
  return found;
};

describe('man pages', () => {
  it('match the command definitions', async () => {
    const result = await execa(process.execPath, [generator, '--check'], { reject: false });
    expect([result.exitCode, result.stderr]).toEqual([0, '']);
  });

  it('exist for every command and document every visible option', () => {
    expect(topLevel.length).toBeGreaterThan(0);
    for (const command of topLevel)
      expect(existsSync(join(root, 'man', `pulse-${command.name()}.1`))).toBe(true);

    const checkin = sub(program, 'checkin');
    const list = sub(checkin, 'list');
    const checkinPage = page('pulse-checkin.1');
    expect(flagsOf(checkin).length).toBeGreaterThan(0);
    expect(flagsOf(list).length).toBeGreaterThan(0);
    for (const flag of [...flagsOf(checkin), ...flagsOf(list)]) expect(checkinPage).toContain(flag);
    expect(checkinPage).toContain('.SS pulse checkin list');

    // And every other page, recursively, for the options of its commands.
    for (const command of topLevel) {
      const text = page(`pulse-${command.name()}.1`);
      const walk = (c: Command): void => {
        for (const flag of flagsOf(c)) expect(text).toContain(flag);
        c.commands.forEach(walk);
      };
      walk(command);
    }

    const main = page('pulse.1');
    for (const flag of flagsOf(program)) expect(main).toContain(flag);
    for (const command of topLevel) expect(main).toContain(`pulse-${command.name()}\\fR(1)`);
    expect(main).toContain('.SH EXIT STATUS');
    expect(main).toContain('\\fB130\\fR');
  });

  it('fail the check when a page is edited, missing or stale', async () => {
    const copy = tempDir();
    cpSync(join(root, 'man'), copy, { recursive: true });
    const clean = await execa(process.execPath, [generator, '--check', '--dir', copy], { reject: false });
    expect(clean.exitCode).toBe(0);

    writeFileSync(
      join(copy, 'pulse-checkin.1'),
      `${readFileSync(join(copy, 'pulse-checkin.1'), 'utf8')}.PP\nedited\n`,
    );
    rmSync(join(copy, 'pulse-me.1'));
    writeFileSync(join(copy, 'pulse-old.1'), '.TH OLD 1\n');
    const result = await execa(process.execPath, [generator, '--check', '--dir', copy], { reject: false });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('out of date: pulse-checkin.1');
    expect(result.stderr).toContain('missing: pulse-me.1');
    expect(result.stderr).toContain('not generated (stale): pulse-old.1');
    expect(result.stderr).not.toContain('pulse-team.1');
  });
});

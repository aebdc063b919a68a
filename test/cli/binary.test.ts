/** The real binary, as installed: start-up paths, the default store, streams and exit codes. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { execPulse, isolatedEnv } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

describe('the pulse binary', () => {
  it('prints its version and help', async () => {
    for (const flag of ['--version', '-V']) {
      const result = await execPulse([flag]);
      expect([result.exitCode, result.stdout]).toEqual([0, `${pkg.version}`]);
    }
    const help = await execPulse(['--help']);
    expect(help.exitCode).toBe(0);
    for (const command of ['checkin', 'me', 'people', 'team', 'config', 'init', 'admin', 'help']) {
      expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
  });

  it('runs the quick start on a fresh home: a check-in in the default store, then the list', async () => {
    const env = isolatedEnv();
    const checkin = await execPulse(
      [
        'checkin',
        '--previous',
        'set up pulse',
        '--intentions',
        'first real check-in',
        '--blockers',
        'none',
        '--mood',
        'focused',
      ],
      { env },
    );
    const storePath = join(env.XDG_DATA_HOME as string, 'pulse', 'pulse.db');
    expect(checkin.stderr).toContain(`Created a local store at ${storePath}`);
    const today = new Date().toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' }).toLowerCase();
    if (today === 'saturday' || today === 'sunday') {
      // The default team reports monday to friday: the command says why and how to pick a date.
      expect(checkin.exitCode).toBe(3);
      expect(checkin.stderr).toContain(`${today} is not a report day of your teams`);
      return;
    }
    expect(checkin.exitCode).toBe(0);
    const list = await execPulse(['checkin', 'list'], { env });
    expect(list.exitCode).toBe(0);
    expect(list.stdout.trimEnd().split('\t').slice(3)).toEqual(['focused', 'false', 'first real check-in']);
  });

  it('keeps data on stdout and messages on stderr, with no colour when piped', async () => {
    const env = isolatedEnv();
    const store = join(tempDir(), 's.db');
    const init = await execPulse(
      ['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--store', store],
      { env },
    );
    expect(init.stdout).toMatch(/^[0-9a-f-]{36}$/);
    expect(init.stderr).toContain('Initialised');
    const me = await execPulse(['me', '--store', store], { env });
    expect(me.stdout).toContain('Ana Diaz @ana <ana@example.com> (administrator)');
    expect(me.stdout).not.toContain('\u001b[');
  });

  it('exits with the documented codes', async () => {
    const env = isolatedEnv();
    const store = join(tempDir(), 's.db');
    await execPulse(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--store', store], { env });
    const cases: [string[], number, string][] = [
      [['checkin', '--mood'], 2, "option '--mood <mood>' argument missing"],
      [['checkin', 'list', '--since', 'someday'], 2, '--since: not a date: someday'],
      [['checkin', 'view', '00000000-0000-4000-8000-000000000000'], 3, 'no check-in'],
      [['me', '--as', 'ghost@example.com'], 4, 'no person with email ghost@example.com'],
      [['init', '--name', 'X', '--email', 'x@example.com'], 1, 'already initialised'],
    ];
    for (const [args, code, message] of cases) {
      const result = await execPulse(['--store', store, ...args], { env });
      expect([args.join(' '), result.exitCode]).toEqual([args.join(' '), code]);
      expect(result.stderr).toContain(message);
      expect(result.stdout).toBe('');
    }
  });
});

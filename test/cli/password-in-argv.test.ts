/**
 * A database password typed on the command line: pulse warns (it shows in ps and the shell history)
 * without ever printing it; the same address from the environment draws no warning.
 */
import { describe, expect, it } from 'vitest';
import { PASSWORD_IN_ARGV_WARNING } from '../../src/cli/password-in-argv.js';
import { isolatedEnv, runInProcess } from '../helpers/cli.js';

// Nothing listens on port 9 of the loopback: the command fails to connect, after the warning.
const ADDRESS = 'postgres://pulse:s3cret-pw@127.0.0.1:9/pulse';

describe('a database password on the command line', () => {
  it('draws a warning naming PGPASSWORD, and the password shows nowhere', async () => {
    for (const argv of [
      ['--store', ADDRESS, 'admin', 'person', 'list'],
      ['admin', 'migrate', '--from', 'missing.db', '--to', ADDRESS],
      [`--store=${ADDRESS}`, 'doctor'],
    ]) {
      const result = await runInProcess(argv, { env: isolatedEnv() });
      expect([argv, result.stderr.startsWith(PASSWORD_IN_ARGV_WARNING)]).toEqual([argv, true]);
      expect(PASSWORD_IN_ARGV_WARNING).toContain('PGPASSWORD');
      expect(`${result.stdout}${result.stderr}`).not.toContain('s3cret-pw');
    }
  });

  it('draws none for an address without a password, or one from the environment', async () => {
    const withoutPassword = await runInProcess(
      ['--store', 'postgres://pulse@127.0.0.1:9/pulse', 'admin', 'person', 'list'],
      { env: isolatedEnv() },
    );
    expect(withoutPassword.stderr).not.toContain('warning');
    const fromEnvironment = await runInProcess(['admin', 'person', 'list'], {
      env: isolatedEnv({ PULSE_STORE: ADDRESS }),
    });
    expect(fromEnvironment.stderr).not.toContain('warning');
    expect(fromEnvironment.stderr).not.toContain('s3cret-pw');
  });
});

/**
 * Tokens in a real Secret Service: each test starts its own D-Bus session with gnome-keyring-daemon
 * (Debian packages dbus and gnome-keyring, which .ci/run installs) and runs the binary inside it. Where
 * no Secret Service answers in such a session the tests skip, saying why (system-parts.ts); CI requires it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { execPulse, initAnaAndBen, isolatedEnv } from '../helpers/cli.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';
import { inKeyringSession, missingParts } from '../helpers/system-parts.js';
import { tempDir } from '../helpers/temp.js';

let server: ServeProcess;
let token: string;

/** Runs a shell script inside a fresh D-Bus session with an unlocked keyring; `pulse` is the binary. */
async function keyringSession(script: string, env: Record<string, string>) {
  const result = await inKeyringSession(script, env);
  return { exitCode: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr) };
}

describe.skipIf(await missingParts('secret-service'))('the OS keychain (Secret Service)', () => {
  beforeAll(async () => {
    const env = isolatedEnv();
    const store = join(tempDir(), 'server.db');
    await initAnaAndBen((args) => execPulse(['--store', store, ...args], { env }));
    token = (
      await execPulse(['--store', store, 'admin', 'token', 'create', '--person', 'ben@example.com'], { env })
    ).stdout;
    server = await startServe(['--store', store], env);
  });

  it('keeps the token in the keychain, uses it, and forgets it on logout', async () => {
    const env = isolatedEnv({ PULSE_BASE_URL: server.url, PATH: process.env.PATH as string });
    const tokenFile = join(tempDir(), 'token');
    writeFileSync(tokenFile, token, { mode: 0o600 });
    const result = await keyringSession(
      [
        `pulse auth login --with-token < "${tokenFile}"`,
        'echo "--- status"; pulse auth status --json',
        'echo "--- me"; pulse me --json',
        'echo "--- logout"; pulse auth logout',
        'echo "--- after"; pulse auth status --json; echo "exit=$?"',
      ].join('\n'),
      env,
    );
    expect(result.stderr).toContain('the token is kept in the OS keychain');
    const [, status, me, , after] = result.stdout.split(/^--- \w+$/m);
    expect(JSON.parse(status as string)).toMatchObject({
      token_source: 'keychain',
      accepted: true,
      person: { email: 'ben@example.com' },
    });
    expect(JSON.parse(me as string).email).toBe('ben@example.com');
    expect(after).toContain('"token_source": null');
    expect(after).toContain('exit=4');
    // Nothing but the keychain held it: no credentials file was written.
    const listing = await execa('ls', ['-a', join(env.XDG_CONFIG_HOME as string, 'pulse')], {
      reject: false,
    });
    expect(String(listing.stdout)).not.toContain('credentials.json');
    expect(result.stdout + result.stderr).not.toContain(token);
  }, 120_000); // five runs of the binary and a keyring daemon, on a loaded machine

  it('lets PULSE_TOKEN override the keychain', async () => {
    const env = isolatedEnv({ PULSE_BASE_URL: server.url, PATH: process.env.PATH as string });
    const tokenFile = join(tempDir(), 'token');
    writeFileSync(tokenFile, token, { mode: 0o600 });
    const result = await keyringSession(
      [
        `pulse auth login --with-token < "${tokenFile}"`,
        `PULSE_TOKEN=service_pat_${'z'.repeat(43)} pulse auth status --json; echo "exit=$?"`,
      ].join('\n'),
      env,
    );
    expect(JSON.parse(result.stdout.split('exit=')[0] as string)).toMatchObject({
      token_source: 'environment',
      accepted: false,
    });
    expect(result.stdout).toContain('exit=4');
  }, 120_000);
});

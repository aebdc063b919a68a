/** People fix who they are: `pulse admin person edit` and `pulse me edit`, through the real binary. */
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { execPulse, isolatedEnv } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
const pulse = (...args: string[]) => execPulse(['--store', store, ...args], { env });
const json = async (...args: string[]) => {
  const result = await pulse(...args);
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout);
};

beforeAll(() => {
  env = isolatedEnv();
});

/** The first command creates the store, its administrator from the login name, and says so. */
let firstUse: { email: string; administrator: boolean };
beforeEach(async () => {
  store = join(tempDir(), 'pulse.db');
  const created = await pulse('me', '--json', 'email,administrator');
  expect(created.stderr).toMatch(/^Created a local store at /);
  firstUse = JSON.parse(created.stdout);
});

describe('pulse admin person edit', () => {
  it('renames the identity first use created, address and handle included', async () => {
    const first = firstUse;
    expect(first.administrator).toBe(true);
    const edit = await pulse(
      'admin',
      'person',
      'edit',
      first.email,
      '--name',
      'Ana Diaz',
      '--email',
      'Ana@Example.com',
      '--username',
      'ana',
      '--time-zone',
      'Europe/Berlin',
    );
    expect(edit).toMatchObject({
      exitCode: 0,
      stdout: '',
      stderr: 'Ana Diaz <ana@example.com> @ana, time zone Europe/Berlin, administrator.',
    });
    expect(await json('me', '--json', 'name,email,username,time_zone,administrator')).toEqual({
      name: 'Ana Diaz',
      email: 'ana@example.com',
      username: 'ana',
      time_zone: 'Europe/Berlin',
      administrator: true,
    });
  });

  it('refuses a taken email or username (exit 1) and a bad value (exit 2), changing nothing', async () => {
    const { email } = firstUse;
    await pulse('admin', 'person', 'add', '--name', 'Ben Okafor', '--email', 'ben@example.com');
    const takenEmail = await pulse('admin', 'person', 'edit', 'ben@example.com', '--email', email);
    expect(takenEmail).toMatchObject({ exitCode: 1, stderr: `pulse: email is already taken: ${email}` });
    const ownHandle = (await json('me', '--json', 'username')).username;
    const takenName = await pulse('admin', 'person', 'edit', 'ben@example.com', '--username', ownHandle);
    expect(takenName).toMatchObject({
      exitCode: 1,
      stderr: `pulse: username is already taken: ${ownHandle}`,
    });
    const bad = await pulse(
      'admin',
      'person',
      'edit',
      'ben@example.com',
      '--name',
      'Benjamin',
      '--email',
      'not-an-email',
      '--time-zone',
      'Mars/Olympus',
    );
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toBe(
      'pulse: email is not a valid address: not-an-email\ntime zone is not an IANA zone name: Mars/Olympus',
    );
    const ben = await json('people', 'view', 'ben@example.com', '--json', 'name,email,username');
    expect(ben).toEqual({ name: 'Ben Okafor', email: 'ben@example.com', username: 'ben' });
  });

  it('keeps one administrator: the only one cannot lose the role, one of two can', async () => {
    const { email } = firstUse;
    const only = await pulse('admin', 'person', 'edit', email, '--no-admin');
    expect(only).toMatchObject({
      exitCode: 1,
      stderr: `pulse: ${email} is the only administrator: make another person an administrator first`,
    });
    await pulse('admin', 'person', 'add', '--name', 'Ben Okafor', '--email', 'ben@example.com');
    expect((await pulse('admin', 'person', 'edit', 'ben@example.com', '--admin')).exitCode).toBe(0);
    expect((await pulse('admin', 'person', 'edit', email, '--no-admin')).exitCode).toBe(0);
    expect((await json('me', '--json', 'administrator')).administrator).toBe(false);
  });

  it('needs something to change (exit 2) and a known person (exit 3)', async () => {
    const { email } = firstUse;
    expect(await pulse('admin', 'person', 'edit', email)).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining(
        'pulse: nothing to change: give --name, --email, --username, --time-zone, --admin or --no-admin',
      ),
    });
    expect(await pulse('admin', 'person', 'edit', 'nobody@example.com', '--name', 'X')).toMatchObject({
      exitCode: 3,
      stderr: 'pulse: no person with email nobody@example.com in this store',
    });
  });
});

describe('pulse me edit', () => {
  it('changes your own name, username and time zone, and shows you', async () => {
    const edit = await pulse(
      'me',
      'edit',
      '--name',
      'Ana Diaz',
      '--username',
      'ana.d',
      '--time-zone',
      'America/New_York',
      '--json',
      'name,username,time_zone',
    );
    expect(edit.exitCode).toBe(0);
    expect(JSON.parse(edit.stdout)).toEqual({
      name: 'Ana Diaz',
      username: 'ana.d',
      time_zone: 'America/New_York',
    });
    const shown = await pulse('me', 'edit', '--name', 'Ana Diaz');
    expect(shown.stdout.split('\n').slice(0, 2)).toEqual([
      `Ana Diaz @ana.d <${firstUse.email}> (administrator)`,
      'Time zone: America/New_York',
    ]);
  });

  it('refuses a bad time zone or username by name (exit 2) and needs a flag', async () => {
    const bad = await pulse('me', 'edit', '--time-zone', 'Europe/Atlantis', '--username', 'Not Valid');
    expect(bad).toMatchObject({
      exitCode: 2,
      stderr:
        'pulse: username must be 1 to 39 lower-case letters, digits, dots, dashes or underscores\n' +
        'time zone is not an IANA zone name: Europe/Atlantis',
    });
    expect((await pulse('me', 'edit')).stderr).toContain(
      'pulse: nothing to change: give --name, --username or --time-zone',
    );
  });
});

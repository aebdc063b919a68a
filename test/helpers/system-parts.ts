/**
 * The optional system parts some tests need (a Secret Service, Chromium, PostgreSQL, nginx, openssl,
 * setpriv, a mountable tmpfs, fish, zsh, man, faketime), each probed by USING it the way the tests do:
 * a program that is installed but cannot do the job (dbus without a keyring daemon, a Chromium that
 * cannot start, a PostgreSQL that does not accept) counts as absent. The tests that need a part then
 * skip with a one-line reason, printed once per test file, instead of failing on a machine that lacks it.
 *
 * Under CI=true an absent part is an error instead ("X is required under CI (.ci/run installs it)"):
 * there a skip would hide a broken test. A part a tier of the suite leaves out on purpose (PostgreSQL
 * in the everyday tier, test/tiers.ts) is skipped silently, under CI too.
 *
 * Each probe runs at most once per process (vitest's forks: once per test file that asks), and only
 * when a test file asks for its part; the dearest (Chromium, the Secret Service) take a second or two.
 *
 * Usage, at a test file's top level (top-level await):
 *   describe.skipIf(await missingParts('fish'))('…', () => {…});
 *   it.skipIf(await missingParts('nginx', 'postgres'))('…', async () => {…});
 *   const server = await postgresServer(); describe.skipIf(!server)('…', () => {…});
 */

import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa, type Options } from 'execa';
import { inject } from 'vitest';
import { selfSignedCertificate } from './certificate.js';
import { BIN } from './cli.js';
import { testPostgresUrl } from './postgres.js';

export type PartName =
  | 'secret-service'
  | 'chromium'
  | 'postgres'
  | 'nginx'
  | 'openssl'
  | 'setpriv'
  | 'tmpfs'
  | 'fish'
  | 'zsh'
  | 'man'
  | 'faketime';

/** Debian's Chromium, driven by playwright-core (which brings no browser of its own). */
export const CHROMIUM = '/usr/bin/chromium';
/** The flags the browser tests launch it with: headless in a container (no sandbox, no GPU, no network chatter). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const NGINX = '/usr/sbin/nginx';
/** The unprivileged user the tests run commands as when they run as root (setpriv). */
export const NOBODY = 65_534;

/**
 * A shell script's setup line for a fresh D-Bus session: an unlocked gnome-keyring-daemon serving the
 * Secret Service. Its own output is silenced; whether it answered is for the probe to find out.
 */
const KEYRING_SETUP =
  'echo keyring-test-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1';

/**
 * Runs a shell script inside a fresh D-Bus session (dbus-run-session) with an unlocked keyring, as the
 * keychain tests do; `pulse` in the script is the built binary. Not awaited: the caller may act while it
 * runs (sign in in a browser). `env` must carry PATH and a HOME of its own (the keyring lives there).
 */
export function inKeyringSession(script: string, env: Record<string, string>, timeoutMs = 90_000) {
  return execa(
    'dbus-run-session',
    ['--', 'sh', '-c', `${KEYRING_SETUP}\npulse() { "${process.execPath}" "${BIN}" "$@"; }\n${script}`],
    {
      env,
      extendEnv: false,
      reject: false,
      timeout: timeoutMs,
    },
  );
}

/** How each part is used to probe it, and what CI must do to have it. */
interface Part {
  label: string;
  /** Resolves with undefined when the part did the job, or with why not (one line). */
  probe(): Promise<string | undefined>;
  /** Where CI gets it (in the error under CI=true). */
  ci: string;
}

/** Runs a program for a probe; its failure as one line, or undefined when it exited 0. */
async function runs(file: string, args: string[], options: Options = {}): Promise<string | undefined> {
  const result = await execa(file, args, { reject: false, timeout: 60_000, ...options });
  if (result.exitCode === 0) return undefined;
  return failure(file, result);
}

/** Why a probe's command failed, in one line: not found, timed out, or its exit and first words. */
function failure(
  file: string,
  result: { code?: string; timedOut?: boolean; exitCode?: number; stderr?: unknown; stdout?: unknown },
): string {
  if (result.code === 'ENOENT') return `${file} is not on PATH`;
  if (result.timedOut) return `${file} did not finish within 60 s`;
  const said = oneLine(`${result.stderr ?? ''}\n${result.stdout ?? ''}`);
  return `${file} exited ${result.exitCode ?? 'on a signal'}${said ? `: ${said}` : ''}`;
}

/** The first non-empty line of a message. */
function oneLine(text: unknown): string {
  return (
    String(text)
      .split('\n')
      .map((line) => line.trim())
      .find(Boolean) ?? ''
  );
}

/** A scratch directory for one probe, removed after it. */
async function inScratch<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'pulse-probe-'));
  try {
    return await use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const asRoot = process.getuid?.() === 0;

const PARTS: Record<PartName, Part> = {
  'secret-service': {
    label: 'a Secret Service (dbus-run-session with gnome-keyring-daemon)',
    ci: '.ci/run installs dbus-daemon and gnome-keyring',
    // A secret stored and read back through the keyring library pulse uses, in the session the keychain
    // tests start: dbus alone answers "org.freedesktop.secrets was not provided by any .service files".
    probe: () =>
      inScratch(async (home) => {
        const keyring = createRequire(import.meta.url).resolve('@napi-rs/keyring');
        // The failure's first line, marked, so that dbus-daemon's own warnings do not hide it.
        const check = `
          try {
            const { Entry } = require(${JSON.stringify(keyring)});
            const entry = new Entry('pulse-test-probe', 'probe', { linux: { store: 'secret-service' } });
            entry.setPassword('probe-secret');
            const back = entry.getPassword();
            entry.deletePassword();
            if (back !== 'probe-secret') throw new Error('the secret read back was ' + back);
          } catch (error) {
            console.error('PROBE: ' + String(error.message).split('\\n')[0]);
            process.exit(1);
          }`;
        const result = await inKeyringSession(
          [
            'command -v gnome-keyring-daemon >/dev/null || { echo "PROBE: gnome-keyring-daemon is not on PATH" >&2; exit 1; }',
            `"${process.execPath}" -e '${check.replaceAll("'", `'"'"'`)}'`,
          ].join('\n'),
          { HOME: home, XDG_DATA_HOME: join(home, 'data'), PATH: process.env.PATH ?? '' },
          60_000,
        );
        if (result.exitCode === 0) return undefined;
        const said = /^PROBE: (.*)$/m.exec(String(result.stderr))?.[1];
        if (said) return `no Secret Service answered in a fresh D-Bus session: ${said}`;
        return failure('dbus-run-session', result);
      }),
  },
  chromium: {
    label: `Chromium (${CHROMIUM})`,
    ci: '.ci/run installs chromium',
    // Launched as the browser tests launch it, and a page opened: an installed Chromium that cannot
    // start (missing libraries, no /dev/shm) is no Chromium for them.
    async probe() {
      if (!existsSync(CHROMIUM)) return `no ${CHROMIUM}`;
      const { chromium } = await import('playwright-core');
      try {
        const browser = await chromium.launch({
          executablePath: CHROMIUM,
          headless: true,
          args: CHROMIUM_ARGS,
          timeout: 60_000,
        });
        try {
          const page = await browser.newPage();
          await page.goto('about:blank');
        } finally {
          await browser.close();
        }
        return undefined;
      } catch (error) {
        return `${CHROMIUM} did not start headless: ${oneLine((error as Error).message)}`;
      }
    },
  },
  postgres: {
    label: "PostgreSQL (the test run's throwaway server)",
    ci: '.ci/run installs postgresql',
    // The server test/postgres-global-setup.ts started for the run, answering a query.
    async probe() {
      const url = testPostgresUrl();
      if (!url) return inject('postgresAbsent') || 'no PostgreSQL server was started for this run';
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: `${url}/postgres`, connectionTimeoutMillis: 30_000 });
      try {
        await client.connect();
        await client.query('SELECT 1');
        return undefined;
      } catch (error) {
        return `the test run's PostgreSQL at ${url} did not answer: ${oneLine((error as Error).message)}`;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
  },
  nginx: {
    label: `nginx (${NGINX})`,
    ci: '.ci/run installs nginx',
    // Its configuration test on a minimal file under a prefix of its own, as the deployment test runs it.
    probe: () =>
      inScratch(async (dir) => {
        if (!existsSync(NGINX)) return `no ${NGINX}`;
        writeFileSync(
          join(dir, 'nginx.conf'),
          `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp { access_log off; }\n`,
        );
        return runs(NGINX, ['-t', '-q', '-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`]);
      }),
  },
  openssl: {
    label: 'openssl',
    ci: '.ci/run installs openssl',
    // A self-signed certificate with a subjectAltName, as the HTTPS tests make theirs (an EC key: fast).
    probe: () =>
      inScratch(async (dir) => {
        try {
          await selfSignedCertificate(dir);
          return undefined;
        } catch (error) {
          return failure('openssl', error as Parameters<typeof failure>[1]);
        }
      }),
  },
  setpriv: {
    label: 'setpriv (running node as the user nobody)',
    ci: '.ci/run installs util-linux',
    // Only root needs it (file permissions bind other users already): node run as nobody, which also
    // needs a node that nobody may execute (not one under /root).
    async probe() {
      if (!asRoot) return undefined;
      return runs(
        'setpriv',
        [
          `--reuid=${NOBODY}`,
          `--regid=${NOBODY}`,
          '--clear-groups',
          process.execPath,
          '-e',
          'process.exit(0)',
        ],
        { cwd: '/' },
      );
    },
  },
  tmpfs: {
    label: 'a tmpfs mounted in a mount namespace of its own (unshare -m)',
    ci: '.ci/run installs util-linux and mount, and CI must run as root or where users may make mount namespaces',
    probe: () =>
      inScratch(async (dir) => {
        const mount = join(dir, 'disk');
        mkdirSync(mount);
        return runs('unshare', ['-m', 'mount', '-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mount]);
      }),
  },
  fish: {
    label: 'fish',
    ci: '.ci/run installs fish',
    async probe() {
      const result = await execa('fish', ['--no-config', '-c', 'echo ok'], {
        reject: false,
        timeout: 60_000,
      });
      return String(result.stdout).trim() === 'ok' ? undefined : failure('fish', result);
    },
  },
  zsh: {
    label: 'zsh',
    ci: '.ci/run installs zsh',
    async probe() {
      const result = await execa('zsh', ['-f', '-c', 'print ok'], { reject: false, timeout: 60_000 });
      return String(result.stdout).trim() === 'ok' ? undefined : failure('zsh', result);
    },
  },
  man: {
    label: 'man (man-db)',
    ci: '.ci/run must install man-db',
    // Finding one of the repository's pages in a man directory of its own, as the global-install test
    // finds one in the prefix it installs to.
    probe: () =>
      inScratch(async (dir) => {
        mkdirSync(join(dir, 'man1'));
        copyFileSync(resolve(import.meta.dirname, '../../man/pulse.1'), join(dir, 'man1', 'pulse.1'));
        return runs('man', ['-w', '-M', dir, 'pulse']);
      }),
  },
  faketime: {
    label: 'faketime (libfaketime)',
    ci: '.ci/run installs faketime',
    // node's clock moved to a fixed date, as the tests run the binary on one.
    async probe() {
      const result = await execa(
        'faketime',
        ['2001-02-03 04:05:06', process.execPath, '-e', 'console.log(new Date().toISOString())'],
        { reject: false, timeout: 60_000, env: { TZ: 'UTC' } },
      );
      if (result.exitCode !== 0) return failure('faketime', result);
      const shown = String(result.stdout).trim();
      return shown.startsWith('2001-02-03T04:05')
        ? undefined
        : `node under faketime saw ${shown}, not 2001-02-03`;
    },
  },
};

/**
 * Parts a tier of the suite runs without on purpose (vitest.config.ts's projects, test/tiers.ts): not
 * absent, so no failure under CI, but skipped with this reason.
 */
function leftOutByTier(name: PartName): string | undefined {
  const tier = (inject as (key: string) => unknown)('tier');
  if (tier === 'everyday' && name === 'postgres')
    return 'the everyday tier (npm test) runs without PostgreSQL; npm run test:all runs these tests';
  return undefined;
}

const probes = new Map<PartName, Promise<string | undefined>>();
const told = new Set<PartName>();

/** Why `name` is absent here (one line), or undefined when it did the job; probed once per process. */
export function probePart(name: PartName): Promise<string | undefined> {
  let probe = probes.get(name);
  if (!probe) {
    probe = PARTS[name].probe().catch((error: Error) => `its probe failed: ${oneLine(error.message)}`);
    probes.set(name, probe);
  }
  return probe;
}

/**
 * Probes the parts; resolves with undefined when all are there, or with the reason to skip (for
 * describe.skipIf / it.skipIf), printed once per part and process. Under CI=true an absent part throws
 * instead: "X is required under CI: .ci/run installs it".
 */
export async function missingParts(...names: PartName[]): Promise<string | undefined> {
  const reasons: string[] = [];
  for (const name of names) {
    const leftOut = leftOutByTier(name);
    const reason = leftOut ?? (await probePart(name));
    if (reason === undefined) continue;
    const { label, ci } = PARTS[name];
    if (process.env.CI && !leftOut)
      throw new Error(`${label} is required under CI (${ci}), but here: ${reason}`);
    // A tier's choice is documented there (test/tiers.ts), not news to print in every file it touches.
    if (!leftOut && !told.has(name)) {
      told.add(name);
      console.warn(`skipping the tests that need ${label}: ${reason}`);
    }
    reasons.push(`${label}: ${reason}`);
  }
  return reasons.length > 0 ? `skipped, absent: ${reasons.join('; ')}` : undefined;
}

/** The test run's PostgreSQL server address when it answers, else undefined (the reason printed; CI throws). */
export async function postgresServer(): Promise<string | undefined> {
  return (await missingParts('postgres')) ? undefined : testPostgresUrl();
}

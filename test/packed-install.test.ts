/**
 * What a user's `npm install --global` of the packed tarball really installs: the tarball carries no
 * source maps and stays small, the install pulls only the runtime dependencies (the keychain module and
 * jq) from the registry, and the installed binary runs the README's quick start. better-sqlite3 is an
 * optional peer dependency, not installed: from Node 22.16 the store runs on node:sqlite; on an older
 * Node the quick start says what to install, and runs once that one command is done (better-sqlite3
 * compiles or fetches its native module as on a user's machine; npm 11 runs its install script only
 * when allowed: --allow-scripts).
 *
 * Unlike test/global-install.test.ts, the dependencies come from the npm registry into an empty cache of
 * the test's own. Minutes, so in the full tier.
 */
import { lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { BETTER_SQLITE3_INSTALL } from '../src/store/sqlite-driver.js';
import { tempDir } from './helpers/temp.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The bounds this test holds (docs/decisions.md, "What an install carries"). */
const MAX_PACKED_BYTES = 1.5 * 1024 * 1024;
const MAX_INSTALLED_PACKAGES = 10;
const MAX_INSTALLED_MIB = 40;
const RUNTIME_DEPENDENCIES = ['@napi-rs/keyring', 'jq-web'];

const [nodeMajor = 0, nodeMinor = 0] = process.versions.node.split('.').map(Number);
/** Whether this Node's node:sqlite is the store's driver (22.16 and later): else better-sqlite3 is. */
const nodeHasSqlite = nodeMajor > 22 || (nodeMajor === 22 && nodeMinor >= 16);

interface Packed {
  filename: string;
  size: number;
  files: { path: string }[];
}

/** Every installed package under a node_modules folder, nested ones included: its package.json's path. */
function installedPackages(modules: string): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name.startsWith('.')) continue;
      if (name.startsWith('@')) {
        visit(join(dir, name));
        continue;
      }
      const manifest = join(dir, name, 'package.json');
      try {
        statSync(manifest);
      } catch {
        continue;
      }
      found.push(manifest);
      const nested = join(dir, name, 'node_modules');
      try {
        if (statSync(nested).isDirectory()) visit(nested);
      } catch {
        // No nested dependencies.
      }
    }
  };
  visit(modules);
  return found;
}

/** The bytes of the files under `path`, a link counting as itself (npm links bin and man pages). */
function bytesUnder(path: string): number {
  const facts = lstatSync(path);
  if (!facts.isDirectory()) return facts.size;
  return readdirSync(path).reduce((sum, name) => sum + bytesUnder(join(path, name)), 0);
}

describe('the packed tarball, installed from the registry', () => {
  let temp: string;
  let packed: Packed;
  let prefix: string;
  let installed: string;
  let installedPackageCount: number;
  let installedMib: number;
  let pulseEnv: Record<string, string>;

  beforeAll(async () => {
    temp = tempDir('pulse-packed-');
    // dist/ is built by the test run's pretest; --ignore-scripts keeps npm pack from building it again.
    const pack = await execa('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', temp], {
      cwd: root,
    });
    packed = (JSON.parse(pack.stdout) as Packed[])[0] as Packed;
    prefix = join(temp, 'prefix');
    await npmInstallGlobal(['install', '--global', join(temp, packed.filename)]);
    installed = join(prefix, 'lib', 'node_modules', 'pulse');
    // Measured now: on Node 20 a test below installs better-sqlite3 into the same prefix.
    installedPackageCount = installedPackages(join(installed, 'node_modules')).length;
    installedMib = bytesUnder(prefix) / (1024 * 1024);
    const home = join(temp, 'home');
    pulseEnv = {
      PATH: `${join(prefix, 'bin')}:${process.env.PATH}`,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_DATA_HOME: join(home, '.local', 'share'),
      XDG_CACHE_HOME: join(home, '.cache'),
      XDG_STATE_HOME: join(home, '.local', 'state'),
      TZ: 'UTC',
      NO_COLOR: '1',
    };
  }, 900_000);

  /** `npm ARGS` into the test's prefix and its own empty cache, as a user's global install. */
  async function npmInstallGlobal(args: string[]): Promise<void> {
    const install = await execa(
      'npm',
      [...args, '--prefix', prefix, '--cache', join(temp, 'npm-cache'), '--no-audit', '--no-fund'],
      { cwd: temp, reject: false, all: true },
    );
    if (install.exitCode !== 0)
      throw new Error(`npm ${args.join(' ')} failed (is the npm registry reachable?):\n${install.all}`);
  }

  it('is small and carries no source maps', () => {
    expect(packed.size).toBeLessThan(MAX_PACKED_BYTES);
    expect(packed.files.filter((file) => file.path.endsWith('.map'))).toEqual([]);
  });

  it('declares only the modules the bundle loads at run time', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      optionalDependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
      peerDependenciesMeta?: Record<string, { optional?: boolean }>;
    };
    expect(Object.keys(manifest.dependencies).sort()).toEqual(RUNTIME_DEPENDENCIES);
    expect(manifest.optionalDependencies).toBeUndefined();
    // Node before 22.16 needs it; npm leaves an optional peer out.
    expect(Object.keys(manifest.peerDependencies ?? {})).toEqual(['better-sqlite3']);
    expect(manifest.peerDependenciesMeta).toEqual({ 'better-sqlite3': { optional: true } });
    expect(readdirSync(join(installed, 'node_modules'))).not.toContain('better-sqlite3');
  });

  it('installs few packages in few megabytes', () => {
    expect(installedPackageCount).toBeLessThanOrEqual(MAX_INSTALLED_PACKAGES);
    expect(installedMib).toBeLessThan(MAX_INSTALLED_MIB);
  });

  it.runIf(!nodeHasSqlite)(
    'on Node before 22.16, says what to install, and runs once it is',
    async () => {
      const refused = await execa('pulse', ['checkin', 'list'], {
        env: pulseEnv,
        extendEnv: false,
        cwd: temp,
        reject: false,
      });
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toContain(`install it beside pulse with \`${BETTER_SQLITE3_INSTALL}\``);
      // The command the message names, as the user runs it (here into the test's prefix and cache).
      await npmInstallGlobal(BETTER_SQLITE3_INSTALL.split(' ').slice(1));
      await runQuickStart();
    },
    900_000,
  );

  it.runIf(nodeHasSqlite)('runs the quick start', async () => {
    await runQuickStart();
  });

  async function runQuickStart(): Promise<void> {
    const checkin = await execa(
      'pulse',
      [
        'checkin',
        '--previous',
        'Set up pulse',
        '--intentions',
        'First real check-in',
        '--blockers',
        'none',
        '--mood',
        'focused',
        '--date',
        '2026-11-25',
      ],
      { env: pulseEnv, extendEnv: false, cwd: temp },
    );
    expect(checkin.exitCode).toBe(0);
    const list = await execa(
      'pulse',
      ['checkin', 'list', '--since', '2026-11-25', '--json', 'date,intentions'],
      {
        env: pulseEnv,
        extendEnv: false,
        cwd: temp,
      },
    );
    expect(JSON.parse(list.stdout)).toEqual([{ date: '2026-11-25', intentions: 'First real check-in' }]);
  }
});

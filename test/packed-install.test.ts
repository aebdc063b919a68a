/**
 * What a user's `npm install --global` of the packed tarball really installs: the tarball carries no
 * source maps and stays small, the install pulls only the runtime dependencies (the native SQLite module,
 * the keychain module and jq) from the registry, and the installed binary runs the README's quick start.
 *
 * Unlike test/global-install.test.ts, the dependencies come from the npm registry into an empty cache of
 * the test's own, and better-sqlite3 compiles or fetches its native module as on a user's machine (npm 11
 * runs a dependency's install script only when allowed: --allow-scripts). Minutes, so in the full tier.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The bounds this test holds (docs/decisions.md, "What an install carries"). */
const MAX_PACKED_BYTES = 1.5 * 1024 * 1024;
const MAX_INSTALLED_PACKAGES = 42;
const MAX_INSTALLED_MIB = 45;
const RUNTIME_DEPENDENCIES = ['@napi-rs/keyring', 'better-sqlite3', 'jq-web'];

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

function bytesUnder(path: string): number {
  const facts = statSync(path);
  if (!facts.isDirectory()) return facts.size;
  return readdirSync(path).reduce((sum, name) => sum + bytesUnder(join(path, name)), 0);
}

describe('the packed tarball, installed from the registry', () => {
  let temp: string;
  let packed: Packed;
  let installed: string;
  let pulseEnv: Record<string, string>;

  beforeAll(async () => {
    temp = tempDir('pulse-packed-');
    // dist/ is built by the test run's pretest; --ignore-scripts keeps npm pack from building it again.
    const pack = await execa('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', temp], {
      cwd: root,
    });
    packed = (JSON.parse(pack.stdout) as Packed[])[0] as Packed;
    const prefix = join(temp, 'prefix');
    const install = await execa(
      'npm',
      [
        'install',
        '--global',
        '--prefix',
        prefix,
        '--cache',
        join(temp, 'npm-cache'),
        '--allow-scripts=better-sqlite3',
        '--no-audit',
        '--no-fund',
        join(temp, packed.filename),
      ],
      { cwd: temp, reject: false, all: true },
    );
    if (install.exitCode !== 0)
      throw new Error(
        `npm install of the packed tarball failed (is the npm registry reachable?):\n${install.all}`,
      );
    installed = join(prefix, 'lib', 'node_modules', 'pulse');
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

  it('is small and carries no source maps', () => {
    expect(packed.size).toBeLessThan(MAX_PACKED_BYTES);
    expect(packed.files.filter((file) => file.path.endsWith('.map'))).toEqual([]);
  });

  it('declares only the modules the bundle loads at run time', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies).sort()).toEqual(RUNTIME_DEPENDENCIES);
    expect(manifest.optionalDependencies).toBeUndefined();
  });

  it('installs few packages in few megabytes', () => {
    const packages = installedPackages(join(installed, 'node_modules'));
    expect(packages.length).toBeLessThanOrEqual(MAX_INSTALLED_PACKAGES);
    expect(bytesUnder(installed) / (1024 * 1024)).toBeLessThan(MAX_INSTALLED_MIB);
  });

  it('runs the quick start', async () => {
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
  });
});

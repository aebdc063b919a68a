/**
 * A global install (`npm install -g`) puts the `pulse` command on the PATH of the prefix and every man
 * page where `man` finds it, so `man pulse-checkin` works. The package is packed (`npm pack`) and the
 * tarball installed for real into a throwaway prefix, as a user's `npm install -g` does: npm itself links
 * the bin and the man pages from package.json's `bin` and `man` fields, which is what this proves.
 *
 * Independent of npm's cache and of the network: the tarball is installed with its dependencies left out
 * of its package.json (no npm cache to fill, none consulted: an isolated, empty --cache and --offline),
 * and the project's own node_modules is then linked into the installed package, so that the installed
 * binary runs a real command. Installing the dependencies from the registry is npm's business, not this
 * package's; an isolated cache filled from the project (`npm cache add` of every package) would take
 * minutes and prove no more.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { missingParts } from './helpers/system-parts.js';
import { tempDir } from './helpers/temp.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const pages = readdirSync(join(root, 'man'))
  .filter((name) => name.endsWith('.1'))
  .sort();

// The man lookup is skipped, saying why, where man does not work (system-parts.ts); CI requires it.
const noMan = await missingParts('man');

describe('a global install', () => {
  let prefix: string;

  beforeAll(async () => {
    const temp = tempDir('pulse-global-');
    prefix = join(temp, 'prefix');
    // npm's own state in the temp dir: a cache of its own (left empty), its logs, no user npmrc.
    const npmEnv = {
      npm_config_cache: join(temp, 'npm-cache'),
      npm_config_userconfig: join(temp, 'npmrc'),
      npm_config_update_notifier: 'false',
    };
    // dist/ is built by the test run's pretest; packing again would rebuild it (prepare).
    const packed = await execa('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', temp], {
      cwd: root,
      env: npmEnv,
    });
    const filename = (JSON.parse(packed.stdout) as { filename: string }[])[0]?.filename;
    if (!filename) throw new Error(`npm pack named no file: ${packed.stdout}`);
    // The packed package with its dependencies left out (see above); its files, bin and man unchanged.
    const unpacked = join(temp, 'unpacked');
    mkdirSync(unpacked);
    await execa('tar', ['-xzf', join(temp, filename), '-C', unpacked]);
    const manifestPath = join(unpacked, 'package', 'package.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies', 'bundleDependencies'])
      delete manifest[field];
    writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    const tarball = join(temp, 'pulse-without-dependencies.tgz');
    await execa('tar', ['-czf', tarball, '-C', unpacked, 'package']);
    await execa(
      'npm',
      [
        'install',
        '--global',
        '--offline',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--prefix',
        prefix,
        tarball,
      ],
      { cwd: temp, env: npmEnv },
    );
    symlinkSync(join(root, 'node_modules'), join(prefix, 'lib', 'node_modules', 'pulse', 'node_modules'));
  }, 120_000);

  it('lists every generated page in package.json', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { man: string[] };
    expect(pages.length).toBeGreaterThan(10);
    expect(manifest.man).toEqual(pages.map((name) => `./man/${name}`));
  });

  it('puts pulse on the PATH of the prefix, and it runs', async () => {
    const onPath = { PATH: `${join(prefix, 'bin')}:${process.env.PATH}` };
    const version = await execa('pulse', ['--version'], { env: onPath });
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    // A command that loads the whole program (--version does not), from the installed copy.
    const completion = await execa('pulse', ['completion', 'bash'], { env: onPath });
    expect(completion.stdout).toContain('__complete');
    expect(realpathSync(join(prefix, 'bin', 'pulse'))).toBe(
      realpathSync(join(prefix, 'lib', 'node_modules', 'pulse', 'bin', 'pulse.js')),
    );
  });

  it('links every man page into share/man/man1', () => {
    for (const name of pages) {
      const link = join(prefix, 'share', 'man', 'man1', name);
      expect(existsSync(link), name).toBe(true);
      expect(readFileSync(realpathSync(link), 'utf8')).toBe(readFileSync(join(root, 'man', name), 'utf8'));
    }
  });

  it.skipIf(noMan)('lets man find pulse-checkin from the PATH of the install', async () => {
    // man-db derives its search path from PATH: <prefix>/bin -> <prefix>/share/man.
    const found = await execa('man', ['-w', 'pulse-checkin'], {
      env: { PATH: `${join(prefix, 'bin')}:/usr/bin:/bin`, MANPATH: '' },
      extendEnv: false,
    });
    expect(realpathSync(found.stdout.trim())).toBe(
      realpathSync(join(prefix, 'lib', 'node_modules', 'pulse', 'man', 'pulse-checkin.1')),
    );
  });
});

/**
 * A global install (`npm install -g`) puts every man page where `man` finds it, so `man pulse-checkin`
 * works. The package is packed and installed for real into a throwaway prefix, from npm's cache (the
 * dependencies are there after `npm ci`) and without install scripts: the native addon is not needed to
 * answer --version or to find a page.
 */
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const pages = readdirSync(join(root, 'man'))
  .filter((name) => name.endsWith('.1'))
  .sort();

describe('a global install', () => {
  let prefix: string;

  beforeAll(async () => {
    const temp = tempDir('pulse-global-');
    prefix = join(temp, 'prefix');
    // dist/ is built by the test run's pretest; packing again would rebuild it (prepare).
    const packed = await execa('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', temp], {
      cwd: root,
    });
    const filename = (JSON.parse(packed.stdout) as { filename: string }[])[0]?.filename;
    if (!filename) throw new Error(`npm pack named no file: ${packed.stdout}`);
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
        join(temp, filename),
      ],
      { cwd: temp },
    );
  }, 120_000);

  it('lists every generated page in package.json', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { man: string[] };
    expect(pages.length).toBeGreaterThan(10);
    expect(manifest.man).toEqual(pages.map((name) => `./man/${name}`));
  });

  it('installs the binary and links every man page into share/man/man1', async () => {
    const version = await execa(join(prefix, 'bin', 'pulse'), ['--version']);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    for (const name of pages) {
      const link = join(prefix, 'share', 'man', 'man1', name);
      expect(existsSync(link), name).toBe(true);
      expect(readFileSync(realpathSync(link), 'utf8')).toBe(readFileSync(join(root, 'man', name), 'utf8'));
    }
  });

  it('lets man find pulse-checkin from the PATH of the install', async (context) => {
    const man = await execa('sh', ['-c', 'command -v man'], { reject: false });
    if (man.exitCode !== 0) context.skip();
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

/**
 * Every command shown in README.md and docs/guide/*.md runs here, one test per page, so no example can
 * rot. Each page runs top to bottom as one bash session in a scratch HOME, on a fixed clock (Tuesday
 * 2026-11-24 09:00:00 UTC, libfaketime), against this checkout's binary, freshly built. The conventions pages
 * follow are in docs/development.md ("Writing documentation examples"); the harness is ./examples.ts.
 */
import { cpSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { faketimeAvailable, keychainUnavailable, parsePage, runPage } from './examples.js';

const REPO = resolve(import.meta.dirname, '../..');

/** README.md and every guide page there is now: a new page is tested without a change here. */
function pages(): string[] {
  const guide = join(REPO, 'docs', 'guide');
  let guidePages: string[] = [];
  try {
    guidePages = readdirSync(guide)
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => `docs/guide/${name}`);
  } catch {
    // No guide yet.
  }
  return ['README.md', ...guidePages];
}

const clockMissing = !faketimeAvailable();
if (clockMissing && process.env.CI)
  throw new Error('faketime is not installed (Debian package faketime): .ci/run installs it');

/**
 * This checkout's binary, built for this run in a copy of its own: bin/pulse.js with a dist/ that
 * scripts/build.mjs makes from src/ (about two seconds). Pages then run what the sources say now, and
 * a rebuild of the checkout's dist/ while they run (another test run's `npm test` starts with one)
 * cannot pull modules from under them.
 */
let bin = join(REPO, 'bin', 'pulse.js');

beforeAll(async () => {
  const copy = tempDir('pulse-docs-build-');
  for (const name of ['bin', 'man', 'src', 'scripts', 'package.json', 'tsconfig.json'])
    cpSync(join(REPO, name), join(copy, name), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(copy, 'node_modules'));
  await execa(process.execPath, ['scripts/build.mjs'], { cwd: copy });
  bin = join(copy, 'bin', 'pulse.js');
}, 300_000);

describe.concurrent('documentation examples', () => {
  for (const page of pages()) {
    it(page, async (context) => {
      if (clockMissing)
        context.skip('faketime is not installed (Debian package faketime): pages run on a fixed clock');
      const parsed = parsePage(page, readFileSync(join(REPO, page), 'utf8'));
      if (parsed.keychain) {
        const why = await keychainUnavailable(REPO);
        if (why && process.env.CI) throw new Error(`${page} needs a keychain: ${why}`);
        if (why) context.skip(`${page} needs a keychain: ${why}`);
      }
      const run = await runPage(join(REPO, page), { repoRoot: REPO, bin, name: page });
      if (run.notRun.length > 0)
        console.info(`${page}: not run here:\n${run.notRun.map((n) => `  ${n}`).join('\n')}`);
      if (run.failures.length > 0) throw new Error(run.failures.join('\n\n'));
    }, 300_000);
  }
});

/**
 * Every command shown in README.md and docs/guide/*.md runs here, one test per page, so no example can
 * rot. Each page runs top to bottom as one bash session in a scratch HOME, on a fixed clock (Tuesday
 * 2026-11-24 09:00:00 UTC, libfaketime), against this checkout's built binary. The conventions pages
 * follow are in docs/development.md ("Writing documentation examples"); the harness is ./examples.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, it } from 'vitest';
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

/** The newest modification time under `path` (a file or a directory tree). */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

beforeAll(async () => {
  // The pages run bin/pulse.js, which loads dist/: build it when the sources are newer.
  let built = 0;
  try {
    built = statSync(join(REPO, 'dist', 'main.js')).mtimeMs;
  } catch {}
  if (built < Math.max(newest(join(REPO, 'src')), newest(join(REPO, 'scripts', 'build.mjs')))) {
    await execa('npm', ['run', 'build'], { cwd: REPO });
  }
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
      const run = await runPage(join(REPO, page), { repoRoot: REPO, name: page });
      if (run.notRun.length > 0)
        console.info(`${page}: not run here:\n${run.notRun.map((n) => `  ${n}`).join('\n')}`);
      if (run.failures.length > 0) throw new Error(run.failures.join('\n\n'));
    }, 300_000);
  }
});

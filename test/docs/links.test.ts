/**
 * The repository stands alone: every relative link in its Markdown resolves to a file inside it (and an
 * anchor to a heading of that file), and no tracked file names a path outside it (the interface
 * documents the product was built from are described in docs/reference/, in the project's own words).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');

/** Tracked files (the checkout's own, as git sees them), optionally only those matching `pattern`. */
function tracked(pattern?: string): string[] {
  const args = ['ls-files', '-z', ...(pattern ? [pattern] : [])];
  return execFileSync('git', args, { cwd: REPO, encoding: 'utf8' }).split('\0').filter(Boolean);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (a repeated heading gets -1, -2, ... as on GitHub). */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1] as string);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** Inline links and images `[text](target)` outside code blocks and code spans. */
function links(text: string): { line: number; target: string }[] {
  const found: { line: number; target: string }[] = [];
  let fenced = false;
  text.split('\n').forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) return;
    const prose = line.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g))
      found.push({ line: index + 1, target: match[1] as string });
  });
  return found;
}

it('every relative link in the Markdown resolves inside the repository, anchors included', () => {
  const problems: string[] = [];
  const files = tracked('*.md');
  expect(files).toContain('README.md');
  for (const file of files) {
    const text = readFileSync(join(REPO, file), 'utf8');
    for (const { line, target } of links(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:: not a path
      const [path = '', anchor] = target.split('#');
      const resolved = path ? resolve(REPO, dirname(file), decodeURI(path)) : join(REPO, file);
      const where = `${file}:${line}: ${target}`;
      if (relative(REPO, resolved).startsWith('..')) problems.push(`${where} points outside the repository`);
      else if (!existsSync(resolved)) problems.push(`${where} names no file`);
      else if (anchor && !statSync(resolved).isDirectory()) {
        if (!anchors(readFileSync(resolved, 'utf8')).has(anchor)) problems.push(`${where} names no heading`);
      }
    }
  }
  expect(problems).toEqual([]);
});

it('no tracked file names a path outside the repository', () => {
  const outside = /\.\.\/shared\/|shared\/spec\//;
  const problems = tracked()
    .filter((file) => !file.endsWith('package-lock.json') && existsSync(join(REPO, file)))
    .filter((file) => statSync(join(REPO, file)).size < 2_000_000)
    .filter((file) => file !== 'test/docs/links.test.ts')
    .filter((file) => outside.test(readFileSync(join(REPO, file), 'utf8')));
  expect(problems).toEqual([]);
});

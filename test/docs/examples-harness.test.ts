/**
 * The documentation examples harness itself (./examples.ts), on small pages in ./fixtures: what it runs,
 * what it reports and where, and that it leaves no process behind.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildScript,
  faketimeAvailable,
  keychainUnavailable,
  matchOutput,
  type PageRun,
  parsePage,
  processesOf,
  runPage,
} from './examples.js';

const REPO = resolve(import.meta.dirname, '../..');
const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);

/** Runs a fixture page; on the fixed clock only where the test needs it (fewer moving parts). */
function run(name: string, faketime = false): Promise<PageRun> {
  return runPage(fixture(name), { repoRoot: REPO, name, faketime, timeoutMs: 60_000 });
}

describe.concurrent('running a page', () => {
  it('runs a passing page: exports carry from block to block, console commands with continuations', async () => {
    const result = await run('passing.md');
    expect(result.output).toContain(
      '--- passing.md:5\nhello from home\n--- passing.md:10\n$ echo "$GREETING again" && echo second\n',
    );
    expect(result.failures).toEqual([]);
    expect(result.ran).toBe(3);
    expect(result.output).toContain('hello from home');
    expect(result.output).toContain('hello again\nsecond');
  });

  it('reports a failing command with the page line, the command, its exit code and the output', async () => {
    const result = await run('failing-command.md');
    expect(result.failures).toHaveLength(1);
    const [failure] = result.failures as [string];
    expect(failure).toMatch(
      /^failing-command\.md:11: `ls \/no\/such\/directory` exited 2 \(in the block at line 9\)\n/,
    );
    expect(failure).toContain('No such file or directory');
    expect(failure).toContain('second');
    expect(result.output).not.toContain('never');
  });

  it('refuses a skip without a reason, before running anything', async () => {
    const result = await run('skip-without-reason.md');
    expect(result.failures).toEqual([
      'skip-without-reason.md:3: skip needs a reason: <!-- docs-test: skip REASON -->',
    ]);
    expect(result.output).toBe('');
  });

  it('refuses a covered-by naming a file that does not exist', async () => {
    const result = await run('covered-by-missing.md');
    expect(result.failures).toEqual([
      'covered-by-missing.md:4: covered-by names test/no-such-file.test.ts, which does not exist',
    ]);
  });

  it('fails a block marked exit 3 whose last command exits 0', async () => {
    const result = await run('exit-mismatch.md');
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatch(/^exit-mismatch\.md:6: `true` exited 0, the page says it exits 3/);
  });

  it('goes on after a block that exits as its exit directive says (sh and console)', async () => {
    const result = await run('exit-expected.md');
    expect(result.failures).toEqual([]);
    expect(result.output).toContain('--- exit-expected.md:16\n');
  });

  it('compares console output where the block says output, with ... for any text or lines', async () => {
    const result = await run('output-match.md');
    expect(result.failures).toEqual([]);
  });

  it('fails output that differs from the page, naming the shown line', async () => {
    const result = await run('output-mismatch.md');
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatch(
      /^output-mismatch\.md:7: the output of `printf .*` differs from the page: shown "zwei", real "two"/,
    );
  });

  it('writes a file block (with the page port) for later blocks to read', async () => {
    const result = await run('file-block.md');
    expect(result.failures).toEqual([]);
  });

  it('runs a before directive just before its block', async () => {
    const result = await run('before-directive.md');
    expect(result.failures).toEqual([]);
    expect(result.output).toContain('from before');
  });

  it('starts a background block, waits for its port, and stops it at the end of the page', async () => {
    const result = await run('background.md');
    expect(result.failures).toEqual([]);
    expect(result.output).toMatch(/\$ node -e "fetch\('http:\/\/127\.0\.0\.1:8080\/'\).*\nup\n/);
    // Stopped by its process group, not found and killed afterwards as a leftover.
    expect(result.leftovers).toEqual([]);
    expect(processesOf(result.session)).toEqual([]);
  });

  it('fails a background block that ends before its port answers, with its output', async () => {
    const result = await run('background-ends.md');
    expect(result.failures[0]).toMatch(
      /^background-ends\.md:4: the background block ended before port \d+ answered/,
    );
    expect(result.failures[1]).toBe(
      "background-ends.md:4: (the background block's output)\n    cannot listen",
    );
    expect(result.output).not.toContain('never');
  });

  it('runs on the fixed clock, pulse serve in the background included, and leaves no process', async (context) => {
    if (!faketimeAvailable()) {
      if (process.env.CI) throw new Error('faketime is not installed (Debian package faketime)');
      context.skip('faketime is not installed (Debian package faketime)');
    }
    const result = await run('clock.md', true);
    expect(result.failures).toEqual([]);
    expect(result.leftovers).toEqual([]);
    expect(processesOf(result.session)).toEqual([]);
  });

  it('runs a keychain page in a private D-Bus session with gnome-keyring, and stops both', async (context) => {
    const why = await keychainUnavailable(REPO);
    if (why && process.env.CI) throw new Error(why);
    if (why) context.skip(why);
    const result = await run('keychain.md');
    expect(result.failures).toEqual([]);
    expect(result.output).toContain('the token is kept in the OS keychain');
    expect(result.leftovers).toEqual([]);
    expect(processesOf(result.session)).toEqual([]);
  });
});

describe('the parts', () => {
  it('reads blocks, languages, lines and directives', () => {
    const page = parsePage(
      'p.md',
      [
        '# P', //                                         1
        '<!-- docs-test: page keychain -->', //           2
        '<!-- docs-test: exit 8 -->', //                  3
        '<!-- docs-test: before', //                      4
        'pulse admin person add --name "Cy Park"', //     5
        '-->', //                                         6
        '```sh', //                                       7
        'pulse status', //                                8
        '```', //                                         9
        '- item:', //                                    10
        '', //                                           11
        '      ```json', //                              12
        '      {}', //                                   13
        '      ```', //                                  14
        '<!-- docs-test: bogus -->', //                  15
        'text', //                                       16
      ].join('\n'),
    );
    expect(page.keychain).toBe(true);
    expect(page.blocks.map((b) => [b.line, b.language, b.lines])).toEqual([
      [7, 'sh', ['pulse status']],
      [12, 'json', ['{}']],
    ]);
    expect(page.blocks[0]?.directives).toEqual({
      exit: 8,
      before: [{ line: 5, text: 'pulse admin person add --name "Cy Park"' }],
    });
    expect(page.errors).toEqual([
      'p.md:15: unknown docs-test directive "bogus" (known: skip, covered-by, background, exit, output, file, before, page keychain)',
    ]);
  });

  it('refuses exit N when the block ends with a compound command', () => {
    const page = parsePage(
      'p.md',
      ['<!-- docs-test: exit 1 -->', '```sh', 'if true; then', '  false', 'fi', '```'].join('\n'),
    );
    expect(buildScript(page, '', 8080).errors).toEqual([
      "p.md:2: exit 1: the block's last command must be a command of its own (the last line, with the lines it continues), not the end of a compound or here-document",
    ]);
  });

  it('matches ... inside a line and as lines of their own', () => {
    expect(matchOutput(['a ... c'], 'a b c\n')).toBeUndefined();
    expect(matchOutput(['first', '...', 'last'], 'first\nlast\n')).toBeUndefined();
    expect(matchOutput(['first', '...', 'last'], 'first\n1\n2\nlast\n')).toBeUndefined();
    expect(matchOutput(['first'], 'first\nmore\n')?.message).toBe(
      'the real output goes on after the shown output ends: "more"',
    );
    expect(matchOutput(['a', 'b'], 'a\n')?.message).toBe('the real output ended before the shown line "b"');
  });

  it('finds no process of a page that has ended', () => {
    expect(processesOf('no-such-session')).toEqual([]);
  });
});

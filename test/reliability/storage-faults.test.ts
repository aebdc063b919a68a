/**
 * A read-only store and a full disk, made for real: every command that writes says so in one line on
 * stderr naming the store, exits 1, and leaves the store sound (integrity_check) and exactly as it was
 * (storeChecksum).
 *
 * How the faults are made:
 * - Read-only: the file (0444) or its directory (0555, so no -wal or -shm beside it) is not writable.
 *   Root ignores permissions, so as root the command runs as the unprivileged user `nobody` (setpriv);
 *   otherwise as the test's own user.
 * - Full disk: the store is copied onto a 4 MB tmpfs filled up to its last 40 KB (room for the -shm
 *   file, none for a commit), mounted in a mount namespace of its own (`unshare -m`: root, or a kernel
 *   that lets users make one); the command runs there and the store is copied back to be examined. A
 *   real ENOSPC, which SQLite reports as SQLITE_FULL. Where nothing can be mounted the test is skipped
 *   (under CI it fails) rather than faked: RLIMIT_FSIZE (prlimit) was tried and is no full disk, since it limits each file, and a commit small
 *   enough still fits in the WAL.
 *
 * PULSE_SOAK=1 repeats every command five times.
 */
import { chmodSync, chownSync, copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, execPulse, initAnaAndBen, isolatedEnv, type Result } from '../helpers/cli.js';
import { storeChecksum } from '../helpers/store-checksum.js';
import { missingParts, NOBODY } from '../helpers/system-parts.js';
import { tempDir } from '../helpers/temp.js';
import { integrity, probe } from './store-probe.js';

const SOAK = process.env.PULSE_SOAK === '1';
/** Each test's limit: the soak runs run for minutes. */
const TIMEOUT_MS = SOAK ? 900_000 : 120_000;
const REPEAT = SOAK ? 5 : 1;
const asRoot = process.getuid?.() === 0;
const FREE_KB = 40;

let template: string;
let goalId: string;
let absencesFile: string;
const figures = { runs: 0, fullDiskBy: '' };
afterAll(() => {
  console.info(`storage-faults: ${JSON.stringify(figures)}`);
});

/** Every kind of write a person or an operator makes. */
const writes = (): string[][] => [
  ['checkin', '--date', '2026-11-20', '--previous', 'did #x', '--intentions', 'y', '--blockers', 'none'],
  ['absence', 'add', 'ben@example.com', '--date', '2030-01-02'],
  ['absence', 'import', absencesFile],
  ['goal', 'create', '--title', 'Another goal'],
  ['goal', 'update', 'create', goalId, '--title', 'step', '--progress', '40', '--body', 'b'],
  ['admin', 'person', 'add', '--name', 'Cy Park', '--email', 'cy@example.com'],
  ['admin', 'token', 'create', '--person', 'ana@example.com', '--name', 'laptop'],
];

/** A directory and a home that the user `nobody` can use (temp dirs are made 0700). */
function sharedDir(prefix: string): string {
  const dir = tempDir(prefix);
  chmodSync(dir, 0o777);
  return dir;
}

beforeAll(async () => {
  const dir = tempDir('pulse-template-');
  template = join(dir, 'pulse.db');
  const env = isolatedEnv();
  const local = (args: string[]) => execPulse(['--store', template, ...args], { env });
  await initAnaAndBen(local);
  goalId = JSON.parse((await local(['goal', 'create', '--title', 'Ship it', '--json'])).stdout).id;
  await local([
    'checkin',
    '--date',
    '2026-11-19',
    '--previous',
    'before',
    '--intentions',
    'x',
    '--blockers',
    'none',
  ]);
  // One file, no -wal beside it: the copies below are the whole store.
  probe(template, (db) => db.pragma('wal_checkpoint(TRUNCATE)'));
  absencesFile = join(sharedDir('pulse-input-'), 'absences.csv');
  writeFileSync(absencesFile, 'member,date\nben@example.com,2030-02-02\nben@example.com,2030-02-03\n');
  chmodSync(absencesFile, 0o644);
});

function expectRefused(result: Result, store: string, reason: RegExp): void {
  figures.runs++;
  expect(result.exitCode, result.stderr).toBe(1);
  // A store readable by others (the read-only file is 0444) is tightened first where pulse may, with
  // its one note (store/private-files.ts); then the refusal, in one line.
  const lines = result.stderr
    .trimEnd()
    .split('\n')
    .filter((line) => !/^pulse: made .* private to you/.test(line));
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toContain(`pulse: the store ${store} `);
  expect(lines[0]).toMatch(reason);
}

// As root the commands run as nobody (setpriv); where that cannot be done the tests skip, saying why.
describe.skipIf(await missingParts('setpriv'))('a read-only store', () => {
  const home = () => {
    const dir = sharedDir('pulse-home-');
    return { HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data'), TZ: 'UTC' };
  };
  /** The binary as a user whom file permissions bind. */
  const unprivileged = async (args: string[]): Promise<Result> => {
    const command = asRoot
      ? [
          'setpriv',
          '--reuid',
          String(NOBODY),
          '--regid',
          String(NOBODY),
          '--clear-groups',
          process.execPath,
          BIN,
        ]
      : [process.execPath, BIN];
    const result = await execa(command[0] as string, [...command.slice(1), ...args], {
      env: { ...home(), PATH: process.env.PATH ?? '' },
      extendEnv: false,
      reject: false,
      timeout: 60_000, // one run, on a loaded two-core machine
    });
    return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
  };

  it.each([
    ['the file is read-only', 'file'],
    ['its directory is read-only', 'directory'],
  ])(
    'refuses every write in one line, exit 1, and changes nothing when %s',
    async (_, which) => {
      const dir = sharedDir('pulse-readonly-');
      const store = join(dir, 'pulse.db');
      copyFileSync(template, store);
      if (which === 'file') {
        chmodSync(store, 0o444);
      } else {
        if (asRoot) chownSync(store, NOBODY, NOBODY);
        // Private already: a looser mode would be tightened on open, with a note (store/private-files.ts).
        chmodSync(store, 0o600);
        chmodSync(dir, 0o555);
      }
      // From the template: reading the copy as root would leave a -wal and -shm beside it, owned by the
      // file's owner (SQLite's rule for root), and a writable -wal makes the directory's mode moot.
      const before = storeChecksum(template);
      for (let time = 0; time < REPEAT; time++) {
        for (const args of writes()) {
          expectRefused(await unprivileged(['--store', store, ...args]), store, /is read-only/);
        }
      }
      expect(storeChecksum(store)).toBe(before);
      expect(integrity(store)).toBe('ok');
    },
    TIMEOUT_MS,
  );

  it(
    'cannot create a new store in a directory it may not write: one line, exit 1',
    async () => {
      const dir = sharedDir('pulse-readonly-');
      chmodSync(dir, 0o555);
      const store = join(dir, 'new.db');
      const result = await unprivileged([
        '--store',
        store,
        'init',
        '--name',
        'Ana Diaz',
        '--email',
        'ana@example.com',
      ]);
      expectRefused(result, store, /cannot be opened/);
    },
    TIMEOUT_MS,
  );
});

// Where no tmpfs can be mounted (no mount namespace for this user) the test skips, saying why; CI
// requires it (system-parts.ts).
const noTmpfs = await missingParts('tmpfs');
describe.skipIf(noTmpfs)('a full disk', () => {
  figures.fullDiskBy = noTmpfs ? 'skipped: no tmpfs' : 'tmpfs (ENOSPC)';

  /** Runs the binary on a copy of the template store on a full disk; the store as it was left. */
  const onFullDisk = async (args: string[]): Promise<{ result: Result; store: string; shown: string }> => {
    const env = isolatedEnv();
    const out = tempDir('pulse-full-');
    const mount = join(out, 'disk');
    mkdirSync(mount);
    const shown = join(mount, 'pulse.db');
    // Mounted in a mount namespace of its own, gone with it: the store is copied back out to be examined.
    const script = `set -e
      mount -t tmpfs -o size=4m tmpfs "$DISK"
      cp "$TEMPLATE" "$DISK/pulse.db"
      dd if=/dev/zero of="$DISK/filler" bs=4k 2> /dev/null || true
      truncate -s -${FREE_KB}K "$DISK/filler"
      set +e
      node "$BIN" --store "$DISK/pulse.db" "$@"
      code=$?
      cp "$DISK"/pulse.db* "$OUT/"
      exit $code`;
    const result = await execa('unshare', ['-m', 'bash', '-c', script, 'full-disk', ...args], {
      env: { ...env, DISK: mount, TEMPLATE: template, BIN, OUT: out, PATH: process.env.PATH ?? '' },
      extendEnv: false,
      reject: false,
      timeout: 60_000, // one run, on a loaded two-core machine
    });
    const summary = {
      exitCode: result.exitCode ?? -1,
      stdout: String(result.stdout),
      stderr: String(result.stderr),
    };
    return { result: summary, store: join(out, 'pulse.db'), shown };
  };

  it(
    'refuses every write in one line, exit 1, and leaves the store sound and unchanged',
    async () => {
      const before = storeChecksum(template);
      for (let time = 0; time < REPEAT; time++) {
        for (const args of writes()) {
          const { result, store, shown } = await onFullDisk(args);
          expectRefused(result, shown, /could not be written: the disk is full/);
          expect(integrity(store)).toBe('ok');
          expect(storeChecksum(store), `pulse ${args.join(' ')} changed the store`).toBe(before);
        }
      }
    },
    TIMEOUT_MS,
  );
});

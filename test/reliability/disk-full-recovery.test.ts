/**
 * A full disk heals when space returns: on a 2 MB tmpfs an absence import fills the disk and fails
 * partway, its --json report still says what it stored and why it stopped; the operator frees space and
 * the same import, run again, completes. The store is sound and holds every date once.
 *
 * The tmpfs is mounted in a mount namespace of its own (`unshare -m`: root, or a kernel that lets users
 * make one) and the store copied back out to be examined. Where nothing can be mounted the test is
 * skipped with the reason printed (under CI it fails, system-parts.ts); it is never faked.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, execPulse, initAnaAndBen, isolatedEnv } from '../helpers/cli.js';
import { missingParts } from '../helpers/system-parts.js';
import { tempDir } from '../helpers/temp.js';
import { days, integrity, probe, scalar } from './store-probe.js';

/** Dates in the import: each is a transaction of its own, so together they write far more WAL than the disk holds. */
const DATES = 400;
/** Room left on the disk before the first run: less than the import writes to the WAL. */
const FREE_KB = 600;

interface Run {
  exitCode: number;
  stdout: string;
  stderr: string;
}

interface Report {
  results: { date: string; outcome: string }[];
  summary: Record<string, number>;
  error?: string;
}

const figures: Record<string, unknown> = {};
afterAll(() => {
  console.info(`disk-full-recovery: ${JSON.stringify(figures)}`);
});

const noTmpfs = await missingParts('tmpfs');
describe.skipIf(noTmpfs)('a store on a disk that filled up', () => {
  it('reports what it stored when the disk fills, and completes once space is freed', async () => {
    const env = isolatedEnv();
    const out = tempDir('pulse-disk-full-');
    const template = join(out, 'template.db');
    await initAnaAndBen((args) => execPulse(['--store', template, ...args], { env }));
    probe(template, (db) => db.pragma('wal_checkpoint(TRUNCATE)'));
    const csv = join(out, 'absences.csv');
    const dates = days('2030-01-01', DATES);
    writeFileSync(csv, `member,date\n${dates.map((date) => `ben@example.com,${date}`).join('\n')}\n`);
    const mount = join(out, 'disk');
    mkdirSync(mount);

    // Each run's stdout, stderr and exit code go to files beside the store; the disk's free space
    // (df, KB) before each run and the second run's time are written out as figures.
    const script = `set -e
      mount -t tmpfs -o size=2m tmpfs "$DISK"
      cp "$OUT/template.db" "$DISK/pulse.db"
      dd if=/dev/zero of="$DISK/filler" bs=4k 2> /dev/null || true
      truncate -s -${FREE_KB}K "$DISK/filler"
      set +e
      run() {
        name=$1
        shift
        df -k --output=avail "$DISK" | tail -1 > "$OUT/$name.free"
        start=$(date +%s%N)
        node "$BIN" --store "$DISK/pulse.db" absence import "$CSV" "$@" > "$OUT/$name.out" 2> "$OUT/$name.err"
        echo $? > "$OUT/$name.code"
        echo $(( ($(date +%s%N) - start) / 1000000 )) > "$OUT/$name.ms"
      }
      run full --json
      run text
      rm "$DISK/filler"
      run freed --json
      cp "$DISK"/pulse.db* "$OUT/"`;
    const namespace = await execa('unshare', ['-m', 'bash', '-c', script], {
      env: { ...env, DISK: mount, BIN, OUT: out, CSV: csv, PATH: process.env.PATH ?? '' },
      extendEnv: false,
      reject: false,
      timeout: 110_000,
    });
    expect(namespace.exitCode, String(namespace.stderr)).toBe(0);
    const read = async (name: string): Promise<Run> => ({
      exitCode: Number((await readFile(join(out, `${name}.code`), 'utf8')).trim()),
      stdout: await readFile(join(out, `${name}.out`), 'utf8'),
      stderr: await readFile(join(out, `${name}.err`), 'utf8'),
    });
    const full = await read('full');
    const text = await read('text');
    const freed = await read('freed');

    // The first run stops on the full disk: exit 1, one line naming the store, and the report of what
    // it did before (it printed nothing at all before the fix).
    expect(full.exitCode, full.stderr).toBe(1);
    expect(full.stderr.trimEnd().split('\n').at(-1)).toBe(
      `pulse: the store ${join(mount, 'pulse.db')} could not be written: the disk is full`,
    );
    const stopped = JSON.parse(full.stdout) as Report;
    expect(stopped.error).toBe(`the store ${join(mount, 'pulse.db')} could not be written: the disk is full`);
    const storedFirst = stopped.results.filter((result) => result.outcome === 'created').length;
    expect(stopped.results.map((result) => result.outcome)).toEqual(Array(storedFirst).fill('created'));
    expect(stopped.summary.created).toBe(storedFirst);
    expect(storedFirst).toBeGreaterThan(0);
    expect(storedFirst).toBeLessThan(DATES);

    // Run again without --json on the still full disk: a line per date done, then the summary saying
    // the run stopped, then the error's line; exit 1.
    expect(text.exitCode, text.stderr).toBe(1);
    const lines = text.stdout.trimEnd().split('\n');
    expect(lines.slice(0, storedFirst).every((line) => line.endsWith('already set'))).toBe(true);
    const storedSecond = lines.filter((line) => line.endsWith('created')).length;
    expect(lines).toHaveLength(storedFirst + storedSecond);
    const left = DATES - lines.length;
    expect(text.stderr.trimEnd().split('\n').slice(-2)).toEqual([
      `${lines.length} dates: ${storedSecond > 0 ? `${storedSecond} created, ` : ''}${storedFirst} already set (stopped by the error below: ${left} dates not done)`,
      `pulse: the store ${join(mount, 'pulse.db')} could not be written: the disk is full`,
    ]);

    // Space freed, the same import completes: what the runs before stored is already set, the rest created.
    expect(freed.exitCode, freed.stderr).toBe(0);
    const completed = JSON.parse(freed.stdout) as Report;
    expect(completed.error).toBeUndefined();
    const stored = storedFirst + storedSecond;
    expect(completed.summary).toMatchObject({
      total: DATES,
      already_set: stored,
      created: DATES - stored,
      failed: 0,
    });

    const store = join(out, 'pulse.db');
    expect(integrity(store)).toBe('ok');
    expect(scalar<number>(store, 'SELECT count(*) FROM member_absences')).toBe(DATES);
    const kb = async (name: string) => Number((await readFile(join(out, name), 'utf8')).trim());
    figures.freeBeforeKb = await kb('full.free');
    figures.freeAfterFreeingKb = await kb('freed.free');
    figures.storedBeforeFull = storedFirst;
    figures.storedOnTheFullDiskAfter = storedSecond;
    figures.recoveryRunMs = await kb('freed.ms');
  });
});

/**
 * `checkin list --all` walks every check-in as a stream: the same text as the whole list printed at once,
 * rows in order with none repeated or skipped when the store changes mid-walk, remotely page by page,
 * at the pace of a slow reader, quietly ended by a reader that closes the pipe, and stopped by SIGTERM
 * and SIGINT with exit 143 and 130.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.js';
import type { CheckIn } from '../../src/core/types.js';
import { BIN, execPulse, isolatedEnv } from '../helpers/cli.js';
import { startServe } from '../helpers/serve-process.js';
import { openInstance } from '../helpers/store.js';
import { tempDir } from '../helpers/temp.js';

const env = isolatedEnv();
const store = join(tempDir('pulse-walk-'), 'pulse.db');
let administratorId = '';
let publicUrl = '';

const local = (args: string[]) => execPulse(['--store', store, ...args], { env });

/** Every check-in as the list's pages give them (50 a page), read through the core. */
async function pagedCheckIns(query: { since?: string } = {}): Promise<CheckIn[]> {
  const instance = await openInstance(store, { clock: systemClock, publicUrl });
  try {
    const service = instance.serviceFor(administratorId);
    const items: CheckIn[] = [];
    for (let page = 1; ; page++) {
      const result = await service.listCheckIns({ ...query, page, per_page: 50 });
      items.push(...result.items);
      if (!result.hasNext) return items;
    }
  } finally {
    await instance.close();
  }
}

beforeAll(async () => {
  // 100 people over 60 days: about 4,000 check-ins (400 KB of rows, more than the pipes between a
  // process and a reader that stopped reading hold), several batches of the walk, dozens of pages.
  const seeded = await local(['admin', 'seed', '--people', '100', '--days', '60', '--teams', '3']);
  expect(seeded.exitCode).toBe(0);
  administratorId = seeded.stdout.trim();
  // The links in a check-in name the store's public address, which a local run makes up the same way.
  const first = JSON.parse((await local(['checkin', 'list', '--limit', '1', '--json', 'url'])).stdout) as {
    url: string;
  }[];
  publicUrl = new URL(first[0]?.url ?? '').origin;
}, 120_000);

describe('checkin list --all, piped', () => {
  it('prints exactly the JSON array of the whole list, element by element', async () => {
    const expected = await pagedCheckIns();
    expect(expected.length).toBeGreaterThan(3_000);
    const all = await local(['checkin', 'list', '--all', '--json']);
    expect(all.exitCode).toBe(0);
    // (execPulse drops the last line break, as a shell's $(...) does.)
    expect(all.stdout).toBe(JSON.stringify(expected, null, 2));
    const fields = await local(['checkin', 'list', '--all', '--json', 'id,date']);
    expect(fields.stdout).toBe(
      JSON.stringify(
        expected.map(({ id, date }) => ({ id, date })),
        null,
        2,
      ),
    );
  }, 60_000);

  it('prints the rows --limit prints, one a line, in the list order', async () => {
    const expected = await pagedCheckIns();
    const all = await local(['checkin', 'list', '--all']);
    const limited = await local(['checkin', 'list', '--limit', String(expected.length)]);
    expect(all.exitCode).toBe(0);
    expect(all.stdout).toBe(limited.stdout);
    expect(all.stdout.split('\n').map((line) => line.split('\t')[0])).toEqual(
      expected.map((checkIn) => checkIn.id),
    );
  }, 60_000);

  it('prints [] for an empty list with --json, and nothing as rows', async () => {
    const json = await local(['checkin', 'list', '--all', '--json', '--since', '2099-01-01']);
    expect([json.exitCode, json.stdout]).toEqual([0, '[]']);
    const rows = await local(['checkin', 'list', '--all', '--since', '2099-01-01']);
    expect([rows.exitCode, rows.stdout]).toEqual([0, '']);
  }, 60_000);
});

describe('the walk while the store changes', () => {
  it('gives each check-in once, in order, when one already read is emptied mid-walk', async () => {
    const instance = await openInstance(store, { clock: systemClock, publicUrl });
    try {
      const service = instance.serviceFor(administratorId);
      const before = (await pagedCheckIns()).map((checkIn) => checkIn.id);
      const seen: string[] = [];
      for await (const batch of service.walkCheckIns()) {
        if (seen.length === 0) {
          // Emptied after it was read: a walk by offsets would now skip the first row of the next page.
          const read = batch[0];
          if (read === undefined) throw new Error('an empty batch');
          await service.clearCheckIn(read.id);
        }
        seen.push(...batch.map((checkIn) => checkIn.id));
      }
      expect(seen).toEqual(before);
    } finally {
      await instance.close();
    }
  }, 60_000);
});

describe('checkin list --all, remotely', () => {
  it('reads the v2 pages one after another and prints the same rows as locally', async () => {
    const token = (await local(['admin', 'token', 'create', '--person', 'admin@seed.example'])).stdout.trim();
    const server = await startServe(['--store', store], env);
    // The last 15 days: hundreds of check-ins, a dozen pages or more.
    const since = (await pagedCheckIns())[0]?.date.slice(0, 10) ?? '';
    const from = new Date(Date.parse(since) - 14 * 86_400_000).toISOString().slice(0, 10);
    const remote = await execPulse(['checkin', 'list', '--all', '--json', 'id', '--since', from], {
      env: isolatedEnv({ PULSE_BASE_URL: server.url, PULSE_TOKEN: token }),
    });
    expect(remote.exitCode).toBe(0);
    const expected = (await pagedCheckIns({ since: from })).map(({ id }) => ({ id }));
    expect(expected.length).toBeGreaterThan(500);
    expect(JSON.parse(remote.stdout)).toEqual(expected);
  }, 120_000);
});

type Walker = ChildProcessByStdio<null, Readable, Readable>;

/** `pulse checkin list --all ...` on the store, its output read only when asked (a slow reader). */
async function startWalk(args: string[]): Promise<{ child: Walker; exit: Promise<number | null> }> {
  const child = spawn(process.execPath, [BIN, '--store', store, 'checkin', 'list', '--all', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Started once the first rows are out; then nothing more is read, and the pipe fills.
  await new Promise((resolve) => child.stdout.once('data', resolve));
  child.stdout.pause();
  return { child, exit };
}

/** The exit code, or 'still running' when the process has not ended within a (generous) deadline. */
function endedWithin(exit: Promise<number | null>, ms: number): Promise<number | null | 'still running'> {
  return Promise.race([
    exit,
    new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), ms).unref()),
  ]);
}

describe('signals and a reader that stops', () => {
  it('ends with 143 on SIGTERM while waiting for a slow reader', async () => {
    const { child, exit } = await startWalk([]);
    child.kill('SIGTERM');
    const code = await endedWithin(exit, 10_000);
    if (code === 'still running') child.kill('SIGKILL');
    expect(code).toBe(143);
  }, 60_000);

  it('ends with 130 on SIGINT mid-walk with --json', async () => {
    const { child, exit } = await startWalk(['--json']);
    child.kill('SIGINT');
    const code = await endedWithin(exit, 10_000);
    if (code === 'still running') child.kill('SIGKILL');
    expect(code).toBe(130);
  }, 60_000);

  it('ends quietly with 0 when the reader closes the pipe (| head)', async () => {
    const { child, exit } = await startWalk([]);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.destroy();
    const code = await endedWithin(exit, 30_000);
    if (code === 'still running') child.kill('SIGKILL');
    expect([code, stderr]).toEqual([0, '']);
  }, 60_000);
});

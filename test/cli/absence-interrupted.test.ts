/**
 * A paced absence import against `pulse serve` (default v1 limits: a burst of 10, one a second), stopped
 * by SIGTERM as a job runner stops a job: it exits 130, and its JSON report on stdout says which dates
 * were done and which were not, so the next run finishes the job.
 */
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/core/time.js';
import { BIN, execPulse, isolatedEnv } from '../helpers/cli.js';
import { startServe } from '../helpers/serve-process.js';
import { tempDir } from '../helpers/temp.js';

describe('an import stopped by SIGTERM', () => {
  it('exits 130 with the dates done and not done in its JSON report; a re-run finishes the job', async () => {
    const env = isolatedEnv();
    const store = join(tempDir(), 'pulse.db');
    const local = (args: string[]) => execPulse(['--store', store, ...args], { env });
    expect(
      (await local(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core'])).exitCode,
    ).toBe(0);
    const server = await startServe(['--store', store], env);
    const [teamId, apiKey] = (await local(['admin', 'team', 'api-key', '--team', 'Core'])).stdout
      .trim()
      .split(' ');
    const client = isolatedEnv({
      PULSE_BASE_URL: server.url,
      PULSE_TEAM_ID: teamId ?? '',
      PULSE_API_KEY: apiKey ?? '',
    });

    // 30 dates: past the burst, the rest are paced at one a second.
    const first = addDays(new Date().toISOString().slice(0, 10), 30);
    const dates = Array.from({ length: 30 }, (_, n) => addDays(first, n));
    const csv = ['member,date', ...dates.map((date) => `ana@example.com,${date}`), ''].join('\n');
    const job = execa(process.execPath, [BIN, 'absence', 'import', '-', '--json'], {
      env: client,
      extendEnv: false,
      input: csv,
      reject: false,
    });
    // Stopped once it is being paced (a few seconds in), as a runner's timeout would.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    job.kill('SIGTERM');
    const stopped = await job;
    expect(stopped.exitCode).toBe(130);
    const report = JSON.parse(String(stopped.stdout)) as {
      results: { date: string; outcome: string }[];
      summary: { interrupted: boolean; not_done: { date: string }[] };
    };
    expect(report.summary.interrupted).toBe(true);
    expect(report.results.length).toBeGreaterThan(0);
    expect(report.summary.not_done.length).toBeGreaterThan(0);
    // Every date is reported exactly once, done or not done, in the file's order.
    expect([...report.results.map((r) => r.date), ...report.summary.not_done.map((d) => d.date)]).toEqual(
      dates,
    );
    expect(report.results.every((r) => r.outcome === 'created')).toBe(true);

    // The re-run sends only what was not done.
    const again = await execPulse(['absence', 'import', '-', '--json'], {
      env: client,
      input: csv,
      timeoutMs: 120_000,
    });
    expect(again.exitCode).toBe(0);
    const summary = (JSON.parse(again.stdout) as { summary: Record<string, unknown> }).summary;
    expect([summary.already_set, summary.created, summary.interrupted]).toEqual([
      report.results.length,
      report.summary.not_done.length,
      false,
    ]);
  }, 120_000);
});

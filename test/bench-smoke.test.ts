/** A short run of each benchmark, so they cannot rot; no timing is asserted (machines are noisy). */
import { execa } from 'execa';
import { expect, it } from 'vitest';

it('bench/startup runs and reports a ratio for every command', async () => {
  const result = await execa('node', ['bench/startup.mjs', '--quick'], { reject: false, timeout: 60_000 });
  // The only thing on stderr is the note of the status page's server as it stops.
  const stderr = result.stderr.replace(/^shutting down: .*\n?/m, '');
  expect([result.exitCode, stderr]).toEqual([0, '']);
  const commands = [
    "node -e ''",
    'pulse --version',
    'pulse --help',
    'pulse checkin list --json',
    'pulse goal list --json',
    'pulse status --check',
  ];
  for (const command of commands) {
    const row = result.stdout.split('\n').find((line) => line.startsWith(command));
    const ratio = Number(/ (\d+\.\d+)x /.exec(row ?? '')?.[1]);
    expect([command, ratio > 0]).toEqual([command, true]);
  }
});

it('bench/server runs both servers under load and reports the ratio', async () => {
  const result = await execa('node', ['bench/server.mjs', '--quick'], { reject: false, timeout: 60_000 });
  expect(result.exitCode, result.stderr).toBe(0);
  const ratio = Number(/ratio: (\d+\.\d+) of bare throughput/.exec(result.stdout)?.[1]);
  expect(ratio).toBeGreaterThan(0);
  for (const server of ['bare node:http', 'pulse serve']) {
    const row = result.stdout.split('\n').find((line) => line.startsWith(server)) ?? '';
    expect(row.split(/\s{2,}/)[4]).toBe('0');
  }
});

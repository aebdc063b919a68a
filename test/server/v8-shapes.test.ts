/**
 * `pulse serve` keeps process.nextTick on V8's fast path (src/server/v8-shapes.ts). nextTick builds
 * each tick as an object literal with symbol keys; if a full garbage collection frees the tick's shapes
 * while none is queued, V8 marks those keys megamorphic for good and every later tick is built through
 * the runtime (about 3 µs of a cached status answer: docs/performance.md).
 *
 * The state shows only in V8's own debug print (--allow-natives-syntax): a preload makes the served
 * process collect garbage four times at a quiet moment (no tick queued), queue ticks again, and print
 * nextTick's feedback. The control run makes the server's async hook inert, so no tick is held: there the
 * same steps leave the keys megamorphic, which shows the check can see the failure on this Node.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, execPulse, isolatedEnv } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const dir = tempDir('pulse-v8-shapes-');
const store = join(dir, 'pulse.db');
const env = isolatedEnv();

/** On SIGUSR2: four full collections from a timer, ticks queued again, then nextTick's feedback printed. */
const inspect = join(dir, 'inspect.cjs');
writeFileSync(
  inspect,
  `if (process.env.TICK_SHAPE_CONTROL) {
  const hooks = require('node:async_hooks');
  hooks.createHook = () => ({ enable() { return this; }, disable() { return this; } });
}
process.on('SIGUSR2', () => {
  setTimeout(() => {
    for (let i = 0; i < 4; i++) gc();
    for (let i = 0; i < 50; i++) process.nextTick(() => {}, i);
    setTimeout(() => {
      %DebugPrint(process.nextTick);
      console.log('--- printed');
    }, 20);
  }, 20);
});
`,
);

/** The states of nextTick's computed-key literal slots after a served process has aged. */
async function literalSlotStates(control: boolean): Promise<string[]> {
  const printed = join(dir, control ? 'control.out' : 'held.out');
  const output = openSync(printed, 'w');
  /** Waits (up to a minute on a loaded machine) until the output matches; the match. */
  const waitFor = async (pattern: RegExp): Promise<RegExpExecArray> => {
    for (let waited = 0; waited < 60_000; waited += 50) {
      const match = pattern.exec(readFileSync(printed, 'utf8'));
      if (match) return match;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(
      `no ${pattern} in the output of pulse serve: ${readFileSync(printed, 'utf8').slice(0, 2000)}`,
    );
  };
  const child = spawn(
    process.execPath,
    ['--allow-natives-syntax', '--expose-gc', '-r', inspect, BIN, '--store', store, 'serve', '--port', '0'],
    {
      env: { ...env, ...(control ? { TICK_SHAPE_CONTROL: '1' } : {}) },
      // The process's own file descriptor: V8 writes its print straight into the file.
      stdio: ['ignore', output, 'ignore'],
    },
  );
  const exited = once(child, 'exit');
  try {
    const [, url] = await waitFor(/^listening on (\S+)$/m);
    for (const path of ['/status/api/v1/status', '/status', '/status/badge.svg', '/status/api/v1/notices'])
      for (let i = 0; i < 20; i++) await (await fetch(`${url}${path}`)).arrayBuffer();
    child.kill('SIGUSR2');
    await waitFor(/^--- printed$/m);
    // V8's print may sit in C's buffer until the process exits.
    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    closeSync(output);
  }
  const seen = readFileSync(printed, 'utf8');
  const states = [...seen.matchAll(/slot #\d+ DefineKeyedOwnPropertyInLiteral (\w+)/g)].map(
    (match) => match[1] as string,
  );
  if (states.length === 0)
    throw new Error(`no literal slot in V8's print (${seen.length} bytes): ${seen.slice(0, 3000)}`);
  return states;
}

describe('pulse serve and process.nextTick', () => {
  it('keeps the shapes of ticks through full collections at a quiet moment', async () => {
    const init = await execPulse(
      ['--store', store, 'init', '--name', 'Ana Diaz', '--email', 'ana@example.com'],
      {
        env,
      },
    );
    expect(init.exitCode).toBe(0);

    const held = await literalSlotStates(false);
    // The literal's keys: its symbols and the fields after them (four on Node 20, five on 24).
    expect(held.length).toBeGreaterThanOrEqual(2);
    expect(held.every((state) => state === 'MONOMORPHIC')).toBe(true);

    const control = await literalSlotStates(true);
    expect(control.length).toBe(held.length);
    expect(control).toContain('MEGAMORPHIC');
  });
});

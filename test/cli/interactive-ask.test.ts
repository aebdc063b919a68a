/** `pulse ask` on a real pseudo-terminal: the question prompt, the spinner while waiting, the rendered answer. */
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { FAKE_ASK_ID, startFakeAsksServer } from '../helpers/asks-server.js';
import { BIN, execPulse, initAnaAndBen, isolatedEnv } from '../helpers/cli.js';
import { KEYS, spawnInTerminal } from '../helpers/pty.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
const pulse = async (args: string[]) => {
  const result = await execPulse(['--store', store, ...args], { env });
  expect(result.exitCode, result.stderr).toBe(0);
  return result;
};

beforeEach(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
});

it('asks for the question on a terminal and shows the answer rendered, links still visible', async () => {
  await initAnaAndBen((args) => execPulse(['--store', store, ...args], { env }));
  // A past date: the binary runs on the real clock.
  const fill = ['checkin', '--date', '2026-11-20', '--previous', 'the parser', '--intentions', 'tests'];
  const { id } = JSON.parse((await pulse([...fill, '--blockers', 'waiting on CI', '--json'])).stdout);
  await pulse(['--as', 'ben@example.com', ...fill, '--blockers', 'none']);

  const terminal = spawnInTerminal([BIN, '--store', store, 'ask'], { ...env, TERM: 'xterm-256color' });
  await terminal.answer('Your question:', `What blocked the team on 2026-11-20?${KEYS.enter}`);
  await terminal.waitFor('Sources');
  expect(await terminal.exited).toBe(0);
  const answer = terminal.output().slice(terminal.output().indexOf('1 of 2 people'));
  expect(answer).toMatch(/^1 of 2 people on Core reported blockers/);
  expect(answer).toContain('• Fri Nov 20: "waiting on CI" (1)');
  // The source is shown as the command that shows it, not its v2 address.
  expect(answer).toContain(`1. Ana Diaz's check-in for Nov 20, 2026 <pulse checkin view ${id}>`);
  expect(answer).not.toContain('/api/');
  expect(answer).not.toContain('### ');
  expect(answer).not.toContain('](');
});

it('shows a spinner on stderr while the deployment writes the answer, then the answer', async () => {
  const server = await startFakeAsksServer({
    answerAfter: 3,
    body: '## Done\n\n- waited for [CI](https://ci.example.com/1)',
  });
  const terminal = spawnInTerminal([BIN, 'ask', 'What blocked the team?'], {
    ...isolatedEnv({ PULSE_BASE_URL: server.url, PULSE_TOKEN: `service_pat_${'a'.repeat(43)}` }),
    TERM: 'xterm-256color',
  });
  await terminal.waitFor('Writing the answer…');
  await terminal.waitFor('waited for CI <https://ci.example.com/1>');
  expect(await terminal.exited).toBe(0);
  expect(terminal.output()).not.toContain('## ');
  expect(server.requests.filter((request) => request.startsWith('GET'))).toHaveLength(3);
});

it('stops waiting on Ctrl-C, naming the ask (exit 130)', async () => {
  const server = await startFakeAsksServer();
  const terminal = spawnInTerminal([BIN, 'ask', 'What blocked the team?'], {
    ...isolatedEnv({ PULSE_BASE_URL: server.url, PULSE_TOKEN: `service_pat_${'a'.repeat(43)}` }),
    TERM: 'xterm-256color',
  });
  await terminal.waitFor('Writing the answer…');
  terminal.type(KEYS.ctrlC);
  await terminal.waitFor(`stopped waiting for ask ${FAKE_ASK_ID}; see its answer later with pulse ask view`);
  expect(await terminal.exited).toBe(130);
});

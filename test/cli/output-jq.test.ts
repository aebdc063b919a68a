/** `--jq EXPR`: jq (jq-web) over the JSON output, after --json FIELDS; printed like `gh --jq`. */
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { execPulse, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
const pulse = (args: string[]) => runInProcess(['--store', store, ...args], { env });

beforeAll(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  await pulse(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com']);
  await pulse(['admin', 'person', 'add', '--name', 'Ben Okafor', '--email', 'ben@example.com']);
});

it('filters a list: strings raw, one result a line; other values compact JSON', async () => {
  const names = await pulse(['people', 'list', '--jq', '.[].name']);
  expect(names).toMatchObject({ exitCode: 0, stdout: 'Ana Diaz\nBen Okafor\n' });
  const objects = await pulse(['people', 'list', '--jq', '.[] | {name, administrator}']);
  expect(objects.stdout).toBe(
    '{"name":"Ana Diaz","administrator":true}\n{"name":"Ben Okafor","administrator":false}\n',
  );
  expect((await pulse(['people', 'list', '--jq', 'length'])).stdout).toBe('2\n');
});

it('a filter that yields nothing prints nothing and succeeds, as jq does', async () => {
  const none = await pulse([
    'people',
    'list',
    '--jq',
    '.[] | select(.administrator) | select(.name == "Nobody")',
  ]);
  expect(none).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
  const emptyList = await pulse(['goal', 'list', '--jq', '.[]']);
  expect(emptyList).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
});

it('runs after --json FIELDS', async () => {
  const result = await pulse(['people', 'list', '--json', 'email', '--jq', '.[0] | keys']);
  expect(result.stdout).toBe('["email"]\n');
});

it('a syntax error is a usage error with jq own message, before the command runs', async () => {
  const result = await pulse(['people', 'list', '--jq', '.[] |']);
  expect(result.exitCode).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(/^pulse: --jq: syntax error, unexpected end of file/);
});

it('an error while running the filter fails with exit 1', async () => {
  const result = await pulse(['people', 'list', '--jq', '.[0].name | .nope']);
  expect(result.exitCode).toBe(1);
  expect(result.stderr).toContain('--jq: Cannot index string with string "nope"');
});

it('the real binary loads jq from node_modules', async () => {
  const result = await execPulse(['--store', store, 'me', '--jq', '.email'], { env });
  expect(result).toMatchObject({ exitCode: 0, stdout: 'ana@example.com' });
});

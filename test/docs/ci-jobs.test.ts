/**
 * The CI jobs of docs/guide/status.md ("A CI gate"), run as their runners would run them: each job's
 * `run:` (GitHub Actions) or `script:` (GitLab CI) lines, in order, as one bash script with `set -e`,
 * against a real `pulse serve` whose page the test puts in each state. The lines that install pulse are
 * left out (the built binary is on PATH); ./deploy.sh and ./smoke-test.sh are stubs that say they ran.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BIN, execPulse, isolatedEnv } from '../helpers/cli.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';
import { tempDir } from '../helpers/temp.js';

const PAGE = resolve(import.meta.dirname, '../../docs/guide/status.md');

/** The YAML block right after the heading `### {heading}` of the page. */
function yamlAfter(heading: string): unknown {
  const text = readFileSync(PAGE, 'utf8');
  const at = text.indexOf(`### ${heading}\n`);
  if (at < 0) throw new Error(`status.md has no "### ${heading}"`);
  const block = /```yaml\n([\s\S]*?)```/.exec(text.slice(at));
  if (!block) throw new Error(`no yaml block under "### ${heading}"`);
  return parse(block[1] as string);
}

const installsPulse = (line: string) => line.includes('npm install --global');

/** A GitHub Actions job's `run:` steps, in order. */
function githubJob(workflow: unknown, name: string): { env: Record<string, string>; lines: string[] } {
  const job = (
    workflow as { jobs: Record<string, { env?: Record<string, string>; steps: { run?: string }[] }> }
  ).jobs[name];
  if (!job) throw new Error(`no job ${name}`);
  const lines = job.steps.flatMap((step) => (step.run === undefined ? [] : [step.run.trim()]));
  return { env: job.env ?? {}, lines: lines.filter((line) => !installsPulse(line)) };
}

/** A GitLab CI job's `before_script:` and `script:` lines, in order, with the file's variables. */
function gitlabJob(pipeline: unknown, name: string): { env: Record<string, string>; lines: string[] } {
  const file = pipeline as Record<string, { before_script?: string[]; script?: string[] }> & {
    variables?: Record<string, string>;
  };
  const job = file[name];
  if (!job) throw new Error(`no job ${name}`);
  const lines = [...(job.before_script ?? []), ...(job.script ?? [])];
  return { env: file.variables ?? {}, lines: lines.filter((line) => !installsPulse(line)) };
}

const serverEnv = isolatedEnv();
const store = join(tempDir(), 'ci.db');
let served: ServeProcess;
const work = tempDir('pulse-ci-job-');
const bin = join(work, 'bin');

/** Sets the page's state on the store's machine. */
async function admin(args: string[]): Promise<void> {
  const result = await execPulse(['--store', store, 'admin', 'status', ...args], { env: serverEnv });
  expect([args, result.exitCode, result.stderr]).toEqual([args, 0, result.stderr]);
}

/** Puts the page's two components in these states (each test starts from its own). */
async function page(api: string, website: string): Promise<void> {
  await admin(['component', 'set', 'API', '--state', api]);
  await admin(['component', 'set', 'Website', '--state', website]);
}

/** Runs a job's lines as its runner would (bash, stopping at the first failure) in a fresh directory. */
async function runJob(job: { env: Record<string, string>; lines: string[] }) {
  const dir = tempDir('pulse-ci-run-');
  for (const stub of ['deploy.sh', 'smoke-test.sh']) {
    writeFileSync(join(dir, stub), `#!/bin/sh\necho "${stub} ran"\n`);
    chmodSync(join(dir, stub), 0o755);
  }
  const result = await execa('bash', ['-e', '-c', job.lines.join('\n')], {
    cwd: dir,
    env: {
      ...isolatedEnv(),
      ...job.env,
      // The documented host is a placeholder: the served store stands in for it.
      PULSE_STATUS_URL: `${served.url}/status`,
      PATH: `${bin}:${process.env.PATH}`,
    },
    extendEnv: false,
    reject: false,
    timeout: 120_000,
  });
  return { exitCode: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr) };
}

beforeAll(async () => {
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'pulse'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'pulse'), 0o755);
  const init = await execPulse(
    ['--store', store, 'init', '--name', 'Ana Diaz', '--email', 'ana@example.com'],
    {
      env: serverEnv,
    },
  );
  expect(init.exitCode).toBe(0);
  await admin(['component', 'add', '--name', 'API']);
  await admin(['component', 'add', '--name', 'Website']);
  served = await startServe(['--store', store], serverEnv, ['--status-rate-limit', 'off']);
}, 120_000);

describe('the GitHub Actions job of docs/guide/status.md', () => {
  const job = () => githubJob(yamlAfter('GitHub Actions'), 'deploy');

  it('is the documented steps: the gate, the deploy, the wait, the smoke test', () => {
    expect(job().lines).toEqual([
      'pulse status --check',
      './deploy.sh',
      'pulse status wait --for operational --timeout 30m --interval 30s',
      './smoke-test.sh',
    ]);
  });

  it('deploys and smoke-tests while the page is operational', async () => {
    await page('operational', 'operational');
    const result = await runJob(job());
    expect(result).toEqual({
      exitCode: 0,
      stdout: 'operational\ndeploy.sh ran\noperational\nsmoke-test.sh ran',
      stderr: expect.stringMatching(
        /^pulse: status is operational at \d\d:\d\d:\d\d UTC; waiting up to 30m for operational$/,
      ),
    });
  }, 120_000);

  it('stops before deploying while the page is degraded (exit 8)', async () => {
    await page('operational', 'degraded');
    const result = await runJob(job());
    expect(result).toEqual({ exitCode: 8, stdout: 'degraded', stderr: 'component 2 Website: degraded' });
  }, 120_000);
});

describe('the GitLab CI jobs of docs/guide/status.md', () => {
  const pipeline = () => yamlAfter('GitLab CI');

  it('deploy: a degraded page still deploys; maintenance of the API stops it (exit 9)', async () => {
    await page('degraded', 'operational');
    const degraded = await runJob(gitlabJob(pipeline(), 'deploy'));
    expect(degraded).toEqual({
      exitCode: 0,
      stdout: 'degraded\ndeploy.sh ran',
      stderr: 'component 1 API: degraded',
    });

    await page('under_maintenance', 'operational');
    const maintenance = await runJob(gitlabJob(pipeline(), 'deploy'));
    expect(maintenance).toEqual({
      exitCode: 9,
      stdout: 'under_maintenance',
      stderr: 'component 1 API: under_maintenance',
    });
  }, 120_000);

  it('smoke-test: waits for operational, then runs the smoke test', async () => {
    await page('operational', 'operational');
    const result = await runJob(gitlabJob(pipeline(), 'smoke-test'));
    expect(result).toEqual({
      exitCode: 0,
      stdout: 'operational\nsmoke-test.sh ran',
      stderr: expect.stringMatching(
        /^pulse: status is operational at \d\d:\d\d:\d\d UTC; waiting up to 20m for operational$/,
      ),
    });
  }, 120_000);
});

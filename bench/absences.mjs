// Absence import benchmark: an HR job's nightly CSV (30 people x 25 dates, 750) imported with the real
// binary against a real `pulse serve` with its default limits (a team key: bursts of 10, one a second),
// then imported again unchanged. The first run is paced by the server's limit, so it takes about a second
// a date; what matters is that no 429 reaches the user (exit 0, no rate-limit line on stderr, no failed
// date). The re-run reads what is set (paged lists of 500) and sends nothing: target under 5 s.
//   node bench/absences.mjs [--people N] [--dates N] [--quick]
// --quick (3 people x 4 dates) is the CI smoke run. Timings never fail the run; a run that exits non-zero,
// prints a rate-limit line, or does not report every date as created (then already set) does.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, isolatedEnv, machineLine, options, printTable, pulse, startServer, stopAll } from './lib.mjs';

const option = options();
const quick = option.has('--quick');
const people = option.number('--people', quick ? 3 : 30);
const dates = option.number('--dates', quick ? 4 : 25);
const TARGET_RERUN_SECONDS = 5;
/** The default v1 limit's burst, refilled at one a second, and a second to spare. */
const bucketRefilled = () => new Promise((resolve) => setTimeout(resolve, 11_000));

const { dir, env, cleanup } = isolatedEnv('pulse-bench-absences-');
const store = join(dir, 'bench.db');
const children = [];

const onSignal = () => {
  stopAll(children).finally(() => {
    cleanup();
    process.exit(130);
  });
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

/** Runs the binary as a job would (no terminal), timing it; resolves { seconds, exitCode, stdout, stderr }. */
function timedRun(argv, runEnv) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, ...argv], { env: runEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (exitCode) =>
      resolve({ seconds: (performance.now() - started) / 1000, exitCode, stdout, stderr }),
    );
  });
}

/** What a run must have done: every date with this outcome, exit 0, and nothing said about pacing. */
function check(name, run, outcome, count) {
  const lines = run.stdout.trimEnd().split('\n').filter(Boolean);
  const others = lines.filter((line) => !line.endsWith(`  ${outcome}`));
  const problems = [];
  if (run.exitCode !== 0) problems.push(`exit ${run.exitCode}`);
  if (/rate limited/.test(run.stderr)) problems.push('a rate-limit line reached stderr');
  if (lines.length !== count) problems.push(`${lines.length} dates reported, not ${count}`);
  if (others.length > 0) problems.push(`${others.length} dates not ${outcome}, e.g. ${others[0]}`);
  if (problems.length > 0) throw new Error(`${name}: ${problems.join('; ')}\nstderr: ${run.stderr}`);
}

try {
  // One team of `people` members (the seeder's people are all in its one team), and the team's v1 key.
  pulse(env, ['--store', store, 'admin', 'seed', '--people', String(people), '--days', '1', '--teams', '1']);
  const local = (argv) => pulse(env, ['--store', store, '--as', 'admin@seed.example', ...argv]);
  const [team] = JSON.parse(local(['team', 'list', '--json', 'name']));
  const members = JSON.parse(local(['team', 'members', '--json', 'user'])).map((member) => member.user.email);
  if (members.length < people)
    throw new Error(`the seeded team has ${members.length} members, not ${people}`);
  const [teamId, apiKey] = pulse(env, [
    '--store',
    store,
    'admin',
    'team',
    'api-key',
    '--team',
    team.name,
  ]).split(/\s+/);

  // Dates from a month ahead, so that none is in the past whenever the bench runs.
  const first = new Date(Date.now() + 30 * 86_400_000);
  const days = Array.from({ length: dates }, (_, day) =>
    new Date(first.getTime() + day * 86_400_000).toISOString().slice(0, 10),
  );
  const csv = join(dir, 'time-off.csv');
  writeFileSync(
    csv,
    `member,date\n${members
      .slice(0, people)
      .flatMap((email) => days.map((date) => `${email},${date}`))
      .join('\n')}\n`,
  );

  const { url } = await startServer([bin, '--store', store, 'serve', '--port', '0'], env, children, {
    dropStderr: /^shutting down: /,
  });
  const client = { ...env, PULSE_BASE_URL: url, PULSE_TEAM_ID: teamId, PULSE_API_KEY: apiKey };
  const total = people * dates;
  const firstRun = await timedRun(['absence', 'import', csv], client);
  check('first run', firstRun, 'created', total);
  // A nightly re-run finds the key's requests refilled (a burst of 10 at one a second): wait as long.
  await bucketRefilled();
  const reRun = await timedRun(['absence', 'import', csv], client);
  check('re-run', reRun, 'already set', total);
  await bucketRefilled();
  const dry = await timedRun(['absence', 'import', csv, '--dry-run'], client);
  check('dry run', dry, 'already set', total);

  console.log(
    `absence import of ${people} people x ${dates} dates (${total}) against pulse serve, default limits`,
  );
  console.log(machineLine());
  printTable([
    ['run', 'seconds', 'per date', 'exit', '429 lines'],
    [
      'first (created)',
      firstRun.seconds.toFixed(1),
      `${((firstRun.seconds / total) * 1000).toFixed(0)} ms`,
      '0',
      '0',
    ],
    [
      're-run (already set)',
      reRun.seconds.toFixed(2),
      `${((reRun.seconds / total) * 1000).toFixed(1)} ms`,
      '0',
      '0',
    ],
    ['dry run', dry.seconds.toFixed(2), `${((dry.seconds / total) * 1000).toFixed(1)} ms`, '0', '0'],
  ]);
  console.log(
    `re-run: ${reRun.seconds.toFixed(2)} s (target < ${TARGET_RERUN_SECONDS} s: ${reRun.seconds < TARGET_RERUN_SECONDS ? 'met' : 'MISSED'}); ratio to the first run: ${(reRun.seconds / firstRun.seconds).toFixed(4)}x`,
  );
} finally {
  await stopAll(children);
  cleanup();
}

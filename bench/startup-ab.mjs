// Start-up A/B: the same commands from two builds of pulse, this checkout's (B) and another's (A, e.g. a
// worktree of the commit before a change), interleaved so that machine noise hits both alike: each round
// runs every command once from each build, in alternating order (A then B, then B then A). Prints each
// command's median for A and B, their ratio, and the median of the rounds' B/A ratios.
//   git worktree add --detach ../baseline COMMIT && ln -s "$PWD/node_modules" ../baseline/node_modules
//   (cd ../baseline && npm run build) && npm run build
//   node bench/startup-ab.mjs --baseline ../baseline [--rounds N] [--warmups N] [--quick]
// Both builds read the same stores: the lists the store of bench/startup.mjs (about 1,000,000 check-ins,
// reused from pulse-bench-stores/ under the temporary directory), `status --check` the status page of a
// `pulse serve` (this checkout's) on a small store. --quick (3 rounds, the small store for everything)
// is a smoke run; its figures mean nothing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  bin,
  isolatedEnv,
  machineLine,
  options,
  percentile,
  printTable,
  seededStore,
  seedStore,
  startServer,
  stopAll,
} from './lib.mjs';

const argv = process.argv.slice(2);
const option = options(argv);
const baselineIndex = argv.indexOf('--baseline');
const baselineDir = baselineIndex === -1 ? undefined : argv[baselineIndex + 1];
if (baselineDir === undefined || !existsSync(join(baselineDir, 'bin', 'pulse.js'))) {
  console.error('usage: node bench/startup-ab.mjs --baseline DIR [--rounds N] [--warmups N] [--quick]');
  console.error('DIR: a checkout of pulse with its dist/ built (npm run build there)');
  process.exit(2);
}
const quick = option.has('--quick');
const rounds = option.number('--rounds', quick ? 3 : 30);
const warmups = option.number('--warmups', quick ? 1 : 3);
const BIG = { people: 2000, days: 730, teams: 20, seed: 1 };
const SMALL = { people: 50, days: 10, teams: 1, seed: 1 };
const builds = { A: join(resolve(baselineDir), 'bin', 'pulse.js'), B: bin };

const { dir, env, cleanup } = isolatedEnv('pulse-bench-startup-ab-');
const children = [];

/** Runs one process to completion and returns its wall time in ms; a non-zero exit fails the run. */
function time(args) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0)
    throw new Error(`node ${args.join(' ')} failed (${result.status ?? result.signal}): ${result.stderr}`);
  return ms;
}

try {
  const small = join(dir, 'small.db');
  seedStore(env, small, SMALL);
  const store = quick ? small : seededStore(BIG).path;
  const { url } = await startServer(
    [bin, '--store', small, 'serve', '--port', '0', '--status-rate-limit', 'off'],
    env,
    children,
    { dropStderr: /^shutting down: / },
  );
  const commands = [
    { name: 'status --check', args: ['status', '--check', '--status-url', `${url}/status`] },
    { name: 'checkin list --json', args: ['--store', store, 'checkin', 'list', '--json'] },
    { name: 'goal list --json', args: ['--store', store, 'goal', 'list', '--json'] },
    { name: '--version', args: ['--version'] },
    { name: '--help', args: ['--help'] },
  ];

  console.log(machineLine());
  console.log(`A: ${builds.A}\nB: ${builds.B}`);
  console.log(`rounds: ${rounds} after ${warmups} warm-up, each command from A and B in alternating order\n`);
  const run = (build, command) => time([builds[build], ...command.args]);
  for (let i = 0; i < warmups; i++)
    for (const command of commands) for (const build of ['A', 'B']) run(build, command);
  const samples = commands.map(() => ({ A: [], B: [], ratios: [] }));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
    for (const [index, command] of commands.entries()) {
      const ms = {};
      for (const build of order) ms[build] = run(build, command);
      samples[index].A.push(ms.A);
      samples[index].B.push(ms.B);
      samples[index].ratios.push(ms.B / ms.A);
    }
  }
  const rows = commands.map((command, index) => {
    const { A, B, ratios } = samples[index];
    const medianA = percentile(A, 50);
    const medianB = percentile(B, 50);
    return [
      `pulse ${command.name}`,
      medianA.toFixed(1),
      medianB.toFixed(1),
      (medianB / medianA).toFixed(3),
      percentile(ratios, 50).toFixed(3),
    ];
  });
  printTable([['command', 'A median ms', 'B median ms', 'B/A', 'median of round B/A'], ...rows]);
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await stopAll(children);
  cleanup();
}

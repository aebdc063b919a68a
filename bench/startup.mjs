// Start-up benchmark (issue 8): whole `pulse` processes against bare `node -e ''`, measured in the same
// run and interleaved round-robin so machine noise hits every command alike. Prints the median, p90,
// ratio to bare Node and the target of each command.
//   node bench/startup.mjs [--runs N] [--warmups N] [--quick] [--baseline DIR]
// The lists read a store of about 1,000,000 check-ins (`pulse admin seed --people 2000 --days 730
// --teams 20 --seed 1`, ~50 s and 1.3 GB), kept under the temporary directory (pulse-bench-stores/, by
// bench/lib.mjs seededStore) and reused; `pulse status --check` reads the status page of `pulse serve`
// on a small store.
// --baseline DIR compares this checkout's build (B) with another's (A: DIR, a checkout with its dist/
// built, e.g. a worktree of the commit before a change) instead: each round runs every command once from
// each build, in alternating order (A then B, then B then A), and it prints each command's median wall
// time and CPU time (user + system) for A and B, and their ratios. Both builds read the same stores.
//   git worktree add --detach ../baseline COMMIT && ln -s "$PWD/node_modules" ../baseline/node_modules
//   (cd ../baseline && npm run build) && npm run build && node bench/startup.mjs --baseline ../baseline --runs 30
// --quick (3 runs after 1 warm-up, one small store for everything) is the CI smoke run; its figures
// mean nothing.
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
const quick = option.has('--quick');
const baselineDir = argv.includes('--baseline') ? argv[argv.indexOf('--baseline') + 1] : undefined;
if (baselineDir !== undefined && !existsSync(join(baselineDir, 'bin', 'pulse.js'))) {
  console.error(`--baseline ${baselineDir}: not a checkout of pulse (no bin/pulse.js)`);
  process.exit(2);
}
const runs = option.number('--runs', quick ? 3 : 15);
const warmups = option.number('--warmups', quick ? 1 : 3);
const BIG = { people: 2000, days: 730, teams: 20, seed: 1 };
const SMALL = { people: 50, days: 10, teams: 1, seed: 1 };

const { dir, env, cleanup } = isolatedEnv('pulse-bench-startup-');
const children = [];

/** Runs one process to completion and returns its wall time in ms; an exit not in `ok` fails the run. */
function time(argv, ok = [0]) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, argv, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (!ok.includes(result.status))
    throw new Error(`node ${argv.join(' ')} failed (${result.status ?? result.signal}): ${result.stderr}`);
  return ms;
}

try {
  const small = join(dir, 'small.db');
  seedStore(env, small, SMALL);
  let store = small;
  if (!quick) {
    console.log(
      `store: ${BIG.people} people, ${BIG.days} days, ${BIG.teams} teams, seed ${BIG.seed} (seeding takes about a minute, once)`,
    );
    const big = seededStore(BIG);
    store = big.path;
    console.log(
      big.reused
        ? `reused ${store} (seeded on ${big.seededOn}, ${big.checkIns.toLocaleString('en')} check-ins)`
        : `seeded ${store} in ${big.seconds.toFixed(0)} s (${big.checkIns.toLocaleString('en')} check-ins; kept for next time)`,
    );
  }
  const { url } = await startServer(
    [bin, '--store', small, 'serve', '--port', '0', '--status-rate-limit', 'off'],
    env,
    children,
    { dropStderr: /^shutting down: / },
  );

  const commands = [
    { name: "node -e ''", argv: ['-e', ''], target: null },
    { name: 'pulse --version', argv: [bin, '--version'], target: 1.2 },
    { name: 'pulse --help', argv: [bin, '--help'], target: 1.3 },
    {
      name: 'pulse checkin list --json',
      argv: [bin, '--store', store, 'checkin', 'list', '--json'],
      target: 1.8,
    },
    { name: 'pulse goal list --json', argv: [bin, '--store', store, 'goal', 'list', '--json'], target: 1.8 },
    // A shell prompt may ask at every line.
    // Exits 1 while the check-in is due.
    { name: 'pulse checkin due', argv: [bin, '--store', store, 'checkin', 'due'], target: 1.8, ok: [0, 1] },
    {
      name: 'pulse status --check',
      argv: [bin, 'status', '--check', '--status-url', `${url}/status`],
      target: 2,
    },
  ];

  console.log(machineLine());
  if (baselineDir === undefined) againstNode(commands);
  else againstBaseline(commands.slice(1), join(resolve(baselineDir), 'bin', 'pulse.js'));
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await stopAll(children);
  cleanup();
}

/** Each command's median, p90 and ratio to bare Node (the first command), and its target. */
function againstNode(commands) {
  console.log(`runs: ${runs} of each command after ${warmups} warm-up, interleaved round-robin\n`);
  for (let i = 0; i < warmups; i++) for (const command of commands) time(command.argv, command.ok);
  const samples = commands.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [index, command] of commands.entries()) samples[index].push(time(command.argv, command.ok));
  }

  const baseline = percentile(samples[0], 50);
  const rows = commands.map((command, index) => {
    const median = percentile(samples[index], 50);
    const ratio = median / baseline;
    return [
      command.name,
      median.toFixed(1),
      percentile(samples[index], 90).toFixed(1),
      `${ratio.toFixed(2)}x`,
      command.target ? `${command.target}x` : '-',
      command.target ? (ratio <= command.target ? 'met' : 'over') : 'baseline',
    ];
  });
  printTable([['command', 'median ms', 'p90 ms', 'ratio', 'target', 'result'], ...rows]);
}

/**
 * Runs one process under bash and returns its wall time and CPU time (user + system, from bash's
 * `times`, to the millisecond) in ms: on a loaded machine the CPU time is the steadier figure.
 */
function timeWithCpu(argv, ok = [0]) {
  const started = process.hrtime.bigint();
  const script = '"$@" >/dev/null; status=$?; times; exit $status';
  const result = spawnSync('bash', ['-c', script, 'bash', process.execPath, ...argv], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  if (!ok.includes(result.status))
    throw new Error(`node ${argv.join(' ')} failed (${result.status ?? result.signal}): ${result.stderr}`);
  // The second line of `times`: the children's user and system time, as 0m0.046s 0m0.023s.
  const children = result.stdout.trim().split('\n').at(-1) ?? '';
  const cpu = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (sum, [, minutes, seconds]) => sum + Number(minutes) * 60_000 + Number(seconds) * 1000,
    0,
  );
  return { wall, cpu };
}

/** Each command from the baseline's build (A) and this checkout's (B), alternating: medians and ratios. */
function againstBaseline(commands, baselineBin) {
  console.log(`A: ${baselineBin}\nB: ${bin}`);
  console.log(`runs: ${runs} of each command from A and B after ${warmups} warm-up, in alternating order\n`);
  const from = (build, argv) => (build === 'A' ? [baselineBin, ...argv.slice(1)] : argv);
  for (let i = 0; i < warmups; i++)
    for (const command of commands)
      for (const build of ['A', 'B']) timeWithCpu(from(build, command.argv), command.ok);
  const samples = commands.map(() => ({ A: { wall: [], cpu: [] }, B: { wall: [], cpu: [] } }));
  for (let i = 0; i < runs; i++) {
    for (const [index, command] of commands.entries()) {
      for (const build of i % 2 === 0 ? ['A', 'B'] : ['B', 'A']) {
        const { wall, cpu } = timeWithCpu(from(build, command.argv), command.ok);
        samples[index][build].wall.push(wall);
        samples[index][build].cpu.push(cpu);
      }
    }
  }
  const rows = commands.map((command, index) => {
    const { A, B } = samples[index];
    const cells = [];
    for (const kind of ['wall', 'cpu']) {
      const [medianA, medianB] = [percentile(A[kind], 50), percentile(B[kind], 50)];
      cells.push(medianA.toFixed(1), medianB.toFixed(1), `${(medianB / medianA).toFixed(3)}x`);
    }
    return [command.name, ...cells];
  });
  printTable([['command', 'A wall ms', 'B wall ms', 'B/A wall', 'A CPU ms', 'B CPU ms', 'B/A CPU'], ...rows]);
}

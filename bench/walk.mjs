// Walking everything: `pulse checkin list --all` piped (TSV, then --json) on stores of about 100,000
// and 1,000,000 check-ins (`pulse admin seed`: 200 people in 2 teams and 2,000 in 20, two years), each
// read by this process as fast as it can. Reports seconds (wall and CPU), peak memory (/usr/bin/time's
// maximum resident set), rows per second and the 1M/100k ratio of each (linear: about 10). Targets at
// 1M: under 60 s and under 150 MB. No time is asserted.
//   node bench/walk.mjs [--quick]
// --quick (stores of 20 and 200 people over 60 days) is the CI smoke run.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { bin, isolatedEnv, machineLine, options, printTable, seededStore } from './lib.mjs';

const flags = options();
const quick = flags.has('--quick');
const days = quick ? 60 : 730;
const STORES = [
  { label: quick ? 'small' : '100k', spec: { people: quick ? 20 : 200, days, teams: 2 } },
  { label: quick ? 'large' : '1M', spec: { people: quick ? 200 : 2_000, days, teams: quick ? 2 : 20 } },
];
const FORMATS = [
  { label: 'TSV', args: [] },
  { label: '--json', args: ['--json'] },
];
const TARGET_SECONDS = 60;
const TARGET_MB = 150;
const TIME = '/usr/bin/time';

/**
 * Runs the walk with its stdout read here, counting lines; with /usr/bin/time (when present) for the
 * peak memory and CPU time. Resolves { seconds, cpu, peakMb, lines }.
 */
function walk(env, store, args) {
  const argv = [process.execPath, bin, '--store', store, 'checkin', 'list', '--all', ...args];
  const timed = existsSync(TIME);
  const started = performance.now();
  const child = timed
    ? spawn(TIME, ['-f', 'pulse-walk-peak %M %U %S', ...argv], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(argv[0], argv.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let lines = 0;
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  });
  child.stderr.setEncoding('utf8').on('data', (text) => {
    stderr += text;
  });
  return new Promise((resolve, reject) => {
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const measured = /pulse-walk-peak (\d+) ([\d.]+) ([\d.]+)/.exec(stderr);
      const rest = stderr
        .replace(/.*pulse-walk-peak.*\n?/, '')
        .replace(/^pulse: made .* private to you.*\n/m, '');
      if (code !== 0 || rest.trim()) return reject(new Error(`the walk failed (${code}): ${rest}`));
      resolve({
        seconds,
        cpu: measured ? Number(measured[2]) + Number(measured[3]) : Number.NaN,
        peakMb: measured ? Number(measured[1]) / 1024 : Number.NaN,
        lines,
      });
    });
  });
}

const { env, cleanup } = isolatedEnv('pulse-bench-walk-');
try {
  console.log(machineLine());
  const results = [];
  for (const { label, spec } of STORES) {
    const store = seededStore(spec);
    console.log(
      `store ${label}: ${store.checkIns.toLocaleString('en')} check-ins (--people ${spec.people} --days ${spec.days} --teams ${spec.teams}${store.reused ? ', reused' : ''})`,
    );
    for (const format of FORMATS) {
      const run = await walk(env, store.path, format.args);
      if (format.label === 'TSV' && run.lines !== store.checkIns)
        throw new Error(`the walk printed ${run.lines} rows of ${store.checkIns} check-ins`);
      results.push({ store: label, checkIns: store.checkIns, format: format.label, ...run });
    }
  }
  console.log('');
  const fixed = (value, digits) => (Number.isNaN(value) ? 'n/a' : value.toFixed(digits));
  const rows = [
    ['store', 'format', 'check-ins', 'wall s', 'cpu s', 'peak MB', 'rows/s (cpu)', 'ratio to smaller'],
  ];
  for (const result of results) {
    const smaller = results.find(
      (other) => other.format === result.format && other.store === STORES[0].label,
    );
    const ratio = smaller && smaller !== result ? result.cpu / smaller.cpu : Number.NaN;
    rows.push([
      result.store,
      result.format,
      result.checkIns.toLocaleString('en'),
      fixed(result.seconds, 1),
      fixed(result.cpu, 1),
      fixed(result.peakMb, 0),
      Number.isNaN(result.cpu) ? 'n/a' : Math.round(result.checkIns / result.cpu).toLocaleString('en'),
      Number.isNaN(ratio)
        ? ''
        : `${ratio.toFixed(1)}x (rows ${(result.checkIns / (smaller?.checkIns ?? 1)).toFixed(1)}x)`,
    ]);
  }
  printTable(rows);
  const largest = results.filter((result) => result.store === STORES[1].label);
  for (const result of largest) {
    console.log(
      `${result.store} ${result.format}: ${fixed(result.seconds, 1)} s wall (target < ${TARGET_SECONDS}), ` +
        `${fixed(result.peakMb, 0)} MB peak (target < ${TARGET_MB})`,
    );
  }
} finally {
  cleanup();
}

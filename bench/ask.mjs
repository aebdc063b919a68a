// Answer engine, in process: an Ask over a year of a 200-person account (2 teams of 100, 365 days,
// about 52,000 check-ins) answers in under 300 ms (p95). Each Ask is created through the Service; locally
// its answer is written inline before createAsk returns, so the time runs from the create to the answer
// body being stored (checked with getAsk). Prompts vary the window, the people, the team and the theme.
//   node bench/ask.mjs [--quick] [--people N] [--days D] [--asks N] [--fresh] [--no-cache]
// The seeded store is cached like bench/core.mjs's (pulse-bench-stores in the temporary directory) and
// copied before use, since Asks write. --quick (20 people, 30 days, 5 asks) is the CI smoke run. No
// timing fails the run; only an error does.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineLine, options, percentile, printTable, seededStore } from './lib.mjs';

const args = options();
const quick = args.has('--quick');
const people = args.number('--people', quick ? 20 : 200);
const days = args.number('--days', quick ? 30 : 365);
const teams = 2;
const askCount = args.number('--asks', quick ? 5 : 30);
const TARGET_MS = 300;

const { openInstance } = await import('../dist/bench-api.js');

const DAY = 86_400_000;
const addDays = (date, n) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);

/** Realistic prompts for a store whose history ends on `newest`, naming its people and teams. */
function prompts({ newest, names, usernames, teamNames }) {
  const [name1, name2, name3] = names;
  const [own, other] = teamNames;
  const monthAgo = (back) => MONTHS[(Number(newest.slice(5, 7)) - 1 - back + 120) % 12];
  return [
    'What did my team get done last week?',
    'Who was blocked in the last 30 days?',
    `What is blocking the ${other} team?`,
    `How was the mood on ${own} last month?`,
    'Who was stressed this month?',
    'Which goals are at risk?',
    `Which goals are off track since ${addDays(newest, -120)}?`,
    `What did ${name1} work on last week?`,
    `What is ${name2} planning next?`,
    `Summarise the billing work since ${addDays(newest, -150)}`,
    'Any comments on check-ins in the last 2 weeks?',
    'What pull requests were merged last month?',
    'Did people do what they planned last week?',
    `What shipped in ${monthAgo(2)}?`,
    'What happened with payments this year?',
    'Who mentioned the staging database in the last 90 days?',
    'What did we accomplish in the last 3 months?',
    `How did ${other} feel in the past 6 months?`,
    'How are our goals progressing in the last 60 days?',
    `Who was blocked by the schema decision from ${addDays(newest, -200)} to ${addDays(newest, -100)}?`,
    `What did @${usernames[0]} do yesterday?`,
    'How did the #release work go in the last 180 days?',
    `What is ${other} working on this week?`,
    'How is the latency work going?',
    `What were the blockers on ${own} in ${monthAgo(1)}?`,
    'Which github activities happened last week?',
    'Who was tired or sick since last month?',
    `What did ${name1} and ${name3} finish in the last 60 days?`,
    'Summarise the last 12 months on our team',
    `What did everyone do since ${addDays(newest, -300)}?`,
    'Who is blocked?',
    'Who was absent last week?',
    `Who hasn't checked in today?`,
    'How many people were blocked last week?',
    'Was anyone blocked yesterday?',
  ];
}

const { dir: workDir, cleanup: removeWorkDir } = (() => {
  const dir = mkdtempSync(join(tmpdir(), 'pulse-bench-ask-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
})();
let seeded;
let store;
try {
  console.log(machineLine());
  seeded = seededStore(
    { people, days, teams, seed: 1 },
    { cache: !quick && !args.has('--no-cache'), fresh: args.has('--fresh') },
  );
  const how = seeded.reused
    ? `reused cached store ${seeded.path} (seeded ${seeded.seededOn})`
    : `seeded in ${seeded.seconds.toFixed(1)} s${seeded.cached ? `, cached as ${seeded.path}` : ''}`;
  console.log(
    `store: ${people} people in ${teams} teams, ${days} days, ${seeded.checkIns.toLocaleString('en')} check-ins (${how})`,
  );
  // Asks write: they go to a copy, so the cached store stays as seeded.
  const path = join(workDir, 'ask.db');
  copyFileSync(seeded.path, path);
  seeded.cleanup();
  store = await openInstance(path, { clock: { now: () => new Date() }, publicUrl: 'http://127.0.0.1' });

  const admin = (await store.admin.findPerson('admin@seed.example')).id;
  const asAdmin = store.serviceFor(admin);
  const teamList = (await asAdmin.listTeams({ per_page: 50 })).items;
  const everyone = (await asAdmin.listPeople({ per_page: 50 })).items.filter((p) => p.id !== admin);
  const newest = (await asAdmin.listCheckIns({ per_page: 1 })).items[0]?.date;
  if (!newest) throw new Error('the store holds no check-ins');
  // Every third Ask is a member's (of the other team), the rest the administrator's (of their own).
  const ownTeam = (await asAdmin.me()).teams[0]?.id;
  const otherTeam = teamList.find((t) => t.id !== ownTeam) ?? teamList[0];
  const member = otherTeam.people.map((p) => p.id).find((id) => id !== admin) ?? admin;
  const all = prompts({
    newest,
    names: everyone.slice(0, 3).map((p) => p.name),
    usernames: everyone.slice(0, 1).map((p) => p.username),
    teamNames: [teamList.find((t) => t.id === ownTeam) ?? teamList[0], otherTeam].map((t) => t.name),
  });
  const chosen = Array.from({ length: askCount }, (_, i) => all[i % all.length]);

  /** Creates an Ask and waits for its answer body; returns the time in ms and the answer's first line. */
  async function ask(personId, prompt) {
    const service = store.serviceFor(personId);
    const started = performance.now();
    const created = await service.createAsk({ prompt });
    let answer = await service.getAsk(created.id);
    while (answer.body === null) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      answer = await service.getAsk(created.id);
    }
    return { ms: performance.now() - started, firstLine: answer.body.split('\n', 1)[0] };
  }

  // The first Ask loads the answer engine's modules; it is shown apart and not counted.
  const cold = await ask(admin, 'What did my team do today?');
  console.log(`first Ask (loads the answer engine): ${cold.ms.toFixed(0)} ms, not counted\n`);

  const times = [];
  const rows = [['#', 'asker', 'ms', 'prompt', 'answer (first line)']];
  for (const [i, prompt] of chosen.entries()) {
    const asker = i % 3 === 2 ? 'member' : 'admin';
    const { ms, firstLine } = await ask(asker === 'member' ? member : admin, prompt);
    times.push(ms);
    const short = firstLine.length > 70 ? `${firstLine.slice(0, 69)}…` : firstLine;
    rows.push([String(i + 1), asker, ms.toFixed(0), prompt, short]);
  }
  printTable(rows);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const max = Math.max(...times);
  console.log(
    `\n${times.length} Asks: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${max.toFixed(0)} ms`,
  );
  console.log(`target p95 under ${TARGET_MS} ms: ${p95 < TARGET_MS ? 'pass' : 'below'}`);
} catch (error) {
  console.error(error.stack ?? error.message);
  process.exitCode = 1;
} finally {
  await store?.close();
  seeded?.cleanup();
  removeWorkDir();
}

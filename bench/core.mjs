// Core at scale, in process: p50 and p99 of every list operation of the core, with each filter, through
// the Service (a new one per call, as `pulse serve` makes one per request), on stores of about 10,000,
// 100,000 and 1,000,000 check-ins (2,000 people in 20 teams, 7, 70 and 730 days of history).
// Target: p99 at most 10 ms at 1,000,000 check-ins, and no growth with store size for paged reads.
//   node bench/core.mjs [--quick] [--iterations N] [--seconds S] [--days 7,70,730] [--people N]
//                       [--fresh] [--no-cache] [--store FILE] [--only TEXT] [--verbose]
// Seeded stores are cached under the system's temporary directory (pulse-bench-stores), keyed by their
// parameters, and reused when present (the output says so); the benchmark only reads them (opening
// migrates a store of an older schema). --fresh seeds again, --no-cache seeds into a temporary directory
// removed afterwards. --store FILE measures an existing seeded store instead; --only TEXT
// measures only the operations whose name contains TEXT. --quick (small stores, few
// iterations, no cache) is the CI smoke run. No timing fails the run; only an error does.
import { machineLine, options, percentile, printTable, seededStore } from './lib.mjs';

const args = options();
const quick = args.has('--quick');
const daysList = args.has('--days')
  ? process.argv[process.argv.indexOf('--days') + 1].split(',').map(Number)
  : quick
    ? [7, 14]
    : [7, 70, 730];
const people = args.number('--people', quick ? 100 : 2_000);
const teams = args.number('--teams', quick ? 5 : 20);
const iterations = args.number('--iterations', quick ? 15 : 200);
const seconds = args.number('--seconds', quick ? 0.1 : 2);
const warmup = quick ? 3 : 20;
const TARGET_MS = 10;
const verbose = args.has('--verbose');

const { openInstance } = await import('../dist/bench-api.js');

/**
 * Times `run` after a warm-up (`warmup` runs, or fewer if they take over a quarter of `seconds`) until
 * `iterations` runs or `seconds` have passed (at least 5 runs). Returns the times in ms and the number of
 * items on the last page read.
 */
async function measure(run) {
  const warmupEnd = performance.now() + (seconds * 1000) / 4;
  for (let i = 0; i < warmup && (i === 0 || performance.now() < warmupEnd); i++) await run();
  const times = [];
  let result;
  const deadline = performance.now() + seconds * 1000;
  while (times.length < iterations && (times.length < 5 || performance.now() < deadline)) {
    const started = performance.now();
    result = await run();
    times.push(performance.now() - started);
  }
  return { times, items: result?.items?.length ?? 0 };
}

const addDays = (date, days) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The operations, with the ids they need read from the store itself (the seed's "today" moves). */
async function operations(store) {
  const admin = (await store.admin.findPerson('admin@seed.example')).id;
  const service = store.serviceFor(admin);
  const allTeams = (await service.listTeams({ per_page: 50 })).items;
  // The second team (public): a member who is neither the administrator nor its manager, and a teammate.
  const team = allTeams.find((t) => t.name === 'Mobile') ?? allTeams[1] ?? allTeams[0];
  const other = allTeams.find((t) => t.id !== team.id && t.name !== 'Platform') ?? team;
  const teamPeople = team.people.map((p) => p.id).filter((id) => id !== admin);
  const member = teamPeople[teamPeople.length - 1];
  const teammate = teamPeople[0];
  const newest = (await service.listCheckIns({ per_page: 1 })).items[0]?.date;
  if (!newest) throw new Error('the store holds no check-ins');
  // The first date of the history: the oldest check-in of the member (their history spans the store's).
  let first = newest;
  for (let page = 1; ; page++) {
    const result = await store.serviceFor(member).listCheckIns({ people_ids: [member], per_page: 50, page });
    if (result.items.length) first = result.items.at(-1).date;
    if (!result.hasNext) break;
  }
  const lastWeek = { since: addDays(newest, -6), until: newest };
  const firstWeek = { since: first, until: addDays(first, 6) };
  const as = (personId) => () => store.serviceFor(personId);
  const asAdmin = as(admin);
  const asMember = as(member);
  const teamService = () => store.teamServiceFor(team.id);
  const sinceTime = `${addDays(newest, -6)}T00:00:00Z`;
  const untilTime = `${newest}T23:59:59Z`;

  const ops = [];
  const op = (name, run) => ops.push({ name, run });
  for (const [who, make] of [
    ['admin', asAdmin],
    ['member', asMember],
  ]) {
    op(`check-ins (${who})`, () => make().listCheckIns({}));
    op(`check-ins per_page=50 (${who})`, () => make().listCheckIns({ per_page: 50 }));
    op(`check-ins last week (${who})`, () => make().listCheckIns(lastWeek));
    op(`check-ins first week (${who})`, () => make().listCheckIns(firstWeek));
    op(`check-ins person (${who})`, () => make().listCheckIns({ people_ids: [teammate] }));
    op(`check-ins team (${who})`, () => make().listCheckIns({ team_ids: [team.id] }));
    op(`check-ins blocked (${who})`, () => make().listCheckIns({ blocked: true }));
    op(`check-ins team+blocked (${who})`, () => make().listCheckIns({ team_ids: [team.id], blocked: true }));
  }
  // What a member cannot see: another team's check-ins (an empty page, however large the store).
  op('check-ins other team (member)', () => asMember().listCheckIns({ team_ids: [other.id] }));

  op('goals (admin)', () => asAdmin().listGoals({}));
  op('goals per_page=50 (admin)', () => asAdmin().listGoals({ per_page: 50 }));
  op('goals person (admin)', () => asAdmin().listGoals({ people_ids: [teammate] }));
  op('goals team (admin)', () => asAdmin().listGoals({ team_ids: [team.id] }));
  op('goals since (admin)', () => asAdmin().listGoals({ since: lastWeek.since }));
  op('goals (member)', () => asMember().listGoals({}));

  op('activities (admin)', () => asAdmin().listActivities({}));
  op('activities per_page=50 (admin)', () => asAdmin().listActivities({ per_page: 50 }));
  op('activities person (admin)', () => asAdmin().listActivities({ people_ids: [teammate] }));
  op('activities team (admin)', () => asAdmin().listActivities({ team_ids: [team.id] }));
  op('activities kind (admin)', () => asAdmin().listActivities({ kinds: ['github_pr'] }));
  op('activities last week (admin)', () => asAdmin().listActivities({ since: sinceTime, until: untilTime }));
  op('activities (member)', () => asMember().listActivities({}));

  // The administrator manages the first team: the last report day's check-ins are unread in the digest.
  op('digest unread (manager)', () => asAdmin().listDigest({ unread: true }));
  op('digest unread per_page=50 (manager)', () => asAdmin().listDigest({ unread: true, per_page: 50 }));
  op('digest check-ins (manager)', () => asAdmin().listDigest({ category: 'check-in' }));

  op('v1 reports (team)', () => teamService().listReports({}));
  op('v1 reports page 2 (team)', () => teamService().listReports({ page: 2 }));
  op('v1 statuses (team)', () => teamService().listStatuses({}));
  op('v1 tags (team)', () => teamService().listTags({}));
  op('v1 tag statuses #release (team)', () => teamService().listTagStatuses('release', {}));
  op('v1 members (team)', () => teamService().listMembers({}));
  op('v1 comments (team)', () => teamService().listComments({}));
  op('v1 comments page 2 (team)', () => teamService().listComments({ page: 2 }));
  op('v1 reactions (team)', () => teamService().listReactions({}));
  op('v1 member absences (team)', () => teamService().listMemberAbsences({}));
  op('v1 member absences last week (team)', () =>
    teamService().listMemberAbsences({ from: addDays(newest, -6), to: newest }),
  );
  op('v1 team absences (team)', () => teamService().listTeamAbsences({}));

  op('status notices', () => store.statusService().listNotices({}));
  op('status notices unplanned', () => store.statusService().listNotices({ type_eq: 'unplanned' }));
  op('status notices past_distant', () =>
    store.statusService().listNotices({ timeline_state_eq: 'past_distant' }),
  );
  op('status components', () => store.statusService().listComponents({}));

  op('people (admin)', () => asAdmin().listPeople({}));
  op('teams (member)', () => asMember().listTeams({}));
  return ops;
}

async function measureStore(path, label) {
  const store = await openInstance(path, {
    clock: { now: () => new Date() },
    publicUrl: 'http://127.0.0.1',
  });
  try {
    const results = new Map();
    const only = args.has('--only') ? process.argv[process.argv.indexOf('--only') + 1] : '';
    for (const { name, run } of (await operations(store)).filter((op) => op.name.includes(only))) {
      const { times, items } = await measure(run);
      results.set(name, { p50: percentile(times, 50), p99: percentile(times, 99), n: times.length, items });
      if (verbose)
        console.error(
          `${name}: p50 ${percentile(times, 50).toFixed(2)} p99 ${percentile(times, 99).toFixed(2)} ms`,
        );
    }
    const rows = [['operation', 'p50 ms', 'p99 ms', 'runs', 'items']];
    for (const [name, r] of results)
      rows.push([name, r.p50.toFixed(2), r.p99.toFixed(2), String(r.n), String(r.items)]);
    console.log(`\n${label}`);
    printTable(rows);
    return results;
  } finally {
    await store.close();
  }
}

const cleanups = [];
try {
  console.log(machineLine());
  console.log(
    `${iterations} runs or ${seconds} s per operation after ${warmup} warm-ups; a new Service per call; times in ms`,
  );
  const sizes = [];
  if (args.has('--store')) {
    const path = process.argv[process.argv.indexOf('--store') + 1];
    sizes.push({ label: `store ${path}`, results: await measureStore(path, `store ${path}`) });
  } else {
    for (const days of daysList) {
      const spec = { people, days, teams, seed: 1 };
      const seeded = seededStore(spec, {
        cache: !quick && !args.has('--no-cache'),
        fresh: args.has('--fresh'),
      });
      cleanups.push(seeded.cleanup);
      const how = seeded.reused
        ? `reused cached store ${seeded.path}`
        : `seeded in ${seeded.seconds.toFixed(1)} s${seeded.cached ? `, cached as ${seeded.path}` : ''}`;
      const label = `${seeded.checkIns.toLocaleString('en')} check-ins (${people} people, ${teams} teams, ${days} days; ${how})`;
      sizes.push({ label, checkIns: seeded.checkIns, results: await measureStore(seeded.path, label) });
      seeded.cleanup();
    }
  }
  if (sizes.length > 1) {
    const smallest = sizes[0];
    const largest = sizes.at(-1);
    const rows = [
      ['operation', 'p50 small', 'p50 large', 'growth', 'items', 'p99 large', `p99 <= ${TARGET_MS} ms`],
    ];
    let met = 0;
    for (const [name, large] of largest.results) {
      const small = smallest.results.get(name);
      const ok = large.p99 <= TARGET_MS;
      if (ok) met++;
      rows.push([
        name,
        small.p50.toFixed(2),
        large.p50.toFixed(2),
        `${(large.p50 / small.p50).toFixed(2)}x`,
        `${small.items} -> ${large.items}`,
        large.p99.toFixed(2),
        ok ? 'met' : 'missed',
      ]);
    }
    console.log(
      `\ngrowth: p50 at ${largest.checkIns.toLocaleString('en')} / p50 at ${smallest.checkIns.toLocaleString('en')} check-ins`,
    );
    printTable(rows);
    console.log(
      `\ntarget p99 <= ${TARGET_MS} ms at the largest store: ${met} of ${largest.results.size} operations met`,
    );
    console.log(
      '(growth compares pages of unequal length where items differ: a filter matching few rows when small)',
    );
  }
} catch (error) {
  console.error(error.stack ?? error.message);
  process.exitCode = 1;
} finally {
  for (const cleanup of cleanups) cleanup();
}

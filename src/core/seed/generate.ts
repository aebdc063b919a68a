/**
 * The generator of large, realistic stores for benchmarks and demos (`pulse admin seed`). Everything it
 * makes follows the core's rules (check-in ids, blocked, tags, names and slugs, report days), and it is
 * deterministic: the same spec and seed give the same store, ids included, so benchmark runs compare.
 *
 * The generator decides what exists; a SeedSink (the store's bulk writer) decides how it is written.
 * Rows are handed over one at a time, in date order, so memory stays flat however large the store.
 */

import type { hash as Hash } from 'node:crypto';
import { ACTIVITY_KINDS } from '../activity-input.js';
import { isBlocked } from '../check-in-rules.js';
import { ValidationError } from '../errors.js';
import { normaliseConfidence } from '../goal-rules.js';
import { checkInIdWith } from '../ids.js';
import { MOOD_NAMES } from '../moods.js';
import type {
  ActivityRow,
  CheckInRow,
  CommentRow,
  DigestRow,
  GoalRow,
  GoalUpdateRow,
  MembershipRow,
  PersonRow,
  TeamRow,
} from '../repository.js';
import type { ComponentRow, NoticeRow, NoticeUpdateRow, StatusPageRow } from '../status/repository.js';
import type { NoticeState } from '../status/types.js';
import { addDays } from '../time.js';
import type { Account } from '../types.js';
import { slugify, splitName } from '../v1/names.js';
import { extractTags } from '../v1/tags.js';
import { DEFAULT_REPORT_DAYS, weekdayOf } from '../weekdays.js';

export interface SeedSpec {
  people: number;
  /** Calendar days of history, ending today. */
  days: number;
  teams: number;
  /** The PRNG seed: the same seed gives the same store. */
  seed: number;
  /** Today in UTC (the seeded people's zone); the last day seeded. */
  today: string;
}

/** Where the generated rows go. Calls come in dependency order (a team before its members, and so on). */
export interface SeedSink {
  /** The account, with the person commands act as by default (the administrator). */
  account(account: Account, createdAt: string, defaultPersonId: string): void;
  person(row: PersonRow): void;
  team(row: TeamRow): void;
  membership(row: MembershipRow): void;
  checkIn(row: CheckInRow, tags: readonly string[]): void;
  memberAbsence(personId: string, date: string): void;
  goal(row: GoalRow): void;
  goalUpdate(row: GoalUpdateRow): void;
  activity(row: ActivityRow): void;
  comment(row: CommentRow): void;
  digestEntry(row: DigestRow): void;
  statusPage(row: StatusPageRow): void;
  /** Returns the new component's id. */
  component(row: Omit<ComponentRow, 'id'>): number;
  /** Returns the new notice's id. */
  notice(row: Omit<NoticeRow, 'id'>, componentIds: readonly number[]): number;
  noticeUpdate(row: Omit<NoticeUpdateRow, 'id'>): void;
  /** One more day of the history written (called once per day, `done` of `total`). */
  progress(done: number, total: number): void;
}

export interface SeedSummary {
  administratorId: string;
  administratorEmail: string;
  people: number;
  teams: number;
  checkIns: number;
  absences: number;
  goals: number;
  goalUpdates: number;
  activities: number;
  comments: number;
  digestEntries: number;
  notices: number;
}

export const SEED_LIMITS = { people: 100_000, days: 3_660, teams: 1_000 } as const;
export const ADMINISTRATOR_EMAIL = 'admin@seed.example';

/** The reasons a spec cannot be seeded (empty when it can). */
export function seedSpecErrors(spec: Omit<SeedSpec, 'today'>): string[] {
  const errors: string[] = [];
  const check = (name: keyof typeof SEED_LIMITS, value: number) => {
    if (!Number.isInteger(value) || value < 1 || value > SEED_LIMITS[name])
      errors.push(`--${name} must be a whole number from 1 to ${SEED_LIMITS[name].toLocaleString('en')}`);
  };
  check('people', spec.people);
  check('days', spec.days);
  check('teams', spec.teams);
  if (errors.length === 0 && spec.teams > spec.people) errors.push('--teams must not exceed --people');
  if (!Number.isSafeInteger(spec.seed) || spec.seed < 0)
    errors.push('--seed must be a whole number of 0 or more');
  return errors;
}

/** mulberry32: a small, fast, well-spread 32-bit PRNG; plenty for test data. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST_NAMES = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'Ken',
  'Margaret',
  'Dennis',
  'Radia',
  'Tim',
  'Hedy',
  'Linus',
  'Katherine',
  'John',
  'Sophie',
  'Guido',
  'Anita',
  'Bjarne',
  'Mary',
  'James',
  'Lynn',
  'Niklaus',
  'Joan',
  'Leslie',
  'Adele',
  'Robin',
  'Shafi',
  'Yukihiro',
];
const LAST_NAMES = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
  'Thompson',
  'Hamilton',
  'Ritchie',
  'Perlman',
  'Berners-Lee',
  'Lamarr',
  'Torvalds',
  'Johnson',
  'McCarthy',
  'Wilson',
  'van Rossum',
  'Borg',
  'Stroustrup',
  'Keller',
  'Gosling',
  'Conway',
  'Wirth',
  'Clarke',
  'Lamport',
  'Goldberg',
  'Milner',
  'Goldwasser',
  'Matsumoto',
];
const TEAM_NAMES = [
  'Platform',
  'Mobile',
  'Payments',
  'Search',
  'Growth',
  'Infrastructure',
  'Design',
  'Data',
  'Security',
  'Support',
  'Identity',
  'Billing',
  'Reliability',
  'Frontend',
  'Messaging',
  'Analytics',
  'Onboarding',
  'Storage',
  'Tooling',
  'Research',
];

const DONE = [
  'Reviewed the pull requests for the {area} service',
  'Fixed a flaky test in the {area} suite',
  'Paired on the {area} migration',
  'Wrote the design note for {area} caching',
  'Shipped the {area} dashboard #release',
  'Triaged the {area} bug queue',
  'Cleaned up logging in {area}',
  'Profiled slow {area} queries and added an index #performance',
  'Answered customer questions about {area} #support',
  'Finished the {area} retrospective notes',
];
const NEXT = [
  'Finish the {area} import job',
  'Start the {area} rollout #release',
  'Review the {area} API proposal',
  'Write tests for the {area} edge cases',
  'Meet the {area} stakeholders',
  'Document the {area} runbook',
  'Pair on the {area} refactor',
  'Investigate {area} latency #performance',
  'Plan next sprint for {area}',
  'Prototype the {area} search page',
];
const BLOCKERS = [
  'Waiting on access to the {area} staging database',
  'Blocked by the {area} review from another team',
  'The {area} build is broken on main',
  'Need a decision on the {area} schema #decision',
];
const AREAS = [
  'billing',
  'search',
  'onboarding',
  'reports',
  'notifications',
  'auth',
  'export',
  'calendar',
  'mobile',
  'sync',
  'audit',
  'payments',
];
const GOALS = [
  'Cut {area} p99 latency in half',
  'Launch the new {area} experience',
  'Reduce {area} support tickets by 30%',
  'Migrate {area} to the new platform',
  'Reach 90% test coverage in {area}',
];
const COMPONENTS = ['API', 'Web app', 'Check-in reminders', 'Integrations', 'Digest emails'];
const INCIDENTS = [
  'Elevated error rates on the {component}',
  'Slow responses from the {component}',
  'Delayed {component}',
];

/** Every template filled with every area: the pool check-ins draw from, with each text's rules computed once. */
function pool(templates: readonly string[]): { text: string; tags: string[]; blocked: boolean }[] {
  return templates.flatMap((template) =>
    AREAS.map((area) => {
      const text = template.replaceAll('{area}', area);
      return { text, tags: extractTags(text), blocked: isBlocked(text) };
    }),
  );
}

/** A version-4 shaped UUID from the PRNG: random-looking, but the same for the same seed. */
function idFrom(random: () => number): string {
  const hex = (digits: number) => {
    let out = '';
    for (let i = 0; i < digits; i++) out += Math.floor(random() * 16).toString(16);
    return out;
  };
  const variant = (8 + Math.floor(random() * 4)).toString(16);
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
}

const at = (date: string, hour: number, minute: number) =>
  `${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`;

/**
 * Generates the store described by `spec` into `sink`. People report Monday to Friday in UTC; about
 * one report day in fifty is a member absence (no check-in). Besides the check-ins: one personal goal a
 * person and three goals a team, with an update every four weeks; an activity a person every two weeks;
 * a comment on one check-in in fifty; the last report day's check-ins in their managers' digests (unread);
 * and a status page with five components and a notice every ten days. Person 0 is the administrator.
 */
export function generateSeed(spec: SeedSpec, hash: typeof Hash, sink: SeedSink): SeedSummary {
  const errors = seedSpecErrors(spec);
  if (errors.length > 0) throw new ValidationError(errors);
  const random = prng(spec.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const first = addDays(spec.today, 1 - spec.days);
  const created = at(addDays(first, -1), 8, 0);
  const summary: SeedSummary = {
    administratorId: '',
    administratorEmail: ADMINISTRATOR_EMAIL,
    people: spec.people,
    teams: spec.teams,
    checkIns: 0,
    absences: 0,
    goals: 0,
    goalUpdates: 0,
    activities: 0,
    comments: 0,
    digestEntries: 0,
    notices: 0,
  };

  const teams: TeamRow[] = [];
  for (let t = 0; t < spec.teams; t++) {
    const base = TEAM_NAMES[t % TEAM_NAMES.length] as string;
    const row: TeamRow = {
      id: idFrom(random),
      name: t < TEAM_NAMES.length ? base : `${base} ${Math.floor(t / TEAM_NAMES.length) + 1}`,
      description: null,
      // One team in ten is private, so visibility rules have something to filter.
      private: t % 10 === 9,
      completion_tracking: true,
      mood_tracking: true,
      report_days: DEFAULT_REPORT_DAYS,
      created_at: created,
      updated_at: created,
      questions: null,
    };
    teams.push(row);
    sink.team(row);
  }

  const people: PersonRow[] = [];
  const teamOf: number[] = [];
  // Person t is the manager of team t.
  const membersOf: string[][] = teams.map(() => []);
  for (let p = 0; p < spec.people; p++) {
    const name = p === 0 ? 'Seed Administrator' : `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
    const username = p === 0 ? 'admin' : `${slugify(name).replaceAll('-', '.')}.${p}`;
    const row: PersonRow = {
      id: idFrom(random),
      name,
      ...splitName(name),
      // Numbered like the username, so slugs are unique without a lookup.
      slug: p === 0 ? 'seed-administrator' : `${slugify(name)}-${p}`,
      username,
      email: p === 0 ? ADMINISTRATOR_EMAIL : `${username}@seed.example`,
      time_zone: 'UTC',
      location: null,
      title: null,
      bio: null,
      administrator: p === 0,
      kind: 'human',
      created_at: created,
      updated_at: created,
    };
    people.push(row);
    sink.person(row);
    const team = p % spec.teams;
    teamOf.push(team);
    membersOf[team]?.push(row.id);
    sink.membership({
      team_id: (teams[team] as TeamRow).id,
      person_id: row.id,
      role: 'active',
      manager: p < spec.teams,
      created_at: created,
      visible_from: null,
    });
  }
  summary.administratorId = (people[0] as PersonRow).id;
  const managerOf = teams.map((_, t) => (people[t] as PersonRow).id);
  sink.account({ id: idFrom(random), name: 'Seeded account' }, created, summary.administratorId);

  const goals: GoalRow[] = [];
  const goal = (ownerIndex: number, teamIds: string[]) => {
    const row: GoalRow = {
      id: idFrom(random),
      title: pick(GOALS).replaceAll('{area}', pick(AREAS)),
      description: null,
      start_date: first,
      end_date: addDays(spec.today, 90),
      update_cadence: 'Monthly',
      owner_id: (people[ownerIndex] as PersonRow).id,
      parent_id: null,
      private: false,
      archived: false,
      created_at: created,
      updated_at: created,
      contributor_ids: [],
      team_ids: teamIds,
    };
    goals.push(row);
    sink.goal(row);
  };
  for (let t = 0; t < spec.teams; t++) for (let g = 0; g < 3; g++) goal(t, [(teams[t] as TeamRow).id]);
  for (let p = 0; p < spec.people; p++) goal(p, []);
  summary.goals = goals.length;

  const done = pool(DONE);
  const next = pool(NEXT);
  const blockers = pool(BLOCKERS);
  const nothing = { text: 'none', tags: [] as string[], blocked: false };
  const reportDay = (date: string) => DEFAULT_REPORT_DAYS.includes(weekdayOf(date));
  let lastReportDay = spec.today;
  while (!reportDay(lastReportDay) && lastReportDay > first) lastReportDay = addDays(lastReportDay, -1);

  for (let day = 0; day < spec.days; day++) {
    const date = addDays(first, day);
    if (reportDay(date)) {
      for (let p = 0; p < spec.people; p++) {
        const person = people[p] as PersonRow;
        if (random() < 0.02) {
          sink.memberAbsence(person.id, date);
          summary.absences++;
          continue;
        }
        const previous = pick(done);
        const intentions = pick(next);
        const blocker = random() < 0.12 ? pick(blockers) : nothing;
        const completedAt = at(date, 8 + Math.floor(random() * 3), Math.floor(random() * 60));
        const team = teams[teamOf[p] as number] as TeamRow;
        const row: CheckInRow = {
          id: checkInIdWith(hash, person.id, date),
          person_id: person.id,
          date,
          previous: previous.text,
          intentions: intentions.text,
          blockers: blocker.text,
          mood: pick(MOOD_NAMES),
          previous_completed: random() < 0.8,
          blocked: blocker.blocked,
          completed_at: completedAt,
          created_at: at(date, 0, 0),
          updated_at: completedAt,
          team_ids: [team.id],
        };
        const tags = [...new Set([...previous.tags, ...intentions.tags, ...blocker.tags])].sort();
        sink.checkIn(row, tags);
        summary.checkIns++;
        if (random() < 0.02) {
          sink.comment({
            id: idFrom(random),
            resource_type: 'check-in',
            resource_id: row.id,
            person_id: pick(membersOf[teamOf[p] as number] as string[]),
            body: 'Nice progress! Ping me if you need a hand.',
            created_at: at(date, 12, Math.floor(random() * 60)),
          });
          summary.comments++;
        }
        // The last report day's check-ins reach their team's manager unread (every member's digest
        // for two years would be a hundred times the check-ins; one reader's is what the benchmarks read).
        if (date === lastReportDay) {
          for (const recipient of [managerOf[teamOf[p] as number] as string]) {
            if (recipient === person.id) continue;
            sink.digestEntry({
              id: idFrom(random),
              recipient_id: recipient,
              category: 'check-in',
              resource_type: 'check-in',
              resource_id: row.id,
              published_at: completedAt,
              read_at: null,
            });
            summary.digestEntries++;
          }
        }
        // An activity every two weeks a person, spread over the days.
        if ((day + p) % 14 === 0) {
          const kind = pick(ACTIVITY_KINDS);
          sink.activity({
            id: idFrom(random),
            person_id: person.id,
            kind,
            group_name: kind,
            title: `Merged: ${intentions.text}`,
            description: intentions.text,
            url: null,
            recorded_at: at(date, 15, Math.floor(random() * 60)),
            check_in_id: null,
            html_description: null,
          });
          summary.activities++;
        }
      }
    }
    // A goal update every four weeks a goal, spread over the days.
    for (let g = day % 28; g < goals.length; g += 28) {
      const row = goals[g] as GoalRow;
      const progress = Math.min(100, Math.round((day / spec.days) * 100));
      sink.goalUpdate({
        id: idFrom(random),
        goal_id: row.id,
        person_id: row.owner_id,
        title: `Progress on ${row.title}`,
        body: `We are at ${progress}% and ${random() < 0.2 ? 'at risk' : 'on track'}.`,
        progress,
        // As the core saves it (goal-rules.ts): 30, 60 or 90, never a fraction an integer column refuses.
        confidence: normaliseConfidence(Math.floor(random() * 11) * 10),
        created_at: at(date, 16, 0),
        updated_at: at(date, 16, 0),
      });
      summary.goalUpdates++;
    }
    sink.progress(day + 1, spec.days);
  }

  seedStatusPage(spec, first, random, sink, summary);
  return summary;
}

/** Five components and, every ten days, an incident (resolved) or a maintenance (completed). */
function seedStatusPage(
  spec: SeedSpec,
  first: string,
  random: () => number,
  sink: SeedSink,
  summary: SeedSummary,
): void {
  const created = at(addDays(first, -1), 8, 0);
  sink.statusPage({ name: 'pulse', url: null, created_at: created, updated_at: created });
  const components = COMPONENTS.map((name, index) =>
    sink.component({
      name,
      description: `The ${name}`,
      parent_id: null,
      position: index + 1,
      state: 'operational',
      created_at: created,
      updated_at: created,
    }),
  );
  for (let day = 0; day < spec.days; day += 10) {
    const date = addDays(first, day);
    const component = Math.floor(random() * components.length);
    const planned = random() < 0.3;
    const start = at(date, 2, 0);
    const end = at(date, 3, 0);
    const subject = planned
      ? `Maintenance of the ${COMPONENTS[component]}`
      : (INCIDENTS[Math.floor(random() * INCIDENTS.length)] as string).replace(
          '{component}',
          COMPONENTS[component] as string,
        );
    const id = sink.notice(
      {
        type: planned ? 'planned' : 'unplanned',
        state: planned ? 'complete' : 'resolved',
        subject,
        begins_at: planned ? start : null,
        ends_at: planned ? end : null,
        began_at: start,
        ended_at: end,
        created_at: start,
        updated_at: end,
      },
      [components[component] as number],
    );
    const updates: NoticeState[] = planned
      ? ['scheduled', 'underway', 'complete']
      : ['investigating', 'identified', 'resolved'];
    updates.forEach((state, index) => {
      const time = at(date, 2, index * 20);
      sink.noticeUpdate({
        notice_id: id,
        state,
        content: `${subject}: ${state}.`,
        created_at: time,
        updated_at: time,
      });
    });
    summary.notices++;
  }
}

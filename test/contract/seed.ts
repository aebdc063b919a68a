/**
 * Three weeks of a team's life (Mon 2026-11-02 to Fri 2026-11-20), written through the Service so that
 * both contract paths seed the same way. "Now" is Mon 2026-11-23 10:00 UTC, so "last week" is Nov 16-22.
 *
 * What answers may use: Core (Ana, Ben, Cy) and Design (Cy). What they must withhold from Ben, and from
 * anyone outside them: the private team Secret (Dee's check-ins), Dee's activities, the private goal
 * "Nightingale launch" (owner Dee, contributor Cy) and its updates, and Cy's check-ins shared with Design
 * only. The word "Nightingale" appears only in withheld items.
 */
import type { Service } from '../../src/core/service.js';
import { START, type World } from './targets.js';

type Answers = {
  previous: string;
  intentions: string;
  blockers: string;
  mood?: string;
  previous_completed?: boolean;
  team_ids?: string[];
};

const WEEK_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

/** Weekday dates of the three seeded weeks. */
function dates(): string[] {
  const result: string[] = [];
  for (const monday of ['2026-11-02', '2026-11-09', '2026-11-16']) {
    for (let offset = 0; offset < WEEK_DAYS.length; offset++) {
      result.push(
        new Date(Date.parse(`${monday}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10),
      );
    }
  }
  return result;
}

export interface SeededTeam {
  goals: { importer: string; hire: string; nightingale: string };
  updates: { importerRisk: string; importerGreen: string; hire: string; nightingale: string };
  checkIns: Record<string, string>;
}

/** Answers per person and date (last week's are the ones the tests read closely). */
function answersFor(person: string, date: string, ids: Record<string, string>): Answers | undefined {
  const routine = (work: string): Answers => ({
    previous: work,
    intentions: 'More of the same',
    blockers: 'none',
    mood: 'calm',
    previous_completed: true,
  });
  const lastWeek: Record<string, Record<string, Answers>> = {
    ben: {
      '2026-11-16': {
        previous: 'Wrote the importer parser',
        intentions: 'Finish the importer tests',
        blockers: 'Waiting on CI for the importer pipeline',
        mood: 'focused',
        previous_completed: true,
      },
      '2026-11-17': {
        previous: 'Importer tests, half of them',
        intentions: 'Fix the flaky CSV fixtures',
        blockers: 'none',
        mood: 'stressed',
        previous_completed: false,
      },
      '2026-11-18': {
        previous: 'Fixed the CSV fixtures',
        intentions: 'Deploy the importer to staging',
        blockers: 'The staging database is down',
        mood: 'stressed',
        previous_completed: true,
      },
      '2026-11-19': {
        previous: 'Deployed the importer to staging',
        intentions: 'Write the release notes',
        blockers: 'nope',
        mood: 'happy',
        previous_completed: true,
      },
      '2026-11-20': {
        previous: 'Wrote the release notes',
        intentions: 'Plan the next sprint',
        blockers: 'none',
        mood: 'happy',
        previous_completed: true,
      },
    },
    cy: {
      '2026-11-16': {
        previous: 'Reviewed the onboarding flow',
        intentions: 'Prepare the design review',
        blockers: 'none',
        mood: 'calm',
        previous_completed: true,
      },
      '2026-11-17': {
        previous: 'Prepared the design review',
        intentions: 'Iterate on the dashboard',
        blockers: 'Design review pending with legal',
        mood: 'worried',
        previous_completed: true,
      },
      // Shared with Design only: Ben (Core) must never see it.
      '2026-11-18': {
        previous: 'Sketched the Nightingale mockups',
        intentions: 'Nightingale palette',
        blockers: 'none',
        mood: 'excited',
        previous_completed: true,
        team_ids: [ids.design as string],
      },
    },
    ana: {
      '2026-11-16': routine('Planned the quarter'),
      '2026-11-17': routine('Interviewed two candidates'),
      '2026-11-18': routine('Budget review'),
      '2026-11-19': routine('One-on-ones'),
      '2026-11-20': { ...routine('Wrote the hiring plan'), previous_completed: false },
    },
    dee: {
      '2026-11-16': {
        previous: 'Nightingale vendor calls',
        intentions: 'Nightingale contract',
        blockers: 'Nightingale vendor contract unsigned',
        mood: 'annoyed',
      },
      '2026-11-18': routine('Nightingale budget'),
    },
  };
  const planned = lastWeek[person]?.[date];
  if (planned) return planned;
  if (date >= '2026-11-16') return undefined;
  // Earlier weeks: short routine check-ins, the importer starting in the second week.
  if (person === 'ben') return routine(date >= '2026-11-09' ? 'Importer design doc' : 'Bug triage');
  if (person === 'cy') return routine('Dashboard wireframes');
  if (person === 'ana') return routine('Roadmap');
  return undefined;
}

export async function seedTeam(world: World): Promise<SeededTeam> {
  const at = (date: string, time: string) => world.clock.set(`${date}T${time}:00.000Z`);
  const checkIns: Record<string, string> = {};
  for (const date of dates()) {
    for (const person of ['ana', 'ben', 'cy', 'dee'] as const) {
      const answers = answersFor(person, date, world.ids);
      if (!answers) continue;
      // Dee's team Secret reports on Mondays and Wednesdays only.
      at(date, person === 'ana' ? '08:00' : person === 'ben' ? '08:30' : person === 'cy' ? '14:00' : '09:00');
      const saved = await world.as(person).updateCheckIn(date, answers);
      checkIns[`${person}:${date}`] = saved.id;
    }
  }

  at('2026-11-16', '11:00');
  const ben: Service = world.as('ben');
  const importer = await ben.createGoal({
    title: 'Ship the importer',
    description: 'CSV importer for customer data',
    team_ids: [world.ids.core],
  });
  const hire = await world.as('cy').createGoal({ title: 'Hire a designer', team_ids: [world.ids.design] });
  const nightingale = await world.as('dee').createGoal({
    title: 'Nightingale launch',
    private: true,
    contributor_ids: [world.ids.cy],
  });
  at('2026-11-17', '15:00');
  const importerRisk = await ben.createGoalUpdate(importer.id, {
    title: 'CI flakiness slows the importer',
    progress: 40,
    confidence: 60,
  });
  at('2026-11-18', '15:00');
  const hireUpdate = await world.as('cy').createGoalUpdate(hire.id, {
    title: 'No candidates yet',
    progress: 20,
    confidence: 30,
  });
  const nightingaleUpdate = await world.as('cy').createGoalUpdate(nightingale.id, {
    title: 'Nightingale budget approved',
    progress: 50,
    confidence: 30,
  });
  at('2026-11-19', '15:00');
  const importerGreen = await ben.createGoalUpdate(importer.id, {
    title: 'Importer tests green',
    progress: 60,
    confidence: 90,
  });

  at('2026-11-16', '12:00');
  await world
    .as('ana')
    .createComment(
      { type: 'check-in', id: checkIns['ben:2026-11-16'] as string },
      { body: 'Ping @cy about the CI runners' },
    );
  at('2026-11-17', '16:00');
  await world
    .as('cy')
    .createComment(
      { type: 'goal-update', id: importerRisk.id },
      { body: 'The CI queue is long on Tuesdays' },
    );
  await world
    .as('dee')
    .createComment({ type: 'goal-update', id: nightingaleUpdate.id }, { body: 'Nightingale CI is fine' });

  const record = (person: string, kind: string, when: string, description: string) =>
    world.admin.recordActivity({
      person: `${person}@example.com`,
      kind,
      group: kind,
      title: null,
      description,
      url: `https://tools.example.com/${kind}/${encodeURIComponent(description)}`,
      recordedAt: when,
    });
  await record('ben', 'github_pr', '2026-11-18T10:00:00Z', 'Merged importer PR #42');
  await record('cy', 'jira', '2026-11-19T10:00:00Z', 'Moved DES-7 to review');
  await record('dee', 'linear', '2026-11-17T10:00:00Z', 'Closed Nightingale LIN-9');
  await record('ana', 'google_calendar', '2026-11-20T10:00:00Z', 'Quarterly planning meeting');

  world.clock.set(START);
  return {
    goals: { importer: importer.id, hire: hire.id, nightingale: nightingale.id },
    updates: {
      importerRisk: importerRisk.id,
      importerGreen: importerGreen.id,
      hire: hireUpdate.id,
      nightingale: nightingaleUpdate.id,
    },
    checkIns,
  };
}

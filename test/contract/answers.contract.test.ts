/**
 * The answer engine on a seeded team (seed.ts), through Asks on both paths: what each kind of prompt
 * answers (counts, people, cited items) and what it withholds (private teams, private goals, items
 * shared with teams the asker is not in, other people's activities).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL } from '../helpers/store.js';
import { answered, writtenAnswers } from './answered.js';
import { type SeededTeam, seedTeam } from './seed.js';
import { type PersonKey, START, TARGETS, type World } from './targets.js';

const checkInUrl = (id: string | undefined) => `${PUBLIC_URL}/api/v2/check-ins/${id}`;
const updateUrl = (id: string) => `${PUBLIC_URL}/api/v2/goal-updates/${id}`;

describe.each(TARGETS)('the answer engine ($name)', (target) => {
  let world: World;
  let seeded: SeededTeam;
  beforeAll(async () => {
    world = await target.setup();
    seeded = await seedTeam(world);
  });
  afterAll(async () => {
    await world.close();
  });

  async function ask(who: PersonKey, prompt: string): Promise<{ first: string; body: string }> {
    const service = world.as(who);
    const created = await service.createAsk({ prompt });
    const body = (await answered(service, created.id)).body as string;
    return { first: body.split('\n', 1)[0] as string, body };
  }
  const checkIn = (key: string) => checkInUrl(seeded.checkIns[key]);

  it('blockers: who of the team reported them, quoting each with a link, then the sources', async () => {
    const { first, body } = await ask('ben', 'What blocked the team last week?');
    expect(first).toBe('2 of 3 people on Core reported blockers last week (Nov 16-22, 2026).');
    expect(body).toContain('### Ben Okafor');
    expect(body).toContain(`- Mon Nov 16: "Waiting on CI for the importer pipeline" ([`);
    expect(body).toContain(`- Wed Nov 18: "The staging database is down" ([`);
    expect(body).toContain(`- Tue Nov 17: "Design review pending with legal" ([`);
    expect(body).toContain(`### Sources`);
    expect(body).toContain(`[Ben Okafor's check-in for Nov 16, 2026](${checkIn('ben:2026-11-16')})`);
    // "nope" and "none" are not blockers; Dee's private team is not the asker's.
    expect(body).not.toContain('2026-11-19');
    expect(body).not.toMatch(/Nightingale|Dee Roy/);
  });

  it('a person’s week: check-ins, goal updates and activities', async () => {
    const { first, body } = await ask('cy', 'What did @ben work on last week?');
    expect(first).toBe(
      'Ben Okafor checked in 5 times last week (Nov 16-22, 2026), with 2 goal updates, 0 comments and 1 activity.',
    );
    expect(body).toContain('### Check-ins\n\n- Fri Nov 20: "Wrote the release notes"');
    expect(body).toContain(`"Ship the importer" 60%, On track: "Importer tests green" ([`);
    expect(body).toContain('github_pr: "Merged importer PR #42" ([');
    expect(body).toContain('https://tools.example.com/github_pr/');
  });

  it('moods: counts by mood, and who felt a named one', async () => {
    const all = await ask('ben', 'How was the team feeling last week?');
    expect(all.first).toBe(
      '12 check-ins from 3 people on Core last week (Nov 16-22, 2026) recorded a mood: most often calm (6), then happy (2), stressed (2) and focused (1).',
    );
    expect(all.body).toContain('### 😫 stressed (2)');
    const stressed = await ask('ben', 'Who was stressed last week?');
    expect(stressed.first).toBe(
      'Ben Okafor felt stressed last week (Nov 16-22, 2026): 2 of 12 check-ins on Core with a mood.',
    );
    expect(stressed.body).toContain(checkIn('ben:2026-11-17'));
  });

  it('goals at risk now: each goal’s latest update decides, private goals stay hidden', async () => {
    // Hire a designer is Design's, but Cy, Ben's teammate, owns it.
    const { first, body } = await ask('ben', 'Which goals are at risk?');
    expect(first).toBe('1 goal on Core is at risk or off track now: "Hire a designer".');
    expect(body).toContain(updateUrl(seeded.updates.hire));
    // Ship the importer recovered (on track on Nov 19); Nightingale is private to Dee and Cy.
    expect(body).not.toContain('Ship the importer (');
    expect(body).not.toMatch(/Nightingale/);
    // Cy contributes to Nightingale, so it counts for Cy.
    const cy = await ask('cy', 'Which goals are off track?');
    expect(cy.first).toBe(
      '2 goals on Core and Design are off track now: "Hire a designer" and "Nightingale launch".',
    );
  });

  it('plans: what people intended, per person', async () => {
    const { first, body } = await ask('ben', 'What was Cy planning last week?');
    expect(first).toBe('Cy Park shared plans in 2 check-ins last week (Nov 16-22, 2026).');
    expect(body).toContain('- Tue Nov 17: "Iterate on the dashboard"');
    // Cy's check-in shared with Design only is not Ben's to see.
    expect(body).not.toMatch(/Nightingale|Nov 18/);
  });

  it('completion: who did what they intended; "did everyone" is no when someone did not', async () => {
    const { first, body } = await ask('ben', 'Did everyone do what they intended last week?');
    expect(first).toBe(
      'No — Ana Diaz and Ben Okafor did not do what they intended last week (Nov 16-22, 2026).',
    );
    expect(body).toContain(
      '10 of 12 check-ins on Core last week (Nov 16-22, 2026) did what they intended; 2 did not.',
    );
    expect(body).toContain('### Ben Okafor: not done\n\n- Tue Nov 17: "Importer tests, half of them"');
    expect(body).toContain('### Ana Diaz: not done\n\n- Fri Nov 20: "Wrote the hiring plan"');
  });

  it('activities: of a kind, from teammates only', async () => {
    const prs = await ask('ben', 'Which pull requests were merged last week?');
    expect(prs.first).toBe('1 activity from 1 person on Core last week (Nov 16-22, 2026): 1 github_pr.');
    const all = await ask('ben', 'What activities did the team have last week?');
    expect(all.first).toBe(
      '3 activities from 3 people on Core last week (Nov 16-22, 2026): 1 github_pr, 1 google_calendar and 1 jira.',
    );
    // Dee is nobody's teammate but her own team's: her activity never shows.
    expect(all.body).not.toMatch(/LIN-9|Nightingale/);
  });

  it('comments: about a word, grouped by the item they are on', async () => {
    const { first, body } = await ask('ben', 'Any comments about CI last week?');
    expect(first).toBe('2 comments from 2 people on Core on 2 items last week (Nov 16-22, 2026).');
    expect(body).toContain(
      `### On Ben Okafor's check-in for Mon Nov 16\n\n- Ana Diaz: "Ping @cy about the CI runners" ([1](${checkIn('ben:2026-11-16')}))`,
    );
    expect(body).toContain(
      `- Cy Park: "The CI queue is long on Tuesdays" ([2](${updateUrl(seeded.updates.importerRisk)}))`,
    );
    expect(body).not.toContain('Nightingale CI is fine');
  });

  it('a topic: items mentioning the words, ranked, since a date', async () => {
    const { first, body } = await ask('ben', 'What happened with the importer since 2026-11-01?');
    expect(first).toBe(
      '13 items on Core since Nov 1, 2026 mention "importer": 9 check-ins, 2 goal updates, 1 goal and 1 activity, from 1 person.',
    );
    expect(body).toMatch(/### Goal updates[\s\S]*### Check-ins[\s\S]*### Activities/);
    expect(body).toContain(updateUrl(seeded.updates.importerGreen));
  });

  it('a team and a month: what Design did in November, as an administrator sees it', async () => {
    const { first, body } = await ask('ana', 'What did Design do in November?');
    expect(first).toBe(
      '13 check-ins from 1 person on Design in November 2026 (Nov 1-23, 2026), with 2 goal updates, 1 comment and 1 activity.',
    );
    // Administrators see check-ins shared with any team.
    expect(body).toContain('"Sketched the Nightingale mockups"');
  });

  it('nothing in the window: says how it read the question, and what any time finds, marked as wider', async () => {
    const { body } = await ask('ben', 'What blocked the team yesterday?');
    expect(body.split('\n\n').slice(0, 4)).toEqual([
      'I found no check-ins on Core yesterday (Nov 22, 2026) that you can see.',
      'I read this as: blockers · yesterday (Nov 22, 2026).',
      '**Wider: at any time.** 2 people on Core reported blockers at any time, the most recent first.',
      '### Ben Okafor',
    ]);
    expect(body).toContain(
      `- Wed Nov 18: "The staging database is down" ([1](${checkIn('ben:2026-11-18')}))`,
    );
    // Nothing any time either: what it looked for, how it read the question, and no "nobody".
    const { body: nothing } = await ask('ben', 'What blocked the team with kubernetes yesterday?');
    expect(nothing).toBe(
      [
        'I found no check-ins mentioning "kubernetes" on Core yesterday (Nov 22, 2026) that you can see.',
        'I read this as: blockers · words "kubernetes" · yesterday (Nov 22, 2026).',
        'I found nothing at any time either.',
      ].join('\n\n'),
    );
  });

  it('withholds what the asker cannot see, even when asked for it by name, and others’ Echoes', async () => {
    for (const prompt of [
      'What happened with Nightingale last week?',
      'What did Dee do last week?',
      'What blocked Secret last week?',
      'Any comments about Nightingale last week?',
    ]) {
      const { body } = await ask('ben', prompt);
      expect(body, prompt).toMatch(/^I found no /);
      expect(body, prompt).not.toContain(seeded.updates.nightingale);
    }
    // Another person's Echo, answered, is theirs alone: its words never reach an answer.
    world.clock.set('2026-11-20T10:00:00Z');
    const echo = await world.as('cy').createEchoQuestion({
      prompt: 'How is the Zeppelin migration going?',
      title: 'Zeppelin check',
      answer_frequency: 'daily',
      answer_time: '09:00',
    });
    world.clock.set(START);
    expect((await writtenAnswers(world.as('cy'), echo.id)).length).toBeGreaterThan(0);
    for (const who of ['ben', 'ana'] as const) {
      const { body } = await ask(who, 'What about the Zeppelin migration last week?');
      expect(body, who).toMatch(/^I found no /);
    }
    const eve = await ask('eve', 'What blocked the team last week?');
    expect(eve.body).toMatch(/^I found no check-ins/);
    // Dee sees her own team.
    const dee = await ask('dee', 'What blocked the team last week?');
    expect(dee.first).toBe('1 of 1 person on Secret reported blockers last week (Nov 16-22, 2026).');
    expect(dee.body).toContain('Nightingale vendor contract unsigned');
  });

  it('absences and missing check-ins: from the store, people with their dates, a team holiday naming each member', async () => {
    world.clock.set(START);
    const core = await world.team('core');
    await core.addMemberAbsence(world.ids.ben, { date: '2026-11-23' });
    for (const date of ['2026-11-19', '2026-11-20']) await core.addMemberAbsence(world.ids.cy, { date });
    await core.addTeamAbsence({ date: '2026-11-13' });

    const week = await ask('ben', 'Who was absent last week?');
    expect(week.first).toBe('1 person on Core was out last week (Nov 16-22, 2026): Cy Park (Nov 19-20).');
    expect(week.body).toContain('### Absences\n\n- Cy Park: Nov 19-20');
    const holiday = await ask('ben', 'Who was absent on 2026-11-13?');
    expect(holiday.first).toBe(
      '3 people on Core were out on Nov 13, 2026: Ana Diaz (Nov 13), Ben Okafor (Nov 13) and Cy Park (Nov 13). Team holiday: Core (Nov 13).',
    );
    // Ben is away today, so only Ana and Cy are due and have not checked in.
    const today = await ask('ben', "Who hasn't checked in today?");
    expect(today.first).toBe(
      '2 of 3 people on Core have not checked in today (Nov 23, 2026): Ana Diaz and Cy Park.',
    );
  });
});

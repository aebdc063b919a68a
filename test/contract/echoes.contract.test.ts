import { describe, expect, it } from 'vitest';
import { PUBLIC_URL } from '../helpers/store.js';
import { untyped } from '../helpers/untyped.js';
import { eachWorld, TARGETS, type World } from './targets.js';

const ECHO = {
  prompt: 'What did the team ship?',
  title: 'Weekly shipping notes',
  answer_frequency: 'daily',
  answer_time: '09:00',
};

describe.each(TARGETS)('Echo questions ($name)', (target) => {
  let world: World;
  eachWorld(target, (fresh) => {
    world = fresh;
  });

  it("creates a question in the creator's zone, with the next occurrence strictly after now", async () => {
    // Monday 2026-11-23 10:00 UTC is 11:00 in Berlin: today's 09:00 has passed.
    const question = await world.as('ben').createEchoQuestion({ ...ECHO, answer_day: 'friday' });
    expect(question).toMatchObject({
      prompt: ECHO.prompt,
      title: ECHO.title,
      answer_frequency: 'daily',
      answer_time: '09:00',
      answer_time_zone: 'Europe/Berlin',
      next_answer_at: '2026-11-24T08:00:00Z',
      paused_at: null,
      every_day: false,
      skipped: null,
      url: `${PUBLIC_URL}/api/v2/echo/questions/${question.id}`,
    });
    expect(Object.keys(question)).not.toContain('answer_day');
    expect(await world.as('ben').getEchoQuestion(question.id)).toEqual(question);
  });

  it('computes weekly, biweekly and monthly occurrences', async () => {
    const ben = world.as('ben');
    const weekly = await ben.createEchoQuestion({
      ...ECHO,
      answer_frequency: 'weekly',
      answer_day: 'wednesday',
    });
    expect(weekly.next_answer_at).toBe('2026-11-25T08:00:00Z');
    const monthly = await ben.createEchoQuestion({
      ...ECHO,
      answer_frequency: 'monthly',
      answer_day: 'monday',
      answer_time: '17:30',
    });
    expect(monthly.next_answer_at).toBe('2026-12-07T16:30:00Z');
    const biweekly = await ben.createEchoQuestion({
      ...ECHO,
      answer_frequency: 'biweekly',
      answer_day: 'wednesday',
    });
    expect(biweekly.next_answer_at).toBe('2026-11-25T08:00:00Z');
    world.clock.set('2026-11-25T08:00:00Z');
    expect((await ben.getEchoQuestion(biweekly.id)).next_answer_at).toBe('2026-12-09T08:00:00Z');
    expect((await ben.getEchoQuestion(weekly.id)).next_answer_at).toBe('2026-12-02T08:00:00Z');
    world.clock.set('2026-12-10T00:00:00Z');
    expect((await ben.getEchoQuestion(biweekly.id)).next_answer_at).toBe('2026-12-23T08:00:00Z');
    expect((await ben.getEchoQuestion(monthly.id)).next_answer_at).toBe('2027-01-04T16:30:00Z');
  });

  it('keeps wall-clock time across daylight-saving changes in Berlin and New York', async () => {
    // Berlin leaves summer time on Sunday 2026-10-25: 09:00 is 07:00 UTC before and 08:00 UTC after.
    world.clock.set('2026-10-24T08:30:00Z');
    // Every day: the weekend's occurrences are the ones that cross the change.
    const berlin = await world.as('ben').createEchoQuestion({ ...ECHO, every_day: true });
    expect(berlin.next_answer_at).toBe('2026-10-25T08:00:00Z');
    world.clock.set('2026-10-23T12:00:00Z');
    expect((await world.as('ben').getEchoQuestion(berlin.id)).next_answer_at).toBe('2026-10-24T07:00:00Z');
    // Spring gap: 02:30 does not exist in Berlin on 2026-03-29; it moves forward to 03:30 CEST.
    world.clock.set('2026-03-28T12:00:00Z');
    const gap = await world.as('ben').createEchoQuestion({ ...ECHO, answer_time: '02:30', every_day: true });
    expect(gap.next_answer_at).toBe('2026-03-29T01:30:00Z');
    // New York leaves daylight time on Sunday 2026-11-01; weekly on Mondays at 09:00.
    world.clock.set('2026-10-27T00:00:00Z');
    const ny = await world
      .as('cy')
      .createEchoQuestion({ ...ECHO, answer_frequency: 'weekly', answer_day: 'monday' });
    expect(ny.answer_time_zone).toBe('America/New_York');
    expect(ny.next_answer_at).toBe('2026-11-02T14:00:00Z');
    world.clock.set('2026-10-20T00:00:00Z');
    expect((await world.as('cy').getEchoQuestion(ny.id)).next_answer_at).toBe('2026-10-26T13:00:00Z');
    // The repeated hour (01:30 twice on 2026-11-01) takes the first one, in daylight time.
    world.clock.set('2026-10-31T12:00:00Z');
    const repeat = await world
      .as('cy')
      .createEchoQuestion({ ...ECHO, answer_time: '01:30', every_day: true });
    expect(repeat.next_answer_at).toBe('2026-11-01T05:30:00Z');
  });

  it('validates each field with 422, wrong types with 400', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ECHO, prompt: '' }, 'prompt must be 1 to 2000 characters'],
      [{ ...ECHO, prompt: 'p'.repeat(2001) }, 'prompt must be 1 to 2000 characters'],
      [{ ...ECHO, title: undefined }, 'title must be 1 to 255 characters'],
      [
        { ...ECHO, answer_frequency: 'hourly' },
        'answer_frequency must be one of daily, weekly, biweekly, monthly',
      ],
      [{ ...ECHO, answer_frequency: 'weekly' }, 'answer_day is required for weekly answers'],
      [
        { ...ECHO, answer_frequency: 'monthly', answer_day: 'Monday' },
        'answer_day must be a day name in lower case (monday..sunday)',
      ],
      [{ ...ECHO, answer_time: '24:00' }, 'answer_time must be HH:MM on a 24-hour clock'],
      [{ ...ECHO, answer_time: '9:00' }, 'answer_time must be HH:MM on a 24-hour clock'],
    ];
    for (const [input, message] of cases) {
      await expect(world.as('ben').createEchoQuestion(input)).rejects.toMatchObject({
        status: 422,
        errors: [message],
      });
    }
    await expect(
      world.as('ben').createEchoQuestion(untyped({ ...ECHO, answer_time: 900 })),
    ).rejects.toMatchObject({
      status: 400,
    });
    expect((await world.as('ben').listEchoQuestions()).items).toEqual([]);
  });

  it("edits, recomputes, pauses and resumes; lists only one's own; others get 404", async () => {
    const ben = world.as('ben');
    const question = await ben.createEchoQuestion(ECHO);
    world.clock.advance(1000);
    await ben.createEchoQuestion({ ...ECHO, title: 'Second' });
    const edited = await ben.updateEchoQuestion(question.id, {
      answer_frequency: 'weekly',
      answer_day: 'friday',
      answer_time: '16:00',
    });
    expect(edited).toMatchObject({
      answer_day: 'friday',
      next_answer_at: '2026-11-27T15:00:00Z',
      title: ECHO.title,
    });
    await expect(ben.updateEchoQuestion(question.id, { answer_day: null })).rejects.toMatchObject({
      status: 422,
    });
    const paused = await ben.pauseEchoQuestion(question.id);
    expect([paused.paused_at, paused.next_answer_at]).toEqual(['2026-11-23T10:00:01Z', null]);
    const resumed = await ben.resumeEchoQuestion(question.id);
    expect([resumed.paused_at, resumed.next_answer_at]).toEqual([null, '2026-11-27T15:00:00Z']);
    expect((await ben.listEchoQuestions()).items.map((q) => q.title)).toEqual(['Second', ECHO.title]);
    expect((await world.as('ana').listEchoQuestions()).items).toEqual([]);
    await expect(world.as('ana').getEchoQuestion(question.id)).rejects.toMatchObject({ status: 404 });
    await expect(world.as('ana').deleteEchoQuestion(question.id)).rejects.toMatchObject({ status: 404 });
    await ben.deleteEchoQuestion(question.id);
    await expect(ben.getEchoQuestion(question.id)).rejects.toMatchObject({ status: 404 });
  });
});

/**
 * Echo answers: published when an occurrence is due (by any read of the owner's Echoes or digest, or by
 * the scheduler of `pulse serve`), at the scheduled time, titled with their period, with a body written
 * from that period as the owner sees it. Time-dependent rules run on the injected clock.
 */
import { describe, expect, it } from 'vitest';
import type { EchoAnswer } from '../../src/core/types.js';
import { PUBLIC_URL } from '../helpers/store.js';
import { writtenAnswers } from './answered.js';
import { seedTeam } from './seed.js';
import { eachWorld, START, TARGETS, type World } from './targets.js';

const BLOCKERS = {
  prompt: 'What blocked the team?',
  title: 'Weekly blockers',
  answer_frequency: 'weekly',
  answer_day: 'monday',
  answer_time: '09:00',
};

const publishedTimes = (answers: EchoAnswer[]) => answers.map((answer) => answer.published_at);

describe.each(TARGETS)('Echo answers ($name)', (target) => {
  let world: World;
  eachWorld(target, (fresh) => {
    world = fresh;
  });

  it('publishes each due occurrence at its scheduled time, titled with its period and answered from it', async () => {
    world.clock.set('2026-11-09T10:00:00Z');
    const question = await world.as('ben').createEchoQuestion(BLOCKERS);
    await seedTeam(world); // leaves the clock at START, Monday Nov 23 10:00 UTC
    const answers = await writtenAnswers(world.as('ben'), question.id);
    // Monday 09:00 in Berlin is 08:00 UTC; the first Monday after creation was Nov 16.
    expect(publishedTimes(answers)).toEqual(['2026-11-23T08:00:00Z', '2026-11-16T08:00:00Z']);
    const [latest, earlier] = answers as [EchoAnswer, EchoAnswer];
    expect(Object.keys(latest).sort()).toEqual([
      'body',
      'id',
      'published_at',
      'question',
      'title',
      'type',
      'url',
    ]);
    expect(latest).toMatchObject({
      type: 'echo-answer',
      question: { id: question.id, title: 'Weekly blockers' },
      title: 'Weekly blockers - Nov 16-22, 2026',
      url: `${PUBLIC_URL}/api/v2/echo/answers/${latest.id}`,
    });
    expect(latest.body?.split('\n', 1)[0]).toBe(
      '2 of 3 people on Core reported blockers during Nov 16-22, 2026.',
    );
    expect(latest.body).toContain('"Waiting on CI for the importer pipeline"');
    expect(latest.body).not.toMatch(/Nightingale/);
    expect(earlier.title).toBe('Weekly blockers - Nov 9-15, 2026');
    expect(earlier.body?.split('\n', 1)[0]).toBe(
      'Nobody on Core reported blockers during Nov 9-15, 2026 (15 check-ins from 3 people).',
    );
    expect(await world.as('ben').getEchoAnswer(latest.id)).toEqual(latest);
    // Reading again publishes nothing new.
    expect(await writtenAnswers(world.as('ben'), question.id)).toHaveLength(2);
  });

  it('lists the caller’s answers whose id starts with id_prefix, of every question, in id order (an extension)', async () => {
    world.clock.set('2026-11-20T10:00:00Z');
    const daily = { ...BLOCKERS, answer_frequency: 'daily', every_day: true };
    const first = await world.as('ben').createEchoQuestion(daily);
    const second = await world.as('ben').createEchoQuestion({ ...daily, title: 'Second' });
    world.clock.set(START);
    const ben = world.as('ben');
    const ids = [
      ...(await writtenAnswers(ben, first.id)).map((answer) => answer.id),
      ...(await writtenAnswers(ben, second.id)).map((answer) => answer.id),
    ].sort();
    expect(ids.length).toBeGreaterThan(3);
    const listed = async (prefix: string, paging = {}) =>
      (await ben.listEchoAnswersByIdPrefix({ id_prefix: prefix, ...paging })).items.map(
        (answer) => answer.id,
      );
    for (const id of ids) {
      expect(await listed(id.slice(0, 1))).toEqual(ids.filter((each) => each.startsWith(id.slice(0, 1))));
      expect(await listed(id.slice(0, 9).toUpperCase())).toEqual([id]);
    }
    const [one] = await ben
      .listEchoAnswersByIdPrefix({ id_prefix: ids[0]?.slice(0, 9) as string })
      .then((page) => page.items);
    expect(one).toEqual(await ben.getEchoAnswer(ids[0] as string));
    // Another person's answers are never listed; a list without a prefix is refused.
    expect((await world.as('ana').listEchoAnswersByIdPrefix({ id_prefix: ids[0] as string })).items).toEqual(
      [],
    );
    await expect(ben.listEchoAnswersByIdPrefix({})).rejects.toMatchObject({
      status: 400,
      errors: ['id_prefix is required: this list finds items by id'],
    });
  });

  it('belongs to the question’s owner: others get 404, and the digest tells only the owner', async () => {
    world.clock.set('2026-11-20T10:00:00Z');
    const question = await world.as('ben').createEchoQuestion({
      ...BLOCKERS,
      answer_frequency: 'daily',
      every_day: true,
    });
    world.clock.set(START);
    const [answer] = await writtenAnswers(world.as('ben'), question.id);
    await expect(world.as('ana').getEchoAnswer(answer?.id as string)).rejects.toMatchObject({ status: 404 });
    await expect(world.as('ana').listEchoAnswers(question.id)).rejects.toMatchObject({ status: 404 });
    const digest = (await world.as('ben').listDigest({ category: 'echo' })).items;
    expect(digest.map((entry) => [entry.published_at, entry.resource.type])).toEqual([
      ['2026-11-23T08:00:00Z', 'echo-answer'],
      ['2026-11-22T08:00:00Z', 'echo-answer'],
      ['2026-11-21T08:00:00Z', 'echo-answer'],
    ]);
    expect(digest[0]?.resource).toMatchObject({ id: answer?.id, title: 'Weekly blockers - Nov 22, 2026' });
    for (const who of ['ana', 'cy'] as const) {
      expect((await world.as(who).listDigest({ category: 'echo' })).items).toEqual([]);
    }
    // Deleting the question removes its answers and their digest entries.
    await world.as('ben').deleteEchoQuestion(question.id);
    await expect(world.as('ben').getEchoAnswer(answer?.id as string)).rejects.toMatchObject({ status: 404 });
    expect((await world.as('ben').listDigest({ category: 'echo' })).items).toEqual([]);
  });

  it('catches up at most the last 12 missed occurrences, and says what it skipped', async () => {
    world.clock.set('2026-10-01T10:00:00Z');
    const question = await world.as('ana').createEchoQuestion({
      ...BLOCKERS,
      answer_frequency: 'daily',
      every_day: true,
    });
    expect(question.skipped).toBeNull();
    world.clock.set(START);
    const answers = await writtenAnswers(world.as('ana'), question.id);
    expect(answers).toHaveLength(12);
    expect(answers[0]).toMatchObject({
      published_at: '2026-11-23T09:00:00Z',
      title: 'Weekly blockers - Nov 22, 2026',
    });
    expect(answers[11]?.published_at).toBe('2026-11-12T09:00:00Z');
    const page = await world.as('ana').listEchoAnswers(question.id, { per_page: 5, page: 3 });
    expect([page.items.length, page.hasNext]).toEqual([2, false]);
    // Oct 2 to Nov 11 were due too: 41 occurrences the catch-up left out, and the question says so.
    expect((await world.as('ana').getEchoQuestion(question.id)).skipped).toEqual({
      count: 41,
      first: '2026-10-02T09:00:00Z',
      last: '2026-11-11T09:00:00Z',
    });
  });

  it("answers a daily question on its owner's report days only, unless it is every_day", async () => {
    // Friday Nov 20, 11:00 in Berlin: Ben's team Core reports Monday to Friday.
    world.clock.set('2026-11-20T10:00:00Z');
    const ben = world.as('ben');
    const weekdays = await ben.createEchoQuestion({ ...BLOCKERS, answer_frequency: 'daily' });
    const everyDay = await ben.createEchoQuestion({
      ...BLOCKERS,
      answer_frequency: 'daily',
      every_day: true,
    });
    expect([weekdays.every_day, weekdays.next_answer_at]).toEqual([false, '2026-11-23T08:00:00Z']);
    expect([everyDay.every_day, everyDay.next_answer_at]).toEqual([true, '2026-11-21T08:00:00Z']);
    world.clock.set(START);
    expect(publishedTimes(await writtenAnswers(ben, weekdays.id))).toEqual(['2026-11-23T08:00:00Z']);
    expect(publishedTimes(await writtenAnswers(ben, everyDay.id))).toEqual([
      '2026-11-23T08:00:00Z',
      '2026-11-22T08:00:00Z',
      '2026-11-21T08:00:00Z',
    ]);
    // Dee's only team, Secret, reports on Mondays and Wednesdays.
    const dee = await world.as('dee').createEchoQuestion({ ...BLOCKERS, answer_frequency: 'daily' });
    expect(dee.next_answer_at).toBe('2026-11-25T09:00:00Z');
    // Made every_day later, it answers from the next day on.
    const changed = await world.as('dee').updateEchoQuestion(dee.id, { every_day: true });
    expect([changed.every_day, changed.next_answer_at]).toEqual([true, '2026-11-24T09:00:00Z']);
  });

  it('publishes nothing while paused, and resumes from the next occurrence', async () => {
    world.clock.set('2026-11-20T10:00:00Z');
    const ben = world.as('ben');
    const question = await ben.createEchoQuestion({ ...BLOCKERS, answer_frequency: 'daily' });
    await ben.pauseEchoQuestion(question.id);
    world.clock.set(START);
    expect((await ben.listEchoAnswers(question.id)).items).toEqual([]);
    expect((await ben.getEchoQuestion(question.id)).next_answer_at).toBeNull();
    const resumed = await ben.resumeEchoQuestion(question.id);
    expect(resumed.next_answer_at).toBe('2026-11-24T08:00:00Z');
    world.clock.set('2026-11-24T08:00:00Z');
    expect(publishedTimes(await writtenAnswers(ben, question.id))).toEqual(['2026-11-24T08:00:00Z']);
  });

  it('does not answer earlier periods under a changed schedule', async () => {
    world.clock.set('2026-11-20T10:00:00Z');
    const ben = world.as('ben');
    const question = await ben.createEchoQuestion(BLOCKERS);
    world.clock.set('2026-11-22T10:00:00Z');
    await ben.updateEchoQuestion(question.id, { answer_frequency: 'daily' });
    world.clock.set(START);
    // Daily from Sunday Nov 22 10:00: only Monday's 09:00 has come.
    expect(publishedTimes(await writtenAnswers(ben, question.id))).toEqual(['2026-11-23T08:00:00Z']);
  });

  it('publishes at wall-clock time across daylight-saving changes in Berlin and New York', async () => {
    // Berlin leaves summer time on Sunday Oct 25: 09:00 is 07:00 UTC before and 08:00 UTC after.
    world.clock.set('2026-10-23T12:00:00Z');
    const berlin = await world.as('ben').createEchoQuestion({
      ...BLOCKERS,
      answer_frequency: 'daily',
      every_day: true,
    });
    // New York leaves daylight time on Sunday Nov 1; Mondays at 09:00.
    world.clock.set('2026-10-20T00:00:00Z');
    const newYork = await world.as('cy').createEchoQuestion(BLOCKERS);
    world.clock.set('2026-11-03T00:00:00Z');
    const inBerlin = await writtenAnswers(world.as('ben'), berlin.id);
    expect(publishedTimes(inBerlin).slice(-4).reverse()).toEqual([
      '2026-10-24T07:00:00Z',
      '2026-10-25T08:00:00Z',
      '2026-10-26T08:00:00Z',
      '2026-10-27T08:00:00Z',
    ]);
    expect(inBerlin.at(-2)?.title).toBe('Weekly blockers - Oct 24, 2026');
    const inNewYork = await writtenAnswers(world.as('cy'), newYork.id);
    expect(inNewYork.map((answer) => [answer.published_at, answer.title])).toEqual([
      ['2026-11-02T14:00:00Z', 'Weekly blockers - Oct 26 - Nov 1, 2026'],
      ['2026-10-26T13:00:00Z', 'Weekly blockers - Oct 19-25, 2026'],
    ]);
  });
});

/**
 * Echo questions: a person's recurring questions. They belong to their creator (anyone else gets 404).
 * next_answer_at is computed from the schedule at read time, so it is always the next occurrence
 * strictly after now; paused questions have none. Every read or change of a person's questions first
 * publishes their due answers (echo-answers.ts), so nothing is missed between scheduler runs.
 */

import {
  type EchoFields,
  type EchoQuestionInput,
  type EchoQuestionPatch,
  echoErrors,
  echoInputSchema,
} from './echo-input.js';
import { biweeklyAnchor, type EchoSchedule, type Frequency, nextOccurrence } from './echo-schedule.js';
import { ValidationError } from './errors.js';
import { newId } from './ids.js';
import { ownPage, ownRow } from './personal.js';
import type { EchoQuestionRow } from './repository.js';
import type { ServiceContext } from './service-context.js';
import { timestamp, wireTime } from './time.js';
import type { EchoQuestion, Page } from './types.js';
import { parseInput } from './validation.js';
import { sortWeekdays, type Weekday } from './weekdays.js';

/**
 * A question's schedule. A daily question answers only on its owner's report days (`reportDays`, from
 * reportDaysOf) unless it was made `every_day`.
 */
export function scheduleOf(row: EchoQuestionRow, reportDays: readonly Weekday[] | null): EchoSchedule {
  return {
    frequency: row.frequency as Frequency,
    day: row.day as Weekday | null,
    time: row.time,
    zone: row.time_zone,
    anchor: row.anchor_at ? new Date(row.anchor_at) : null,
    days: row.frequency === 'daily' && !row.every_day ? reportDays : null,
  };
}

/**
 * The days a person reports on: the report days of every team they report to (observers do not), so a
 * day somebody of theirs reports on counts. Null, meaning every day, for a person who reports nowhere.
 */
export async function reportDaysOf(context: ServiceContext, personId: string): Promise<Weekday[] | null> {
  const teams = await context.teamRows(await context.repo.reportingTeamIdsOf(personId));
  if (teams.size === 0) return null;
  return sortWeekdays([...new Set([...teams.values()].flatMap((team) => team.report_days))]);
}

export class Echoes {
  constructor(private readonly context: ServiceContext) {}

  private now(): Date {
    return this.context.options.clock.now();
  }

  /** One of the caller's questions (404 for anyone else's), after publishing the caller's due answers. */
  async own(id: string): Promise<EchoQuestionRow> {
    await this.catchUp();
    return ownRow(
      this.context,
      id,
      (key) => this.context.repo.findEchoQuestion(key),
      `no Echo question ${id}`,
    );
  }

  /** The caller's report days, which their daily questions follow. */
  private async reportDays(): Promise<Weekday[] | null> {
    return reportDaysOf(this.context, (await this.context.viewer()).person.id);
  }

  readonly serialize = (row: EchoQuestionRow, reportDays: readonly Weekday[] | null): EchoQuestion => ({
    id: row.id,
    prompt: row.prompt,
    title: row.title,
    answer_frequency: row.frequency as Frequency,
    ...(row.frequency !== 'daily' && row.day ? { answer_day: row.day as Weekday } : {}),
    answer_time: row.time,
    answer_time_zone: row.time_zone,
    next_answer_at: row.paused_at
      ? null
      : wireTime(nextOccurrence(scheduleOf(row, reportDays), this.now()).toISOString()),
    paused_at: wireTime(row.paused_at),
    every_day: row.every_day,
    skipped:
      row.skipped_count && row.skipped_from && row.skipped_until
        ? {
            count: row.skipped_count,
            first: wireTime(row.skipped_from),
            last: wireTime(row.skipped_until),
          }
        : null,
    created_at: wireTime(row.created_at),
    updated_at: wireTime(row.updated_at),
    url: this.context.urls.echoQuestion(row.id),
  });

  /** Publishes the caller's due answers first, so that nothing is missed between scheduler runs. */
  private async catchUp(): Promise<void> {
    const viewer = await this.context.viewer();
    await (await this.context.echoAnswers()).catchUp(viewer.person.id);
  }

  async list(query: unknown): Promise<Page<EchoQuestion>> {
    await this.catchUp();
    const { repo } = this.context;
    const days = await this.reportDays();
    return ownPage(
      this.context,
      query,
      (...mine) => repo.listEchoQuestions(...mine),
      (row) => this.serialize(row, days),
    );
  }

  async get(id: string): Promise<EchoQuestion> {
    return this.serialize(await this.own(id), await this.reportDays());
  }

  async create(input: EchoQuestionInput): Promise<EchoQuestion> {
    this.context.requireScope('write');
    const parsed = parseInput(echoInputSchema, input);
    const viewer = await this.context.viewer();
    const fields: EchoFields = {
      prompt: parsed.prompt ?? null,
      title: parsed.title ?? null,
      answer_frequency: parsed.answer_frequency ?? null,
      answer_day: parsed.answer_day ?? null,
      answer_time: parsed.answer_time ?? null,
    };
    const errors = echoErrors(fields);
    if (errors.length > 0) throw new ValidationError(errors);
    const now = timestamp(this.now());
    const days = await this.reportDays();
    const row = this.withSchedule(
      {
        id: await newId(),
        person_id: viewer.person.id,
        prompt: '',
        title: '',
        frequency: 'daily',
        day: null,
        time: '00:00',
        time_zone: viewer.person.time_zone,
        anchor_at: null,
        paused_at: null,
        created_at: now,
        updated_at: now,
        next_due_at: null,
        every_day: parsed.every_day ?? false,
        skipped_count: null,
        skipped_from: null,
        skipped_until: null,
      },
      fields,
      days,
    );
    await this.context.repo.saveEchoQuestion(row);
    return this.serialize(row, days);
  }

  async update(id: string, input: EchoQuestionPatch): Promise<EchoQuestion> {
    this.context.requireScope('write');
    const parsed = parseInput(echoInputSchema, input);
    const current = await this.own(id);
    const fields: EchoFields = {
      prompt: parsed.prompt !== undefined ? parsed.prompt : current.prompt,
      title: parsed.title !== undefined ? parsed.title : current.title,
      answer_frequency: parsed.answer_frequency !== undefined ? parsed.answer_frequency : current.frequency,
      answer_day: parsed.answer_day !== undefined ? parsed.answer_day : current.day,
      answer_time: parsed.answer_time !== undefined ? parsed.answer_time : current.time,
    };
    const errors = echoErrors(fields);
    if (errors.length > 0) throw new ValidationError(errors);
    const days = await this.reportDays();
    const everyDay = parsed.every_day ?? current.every_day;
    const row = this.withSchedule(
      { ...current, updated_at: timestamp(this.now()) },
      fields,
      days,
      everyDay !== current.every_day ? everyDay : undefined,
    );
    await this.context.repo.saveEchoQuestion(row);
    return this.serialize(row, days);
  }

  async delete(id: string): Promise<void> {
    this.context.requireScope('write');
    await this.context.repo.deleteEchoQuestion((await this.own(id)).id);
  }

  /** An extension of `pulse serve`: no answers while paused. */
  async pause(id: string): Promise<EchoQuestion> {
    this.context.requireScope('write');
    const row = await this.own(id);
    const now = timestamp(this.now());
    const paused = { ...row, paused_at: row.paused_at ?? now, updated_at: now, next_due_at: null };
    await this.context.repo.saveEchoQuestion(paused);
    return this.serialize(paused, await this.reportDays());
  }

  /** An extension of `pulse serve`: answers resume from the next occurrence (paused ones are skipped). */
  async resume(id: string): Promise<EchoQuestion> {
    this.context.requireScope('write');
    const row = await this.own(id);
    const days = await this.reportDays();
    const resumed = {
      ...row,
      paused_at: null,
      updated_at: timestamp(this.now()),
      next_due_at: row.paused_at
        ? timestamp(nextOccurrence(scheduleOf(row, days), this.now()))
        : row.next_due_at,
    };
    await this.context.repo.saveEchoQuestion(resumed);
    return this.serialize(resumed, days);
  }

  /**
   * Applies valid fields; a changed biweekly schedule counts its weeks from its new first occurrence, and
   * a changed schedule is next due at its next occurrence (earlier ones were published under the old one).
   */
  private withSchedule(
    row: EchoQuestionRow,
    fields: EchoFields,
    reportDays: readonly Weekday[] | null,
    everyDay?: boolean,
  ): EchoQuestionRow {
    const frequency = fields.answer_frequency as Frequency;
    const day = frequency === 'daily' ? null : (fields.answer_day as Weekday);
    const time = fields.answer_time as string;
    const timingChanged =
      frequency !== row.frequency || day !== row.day || time !== row.time || everyDay !== undefined;
    const next: EchoQuestionRow = {
      ...row,
      every_day: everyDay ?? row.every_day,
      prompt: fields.prompt as string,
      title: (fields.title as string).trim(),
      frequency,
      day,
      time,
    };
    if (frequency !== 'biweekly') next.anchor_at = null;
    else if (timingChanged || row.anchor_at === null)
      next.anchor_at = timestamp(biweeklyAnchor(day as Weekday, time, row.time_zone, this.now()));
    if (next.paused_at === null && (timingChanged || next.next_due_at === null))
      next.next_due_at = timestamp(nextOccurrence(scheduleOf(next, reportDays), this.now()));
    return next;
  }
}

/**
 * The notification scheduler (`pulse serve`, on a timer): on each tick it works out which reminders and
 * team summaries have come due, and sends each once through the webhooks' outbox.
 *
 * A reminder or summary is a slot keyed by what it is for, not by when: `reminder|PERSON|DATE|N` (the
 * person's N-th reminder of their local DATE) and `summary|TEAM|DATE`. The slot's row is inserted in the
 * transaction that writes its event, and only by the instance whose insert added it, so it goes out once
 * across instances, restarts, clock changes and DST shifts; a time changed during the day moves that
 * day's reminder but never adds a second one.
 *
 * On a tick at `now`, a slot whose instant is in (now - 1 h, now] is sent (late when more than 5 minutes
 * after its instant); an older one that nobody sent is recorded dropped and logged, unless it came due
 * before its setting was last changed (then it never existed). The local dates looked at are each
 * zone's yesterday and today, so a scheduler stopped for longer drops only that much, silently beyond.
 */
import { DateTime } from 'luxon';
import { checkInDue } from '../check-in-due.js';
import type { Clock } from '../clock.js';
import { NothingScheduledError } from '../errors.js';
import type { PersonRow, Repository, TeamRow } from '../repository.js';
import type { ServiceContext } from '../service-context.js';
import { addDays, dateIn, timestamp, wireTime } from '../time.js';
import type { CheckIn } from '../types.js';
import { Outbox } from '../webhooks/outbox.js';
import type { WebhookRow } from '../webhooks/repository.js';
import { weekdayOf } from '../weekdays.js';
import { personChannels, teamChannels } from './audience.js';
import type {
  NotificationSlotRow,
  ReminderChoiceRow,
  SlotOutcome,
  TeamNotificationRow,
} from './schedule-repository.js';
import { teamSummary } from './summary.js';
import type { ReminderData } from './types.js';

/** How long after its instant a slot is still sent (late); older ones are dropped. */
export const SEND_WINDOW_MS = 3_600_000;
/** Sent more than this after its instant, a slot is marked late. */
export const LATE_AFTER_MS = 5 * 60_000;
/** What a reminder tells a person to run. */
export const CHECK_IN_COMMAND = 'pulse checkin';

export interface SchedulerOptions {
  clock: Clock;
  /** A person's view of the core (their check-in's due state is decided as `pulse checkin due` does). */
  contextFor: (personId: string) => ServiceContext;
  /** Where dropped slots are told of. */
  log: (message: string) => void;
}

/** What one tick did: slots by outcome. */
export type TickReport = Record<SlotOutcome, number>;

/** One reminder or summary that may be due. */
interface Slot {
  key: string;
  kind: 'reminder' | 'summary';
  dueAt: Date;
  /** When the setting it comes from last changed: a slot due before that never existed. */
  configuredAt: string;
  /** Sends it (or finds it not due), in the slot's transaction; resolves to the outcome. */
  send: (late: boolean) => Promise<SlotOutcome>;
}

/**
 * The instant a local date and 'HH:MM' are in a zone: in a DST gap the time moves forward by the gap, in
 * an overlap the first of the two instants is taken (luxon's rule, as the Echo schedule's).
 */
export function localInstant(date: string, time: string, zone: string): Date {
  const instant = DateTime.fromISO(`${date}T${time}`, { zone });
  // luxon reads a repeated time at the later offset: the same wall time at the offset before the
  // change, when it exists, is the first occurrence.
  const before = instant.minus({ hours: 3 }).offset;
  if (before <= instant.offset) return instant.toJSDate();
  const earlier = instant.minus({ minutes: before - instant.offset });
  return earlier.toFormat('yyyy-MM-dd HH:mm') === instant.toFormat('yyyy-MM-dd HH:mm')
    ? earlier.toJSDate()
    : instant.toJSDate();
}

/** A reminder's times on one local date: the first and the second, each with the setting it comes from. */
export interface ReminderTimes {
  first: string | null;
  second: string | null;
  configuredAt: string;
}

/**
 * A person's reminder times on `date`: none when they chose 'off' or none of their teams reports that
 * weekday; their own times with 'own'; with 'team' (the default), the earliest remind_at of their teams
 * reporting that day that set one, and the earliest remind_again_at of those teams.
 */
export function reminderTimesOn(
  date: string,
  choice: ReminderChoiceRow | undefined,
  teams: readonly Pick<TeamRow, 'id' | 'report_days'>[],
  times: ReadonlyMap<string, TeamNotificationRow>,
): ReminderTimes | undefined {
  const weekday = weekdayOf(date);
  const reporting = teams.filter((team) => team.report_days.includes(weekday));
  if (reporting.length === 0 || choice?.mode === 'off') return undefined;
  if (choice?.mode === 'own') {
    return { first: choice.remind_at, second: choice.remind_again_at, configuredAt: choice.updated_at };
  }
  const set = reporting
    .map((team) => times.get(team.id))
    .filter((row): row is TeamNotificationRow => row?.remind_at != null);
  if (set.length === 0) return undefined;
  const earliest = (values: (string | null)[]) =>
    values.filter((value): value is string => value !== null).sort()[0] ?? null;
  const changes = [...set.map((row) => row.updated_at), ...(choice ? [choice.updated_at] : [])];
  return {
    first: earliest(set.map((row) => row.remind_at)),
    second: earliest(set.map((row) => row.remind_again_at)),
    configuredAt: changes.sort().at(-1) as string,
  };
}

export class NotificationScheduler {
  private readonly outbox: Outbox;

  constructor(
    private readonly repo: Repository,
    private readonly options: SchedulerOptions,
  ) {
    this.outbox = new Outbox(repo, options.clock);
  }

  /** Sends what has come due, records what is too late; returns how many slots ended each way. */
  async tick(): Promise<TickReport> {
    const now = this.options.clock.now();
    const report: TickReport = { sent: 0, late: 0, dropped: 0, not_due: 0 };
    const webhooks = await this.repo.listWebhooks();
    const times = new Map((await this.repo.teamNotificationTimes()).map((row) => [row.team_id, row]));
    const slots = [
      ...(await this.reminderSlots(now, webhooks, times)),
      ...(await this.summarySlots(now, webhooks, times)),
    ].filter((slot) => slot.dueAt <= now && timestamp(slot.dueAt) >= slot.configuredAt);
    const taken = await this.repo.takenSlots(slots.map((slot) => slot.key));
    for (const slot of slots) {
      if (taken.has(slot.key)) continue;
      const outcome = await this.settle(slot, now);
      if (outcome) report[outcome]++;
    }
    return report;
  }

  /** Sends, or drops, one slot; undefined when another instance had it already. */
  private async settle(slot: Slot, now: Date): Promise<SlotOutcome | undefined> {
    const age = now.getTime() - slot.dueAt.getTime();
    const row = (outcome: SlotOutcome): NotificationSlotRow => ({
      key: slot.key,
      kind: slot.kind,
      due_at: timestamp(slot.dueAt),
      outcome,
      event_id: null,
      created_at: timestamp(now),
    });
    if (age > SEND_WINDOW_MS) {
      if (!(await this.repo.claimSlot(row('dropped')))) return undefined;
      this.options.log(
        `dropped ${slot.kind} ${slot.key}: due at ${wireTime(timestamp(slot.dueAt))}, more than an hour ago`,
      );
      return 'dropped';
    }
    // Claimed first: a second instance's insert of the key waits for this transaction, then adds nothing.
    return this.repo.transaction(async () => {
      if (!(await this.repo.claimSlot(row('not_due')))) return undefined;
      return slot.send(age > LATE_AFTER_MS);
    });
  }

  private async reminderSlots(
    now: Date,
    webhooks: readonly WebhookRow[],
    times: ReadonlyMap<string, TeamNotificationRow>,
  ): Promise<Slot[]> {
    const personIds = [
      ...new Set(
        webhooks
          .filter((webhook) => webhook.person_id !== null)
          .map((webhook) => webhook.person_id as string),
      ),
    ].filter((id) => personChannels(webhooks, id, 'reminder.due').length > 0);
    if (personIds.length === 0) return [];
    const [people, choices, teamsOf] = await Promise.all([
      this.repo.peopleByIds(personIds),
      this.repo.reminderChoicesOf(personIds),
      this.repo.reportingTeamIdsOfPeople(personIds),
    ]);
    const choiceOf = new Map(choices.map((choice) => [choice.person_id, choice]));
    const teams = new Map(
      (await this.repo.teamsByIds([...new Set([...teamsOf.values()].flat())])).map((team) => [team.id, team]),
    );
    const slots: Slot[] = [];
    for (const person of people) {
      const theirTeams = (teamsOf.get(person.id) ?? [])
        .map((id) => teams.get(id))
        .filter((team): team is TeamRow => team !== undefined);
      const today = dateIn(person.time_zone, now);
      for (const date of [addDays(today, -1), today]) {
        const on = reminderTimesOn(date, choiceOf.get(person.id), theirTeams, times);
        if (!on) continue;
        for (const [reminder, time] of [
          [1, on.first],
          [2, on.second],
        ] as const) {
          if (time === null) continue;
          const dueAt = localInstant(date, time, person.time_zone);
          slots.push({
            key: `reminder|${person.id}|${date}|${reminder}`,
            kind: 'reminder',
            dueAt,
            configuredAt: on.configuredAt,
            send: (late) =>
              this.sendReminder(person, { date, reminder, local_time: time, due_at: dueAt, late }, webhooks),
          });
        }
      }
    }
    return slots;
  }

  /** Sends a person's reminder if their check-in of the date is still due. */
  private async sendReminder(
    person: PersonRow,
    slot: { date: string; reminder: 1 | 2; local_time: string; due_at: Date; late: boolean },
    webhooks: readonly WebhookRow[],
  ): Promise<SlotOutcome> {
    const context = this.options.contextFor(person.id);
    let checkIn: CheckIn | undefined;
    try {
      checkIn = await context.checkIns.get(slot.date);
    } catch (error) {
      if (!(error instanceof NothingScheduledError)) throw error;
    }
    if (!checkInDue(slot.date, checkIn).due) return 'not_due';
    const [previous] = await this.repo.listCompletedCheckIns(
      { visibility: { all: true }, personIds: [person.id], until: addDays(slot.date, -1) },
      { offset: 0, limit: 1 },
    );
    const data: ReminderData = {
      person: { id: person.id, name: person.name, email: person.email },
      date: slot.date,
      reminder: slot.reminder,
      local_time: slot.local_time,
      due_at: wireTime(timestamp(slot.due_at)),
      late: slot.late,
      command: CHECK_IN_COMMAND,
      url: checkIn?.url ?? null,
      previous_intentions: previous?.intentions ?? null,
      previous_date: previous?.date ?? null,
    };
    return this.record(
      `reminder|${person.id}|${slot.date}|${slot.reminder}`,
      personChannels(webhooks, person.id, 'reminder.due'),
      'reminder.due',
      data,
      slot.late,
    );
  }

  private async summarySlots(
    now: Date,
    webhooks: readonly WebhookRow[],
    times: ReadonlyMap<string, TeamNotificationRow>,
  ): Promise<Slot[]> {
    const settings = [...times.values()].filter(
      (row) => row.summary_at !== null && teamChannels(webhooks, row.team_id, 'team.summary').length > 0,
    );
    if (settings.length === 0) return [];
    const teams = new Map(
      (await this.repo.teamsByIds(settings.map((row) => row.team_id))).map((team) => [team.id, team]),
    );
    const slots: Slot[] = [];
    for (const setting of settings) {
      const team = teams.get(setting.team_id);
      if (!team) continue;
      const zone = setting.summary_time_zone ?? 'UTC';
      const today = dateIn(zone, now);
      for (const date of [addDays(today, -1), today]) {
        if (!team.report_days.includes(weekdayOf(date))) continue;
        const key = `summary|${team.id}|${date}`;
        slots.push({
          key,
          kind: 'summary',
          dueAt: localInstant(date, setting.summary_at as string, zone),
          configuredAt: setting.updated_at,
          send: async (late) => {
            const data = await teamSummary(this.repo, team, date, late);
            if (!data) return 'not_due';
            return this.record(
              key,
              teamChannels(webhooks, team.id, 'team.summary'),
              'team.summary',
              data,
              late,
            );
          },
        });
      }
    }
    return slots;
  }

  private async record(
    key: string,
    channelIds: number[],
    type: string,
    data: unknown,
    late: boolean,
  ): Promise<SlotOutcome> {
    const event = await this.outbox.recordTo(channelIds, type, data);
    if (!event) return 'not_due';
    const outcome = late ? 'late' : 'sent';
    await this.repo.setSlotEvent(key, event.id, outcome);
    return outcome;
  }
}

/**
 * When an Echo is answered: wall-clock times in the question's zone, computed with luxon so daylight-
 * saving changes are handled by the time-zone database. A local time that does not exist (the spring
 * gap) moves forward by the gap, as luxon does; an ambiguous one (the autumn repeat) takes the earlier
 * offset, i.e. the first of the two moments.
 */
import { DateTime } from 'luxon';
import { WEEKDAYS, type Weekday } from './weekdays.js';

export const FREQUENCIES = ['daily', 'weekly', 'biweekly', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export interface EchoSchedule {
  frequency: Frequency;
  /** The answer day (not used for daily). */
  day: Weekday | null;
  /** HH:MM, 24-hour. */
  time: string;
  zone: string;
  /** Biweekly: the first occurrence, from which every second week is counted. */
  anchor: Date | null;
  /** Daily: the only days it answers on (the owner's report days); null or absent, every day. */
  days?: readonly Weekday[] | null;
}

/** luxon numbers weekdays 1 (monday) to 7 (sunday). */
function luxonWeekday(day: Weekday): number {
  return ((WEEKDAYS.indexOf(day) + 6) % 7) + 1;
}

function at(day: DateTime, time: string): DateTime {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return day.set({ hour, minute, second: 0, millisecond: 0 });
}

/** The first moment strictly after `after` on a given weekday at the time (a weekly occurrence). */
function nextWeekly(day: Weekday, time: string, zone: string, after: DateTime): DateTime {
  const start = after.setZone(zone).startOf('day');
  for (let offset = 0; offset <= 14; offset++) {
    const date = start.plus({ days: offset });
    if (date.weekday !== luxonWeekday(day)) continue;
    const candidate = at(date, time);
    if (candidate > after) return candidate;
  }
  throw new Error('no weekly occurrence found within two weeks');
}

/** The next occurrence strictly after `after`. */
export function nextOccurrence(schedule: EchoSchedule, after: Date): Date {
  const moment = DateTime.fromJSDate(after, { zone: schedule.zone });
  switch (schedule.frequency) {
    case 'daily': {
      const days = schedule.days?.length ? schedule.days.map(luxonWeekday) : null;
      for (let offset = 0; offset <= 8; offset++) {
        const date = moment.startOf('day').plus({ days: offset });
        if (days && !days.includes(date.weekday)) continue;
        const candidate = at(date, schedule.time);
        if (candidate > moment) return candidate.toJSDate();
      }
      throw new Error('no daily occurrence found within a week');
    }
    case 'weekly':
      return nextWeekly(schedule.day as Weekday, schedule.time, schedule.zone, moment).toJSDate();
    case 'biweekly': {
      const anchor = DateTime.fromJSDate(schedule.anchor ?? after, { zone: schedule.zone });
      const anchorDay = anchor.startOf('day');
      const weeks = Math.max(0, Math.floor(moment.startOf('day').diff(anchorDay, 'days').days / 14));
      for (let k = weeks; ; k++) {
        const candidate = at(anchorDay.plus({ days: 14 * k }), schedule.time);
        if (candidate > moment) return candidate.toJSDate();
      }
    }
    case 'monthly': {
      for (let month = moment.startOf('month'); ; month = month.plus({ months: 1 })) {
        const first = month.plus({ days: (luxonWeekday(schedule.day as Weekday) - month.weekday + 7) % 7 });
        const candidate = at(first, schedule.time);
        if (candidate > moment) return candidate.toJSDate();
      }
    }
  }
}

/** The anchor of a biweekly schedule set at `from`: its first weekly occurrence after that moment. */
export function biweeklyAnchor(day: Weekday, time: string, zone: string, from: Date): Date {
  return nextWeekly(day, time, zone, DateTime.fromJSDate(from, { zone })).toJSDate();
}

/** How far back a catch-up needs to look to find its last 12 occurrences, with a margin. */
const LOOKBACK_DAYS: Record<Frequency, number> = {
  daily: 13,
  weekly: 13 * 7,
  biweekly: 13 * 14,
  monthly: 13 * 31,
};

/** Occurrences a catch-up left out: how many, and the first and last of them. */
export interface Skipped {
  count: number;
  first: Date;
  last: Date;
}

/**
 * The occurrences from `first` (the earliest not yet published) up to and including `now`, at most the
 * last `keep` of them, the occurrence after those, and what was left out before them (null when
 * nothing was). Long gaps are not walked to find what is due; the ones left out are, only to count them.
 */
export function dueOccurrences(
  schedule: EchoSchedule,
  first: Date,
  now: Date,
  keep = 12,
): { due: Date[]; next: Date; skipped: Skipped | null } {
  // A daily schedule on some days of the week only needs as many weeks as it takes to meet 12 of them.
  const lookback =
    schedule.frequency === 'daily' && schedule.days?.length
      ? (Math.ceil(13 / schedule.days.length) + 1) * 7
      : LOOKBACK_DAYS[schedule.frequency];
  const cutoff = new Date(now.getTime() - lookback * 86_400_000);
  let at = first < cutoff ? nextOccurrence(schedule, cutoff) : first;
  const occurrences: Date[] = [];
  while (at <= now) {
    occurrences.push(at);
    at = nextOccurrence(schedule, at);
  }
  const due = occurrences.slice(-keep);
  const firstKept = due[0] ?? at;
  let count = 0;
  let last = first;
  for (let left = first; left < firstKept; left = nextOccurrence(schedule, left)) {
    count++;
    last = left;
  }
  return { due, next: at, skipped: count > 0 ? { count, first, last } : null };
}

/** Day names as the interface spells them, indexed like Date#getUTCDay (0 = sunday). */
export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const DEFAULT_REPORT_DAYS: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

export function isWeekday(value: string): value is Weekday {
  return (WEEKDAYS as readonly string[]).includes(value);
}

/** The weekday of a calendar date (YYYY-MM-DD); calendar dates have no time zone. */
export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] as Weekday;
}

/** Sorts day names into week order (sunday first, as the interface's enum lists them) without repeats. */
export function sortWeekdays(days: Iterable<Weekday>): Weekday[] {
  const set = new Set(days);
  return WEEKDAYS.filter((day) => set.has(day));
}

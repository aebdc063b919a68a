/**
 * Calendar ranges as people read them, in fixed English so answers do not depend on the machine's
 * locale: "Nov 22, 2026", "Nov 16-22, 2026", "Nov 30 - Dec 6, 2026", "November 2026".
 */
import { addDays } from './time.js';
import { weekdayOf } from './weekdays.js';

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function parts(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

const shortMonth = (month: number) => (MONTHS[month - 1] as string).slice(0, 3);

/** The first and last dates of a month (1-12). */
export function monthRange(year: number, month: number): { start: string; end: string } {
  const start = `${year}-${String(month).padStart(2, '0')}-01`;
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { start, end: addDays(next, -1) };
}

/** "Nov 22, 2026" */
export function formatDate(date: string): string {
  const { year, month, day } = parts(date);
  return `${shortMonth(month)} ${day}, ${year}`;
}

/** "Wed Nov 18": a date within an answer, whose range already gives the year. */
export function formatDay(date: string): string {
  const { month, day } = parts(date);
  const weekday = weekdayOf(date);
  return `${weekday.charAt(0).toUpperCase()}${weekday.slice(1, 3)} ${shortMonth(month)} ${day}`;
}

/** A range of dates, inclusive, in its shortest unambiguous form. */
export function formatDateRange(start: string, end: string): string {
  if (start === end) return formatDate(start);
  const from = parts(start);
  const to = parts(end);
  const wholeMonth = monthRange(from.year, from.month);
  if (start === wholeMonth.start && end === wholeMonth.end) return `${MONTHS[from.month - 1]} ${from.year}`;
  if (from.year !== to.year) return `${formatDate(start)} - ${formatDate(end)}`;
  if (from.month !== to.month)
    return `${shortMonth(from.month)} ${from.day} - ${shortMonth(to.month)} ${to.day}, ${to.year}`;
  return `${shortMonth(from.month)} ${from.day}-${to.day}, ${to.year}`;
}

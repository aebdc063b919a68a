/**
 * A timestamp as a person reads it on a terminal: "3 hours ago", "in 2 days", relative to the injected
 * clock (Intl.RelativeTimeFormat, no dependency). Piped output and JSON keep the exact ISO time.
 */

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

let format: Intl.RelativeTimeFormat | undefined;

/** `at` relative to `now`, in the largest whole unit: "2 minutes ago", "in 3 weeks", "just now". */
export function relativeTime(at: string | Date, now: Date): string {
  const seconds = (new Date(at).getTime() - now.getTime()) / 1000;
  if (Number.isNaN(seconds)) return String(at);
  format ??= new Intl.RelativeTimeFormat('en', { numeric: 'always' });
  for (const [unit, length] of UNITS) {
    const count = Math.trunc(seconds / length);
    if (count !== 0) return format.format(count, unit);
  }
  return 'just now';
}

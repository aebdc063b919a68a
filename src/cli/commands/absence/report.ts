/**
 * The per-date report of the absence commands: one line per date on stdout, a summary on stderr, or
 * with --json one object `{results, summary}` on stdout. Outcomes in JSON are snake_case words.
 */

/** What happened to one date; every outcome but `failed` leaves the date as asked. */
export const OUTCOMES = [
  'created',
  'already_set',
  'removed',
  'not_set',
  'would_add',
  'would_remove',
  'skipped',
  'duplicate',
  'failed',
] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface AbsenceResult {
  /** The member: for an import as the input named them, else their slug; null for the team. */
  member: string | null;
  /** The date, or a malformed row's date field as written (null when there was none). */
  date: string | null;
  outcome: Outcome;
  /** Why it failed. */
  error?: string;
  /** Why it was skipped. */
  reason?: string;
  /** The input line (imports). */
  line?: number;
}

export type Summary = { total: number } & Record<Outcome, number>;

export function summarise(results: AbsenceResult[]): Summary {
  const summary = { total: results.length } as Summary;
  for (const outcome of OUTCOMES) summary[outcome] = 0;
  for (const result of results) summary[result.outcome]++;
  return summary;
}

const words = (outcome: Outcome) => outcome.replace('_', ' ');

export const memberLabel = (member: string | null) => member ?? 'team';

/** `2026-12-24  ana-diaz  created`, the member column padded to `width`. */
export function resultLine(result: AbsenceResult, width: number): string {
  let outcome = words(result.outcome);
  if (result.reason) outcome += ` (${result.reason})`;
  if (result.error) outcome += `: ${result.error}`;
  return `${result.date ?? '-'}  ${memberLabel(result.member).padEnd(width)}  ${outcome}`;
}

/** "200 dates: 180 created, 20 already set" (only the outcomes that occurred). */
export function summaryLine(summary: Summary, notes: string[] = []): string {
  const counts = OUTCOMES.filter((outcome) => summary[outcome] > 0).map(
    (outcome) => `${summary[outcome]} ${words(outcome)}`,
  );
  const head = `${summary.total} ${summary.total === 1 ? 'date' : 'dates'}`;
  const tail = notes.length ? ` (${notes.join('; ')})` : '';
  return `${counts.length ? `${head}: ${counts.join(', ')}` : head}${tail}`;
}

/**
 * What is already set, read before an absence run writes anything: one ranged list of the members'
 * absences and one of the team's holidays, in pages of up to MAX_ABSENCE_PAGE. Knowing it, a run sends
 * only the changes (a nightly re-run of unchanged dates sends none), and a dry run says "already set" or
 * "not set" truthfully, remotely too. A deployment without the lists (they are pulse extensions) leaves
 * it unknown: every date is then sent, as idempotent writes.
 */
import { UnsupportedError } from '../../../core/errors.js';
import { MAX_ABSENCE_PAGE } from '../../../core/page-size.js';
import type { TeamService } from '../../../core/v1/team-service.js';
import { allPages } from '../../paging.js';

/** The dates set, keyed `memberId|date` (the team's as `|date`); undefined when it cannot be read. */
export type AlreadySet = ReadonlySet<string> | undefined;

export const absenceKey = (memberId: string | null, date: string) => `${memberId ?? ''}|${date}`;

export async function readAlreadySet(
  service: TeamService,
  wanted: { memberId: string | null; date: string }[],
): Promise<AlreadySet> {
  if (wanted.length === 0) return new Set();
  const dates = wanted.map((item) => item.date).sort();
  const range = { from: dates[0] as string, to: dates.at(-1) as string, per_page: MAX_ABSENCE_PAGE };
  const members = new Set(wanted.flatMap((item) => (item.memberId === null ? [] : [item.memberId])));
  const set = new Set<string>();
  try {
    if (members.size > 0) {
      // One member's list when the run is about one member; else every member's, in one walk.
      const [only] = members;
      const member = members.size === 1 && only !== undefined ? { member: only } : {};
      const absences = await allPages((page) => service.listMemberAbsences({ ...range, ...member, page }));
      for (const absence of absences) set.add(absenceKey(absence.member.id, absence.date));
    }
    if (wanted.some((item) => item.memberId === null)) {
      const holidays = await allPages((page) => service.listTeamAbsences({ ...range, page }));
      for (const holiday of holidays) set.add(absenceKey(null, holiday.date));
    }
  } catch (error) {
    if (error instanceof UnsupportedError) return undefined;
    throw error;
  }
  return set;
}

/**
 * A team's daily summary (`team.summary`): its reporting members on a date, each checked in (and maybe
 * blocked), absent or still missing. Only what a plain member of the team sees: a check-in counts only
 * when shared with the team (canSeeCheckIn for a member of that team alone); a member who checked in
 * without sharing it with this team is in the member count but in no list.
 */
import { isAbsent } from '../check-in-rules.js';
import { checkInId } from '../ids.js';
import type { Repository, TeamRow } from '../repository.js';
import { canSeeCheckIn } from '../visibility.js';
import { plainMemberOf } from './audience.js';
import type { SummaryData } from './types.js';

/** The team's summary of `date`; undefined when the team is on holiday that day (nothing to say). */
export async function teamSummary(
  repo: Repository,
  team: Pick<TeamRow, 'id' | 'name'>,
  date: string,
  late: boolean,
): Promise<SummaryData | undefined> {
  if ((await repo.teamAbsences([team.id], [date])).size > 0) return undefined;
  const memberIds = (await repo.membershipsOfTeam(team.id))
    .filter((membership) => membership.role === 'active')
    .map((membership) => membership.person_id);
  const people = (await repo.peopleByIds(memberIds)).sort(
    (a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  );
  const absences = await repo.memberAbsences(memberIds, [date]);
  const viewer = plainMemberOf(team.id);
  const summary: SummaryData = {
    team: { id: team.id, name: team.name },
    date,
    checked_in: [],
    blocked: [],
    absent: [],
    missing: [],
    counts: { members: people.length, checked_in: 0, blocked: 0, absent: 0, missing: 0 },
    late,
  };
  for (const person of people) {
    const ref = { id: person.id, name: person.name };
    const checkIn = await repo.findCheckIn(await checkInId(person.id, date));
    const absent = isAbsent(checkIn?.team_ids ?? [], {
      member: absences.has(`${person.id}|${date}`),
      teams: new Set(),
    });
    if (checkIn?.completed_at) {
      if (!canSeeCheckIn(viewer, checkIn)) continue;
      summary.checked_in.push(ref);
      if (checkIn.blocked) summary.blocked.push({ ...ref, blockers: checkIn.blockers ?? '' });
    } else if (absent) {
      summary.absent.push(ref);
    } else {
      summary.missing.push(ref);
    }
  }
  summary.counts = {
    members: people.length,
    checked_in: summary.checked_in.length,
    blocked: summary.blocked.length,
    absent: summary.absent.length,
    missing: summary.missing.length,
  };
  return summary;
}

/**
 * `pulse absence list`: what is set, read back through the v1 TeamService lists (pulse extensions), every
 * page: member absences and team holidays in one list by date, a day's holiday first, then its members by
 * email.
 */
import { MAX_ABSENCE_PAGE } from '../../../core/page-size.js';
import { isCalendarDate } from '../../../core/time.js';
import type { AbsenceRangeQuery } from '../../../core/v1/team-service.js';
import type { CommandContext } from '../../command-context.js';
import { type DateFlagReading, parseDateWord } from '../../dates.js';
import { UsageError } from '../../errors.js';
import { allPages } from '../../paging.js';
import { Acting, isMe, resolveMember } from './members.js';

export interface ListOptions {
  from?: string;
  to?: string;
  team?: string;
  json?: boolean;
}

/** One absence as listed: a member's (member set) or the team's holiday (member null). */
export interface AbsenceListItem {
  date: string;
  member: { id: string; slug: string; email: string } | null;
}

export async function list(
  cc: CommandContext,
  reference: string | undefined,
  options: ListOptions,
): Promise<void> {
  const acting = new Acting(cc, reference !== undefined && isMe(reference));
  const today = () => acting.today();
  const from = await dateOf(options.from ?? 'today', '--from', today);
  const to =
    options.to === undefined
      ? undefined
      : await dateOf(options.to, '--to', today, { edge: 'end', direction: 'future' });
  if (to !== undefined && from > to) throw new UsageError(`--from ${from} is after --to ${to}`);
  const service = await cc.backends.teamService(options.team);
  const member = reference === undefined ? undefined : await resolveMember(service, reference, acting);
  const range: AbsenceRangeQuery = { from, ...(to === undefined ? {} : { to }), per_page: MAX_ABSENCE_PAGE };
  const spinner = cc.ctx.streams.stderr;
  const absences = await allPages(
    (page) => service.listMemberAbsences({ ...range, ...(member ? { member: member.id } : {}), page }),
    spinner,
  );
  const holidays = await allPages((page) => service.listTeamAbsences({ ...range, page }), spinner);
  const items: AbsenceListItem[] = [
    ...holidays.map(({ date }) => ({ date, member: null })),
    ...absences.map(({ date, member: { id, slug, email } }) => ({ date, member: { id, slug, email } })),
  ];
  // A day's holiday first, then its members by email (the server's order is by member id, which says nothing).
  const order = (item: AbsenceListItem) => `${item.date}|${item.member?.email ?? ''}`;
  items.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  /** A member as the command line named them, else by email; a holiday is the team's. */
  const who = (item: AbsenceListItem) =>
    item.member === null ? 'team' : (reference?.trim() ?? item.member.email);
  const span = to === undefined ? `from ${from} on` : `from ${from} to ${to}`;
  await cc.out.list(items, options.json, `No absences ${span}.`, [
    { header: 'DATE', cell: (item) => item.date },
    { header: 'MEMBER', cell: (item) => (item.member === null ? 'team holiday' : who(item)), plain: who },
  ]);
}

async function dateOf(
  value: string,
  flag: string,
  today: () => Promise<string>,
  reading: DateFlagReading = {},
): Promise<string> {
  const word = value.trim().toLowerCase();
  // A calendar date needs no "today" (remotely, finding it may cost a request).
  if (isCalendarDate(word)) return parseDateWord(word, '', flag);
  return parseDateWord(word, await today(), flag, reading);
}

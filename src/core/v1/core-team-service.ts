/**
 * The TeamService on a Repository: the v1 interface's rules for one team. Used directly by local
 * commands and behind `pulse serve`'s /api/v1, so both paths decide the same way.
 */

import { ACTIVITY_KINDS } from '../activity-input.js';
import type { Clock } from '../clock.js';
import type { CoreService } from '../core-service.js';
import { BadRequestError, NotFoundError, UnauthenticatedError, ValidationError } from '../errors.js';
import { checkInId, isUuid, newId, reportId } from '../ids.js';
import { MAX_ABSENCE_PAGE } from '../page-size.js';
import { windowOf } from '../paging.js';
import { dateParam, integerParam, pageParams, parseQuery, textParam } from '../query-params.js';
import type {
  ActivityRow,
  CheckInRow,
  CommentRow,
  DateRange,
  MembershipRow,
  PersonRow,
  ReactionRow,
  Repository,
  TeamRow,
} from '../repository.js';
import { refuseBadText } from '../text.js';
import { addDays, dateIn, dateOutOfRange, isCalendarDate, timestamp } from '../time.js';
import { weekdayOf } from '../weekdays.js';
import { type AbsenceInput, absenceDate, requireDate } from './absence-input.js';
import { firstReportDate, reportDates, reportMetrics, reportQuestions } from './reports.js';
import {
  serializeComment,
  serializeReaction,
  serializeStatus,
  serializeStatusActivity,
  serializeUser,
  V1UrlBuilder,
} from './serialize.js';
import { readStatusActivity, type StatusActivityInput } from './status-activity-input.js';
import { normaliseTag } from './tags.js';
import {
  type AbsenceOutcome,
  type AbsenceRangeQuery,
  type MemberAbsenceQuery,
  type MemberQuery,
  type TeamService,
  V1_PAGE_SIZE,
  type V1Page,
  type V1PageQuery,
} from './team-service.js';
import type {
  V1Comment,
  V1Member,
  V1MemberAbsence,
  V1MemberAbsenceItem,
  V1Reaction,
  V1Report,
  V1Status,
  V1StatusActivity,
  V1TeamAbsence,
  V1TeamAbsenceItem,
  V1User,
} from './types.js';

export interface TeamServiceOptions {
  clock: Clock;
  /** Base of every `url` field, e.g. https://pulse.example.com. */
  publicUrl: string;
  /** The v2 Service as a person: the check-in an activity attaches to is created by the same rules. */
  serviceFor(personId: string): CoreService;
}

interface Member {
  membership: MembershipRow;
  person: PersonRow;
}

// How far ahead a pushed activity looks for the member's next check-in when none is scheduled today.
const ATTACH_HORIZON_DAYS = 28;

/** The query of v1's lists: its page (of V1_PAGE_SIZE), and the members' search text. */
const listParams = { page: pageParams.page, q: textParam('q', 255) };

/** The query of the absence lists (pulse extensions): the page and a range of dates; one member's. */
/** The absence lists' page size (MAX_ABSENCE_PAGE says why it may be larger than v1's pages). */
const absencePageSize = integerParam('per_page', 1, MAX_ABSENCE_PAGE);

const teamAbsenceParams = {
  page: pageParams.page,
  per_page: absencePageSize,
  from: dateParam('from'),
  to: dateParam('to'),
};
const memberAbsenceParams = { ...teamAbsenceParams, member: textParam('member', 255) };

/** The range of an absence list's query; from after to is a 400 naming both. */
function absenceRange({ from, to }: DateRange): DateRange {
  if (from !== undefined && to !== undefined && from > to) {
    throw new BadRequestError([`from must not be after to (from ${from}, to ${to})`]);
  }
  return { from, to };
}

/** How a comment or a reaction becomes its v1 form. */
type StatusResponseSerializer<Row, Item> = (
  row: Row,
  author: V1User,
  statusAuthor: string,
  statusDate: string,
  urls: V1UrlBuilder,
) => Item;

function paged<T>(all: T[], page: number): V1Page<T> {
  const start = (page - 1) * V1_PAGE_SIZE;
  return { items: all.slice(start, start + V1_PAGE_SIZE), page, hasNext: all.length > start + V1_PAGE_SIZE };
}

// One collator for every comparison: localeCompare with a locale builds one per call (~2 µs each, so
// sorting a team of a hundred cost milliseconds).
const names = new Intl.Collator('en', { sensitivity: 'base' });

const byLastName = (a: Member, b: Member) =>
  names.compare(a.person.last_name, b.person.last_name) ||
  names.compare(a.person.first_name, b.person.first_name) ||
  a.person.id.localeCompare(b.person.id);

export class CoreTeamService implements TeamService {
  private readonly urls: V1UrlBuilder;
  private teamCache?: Promise<TeamRow>;
  private membersCache?: Promise<Member[]>;

  constructor(
    private readonly repo: Repository,
    readonly teamId: string,
    private readonly options: TeamServiceOptions,
  ) {
    this.urls = new V1UrlBuilder(options.publicUrl);
  }

  async close(): Promise<void> {}

  // --- members ------------------------------------------------------------------------------------

  async listMembers(query: MemberQuery = {}): Promise<V1Page<V1Member>> {
    const { page = 1, q } = parseQuery(listParams, query);
    const needle = q?.trim().toLowerCase() ?? '';
    const members = (await this.activeMembers()).filter(
      ({ person }) =>
        needle === '' ||
        [person.first_name, person.last_name, person.email].some((field) =>
          field.toLowerCase().includes(needle),
        ),
    );
    const result = paged(members, page);
    return { ...result, items: await Promise.all(result.items.map((member) => this.member(member))) };
  }

  async getMember(idOrSlug: string): Promise<V1Member> {
    return this.member(await this.findMember(idOrSlug));
  }

  // --- reports ------------------------------------------------------------------------------------

  async listReports(query: V1PageQuery = {}): Promise<V1Page<V1Report>> {
    const { page = 1 } = parseQuery(listParams, query);
    // The dates up to this page and one more, which says whether another page follows.
    const result = paged(await this.reportDays(page * V1_PAGE_SIZE + 1), page);
    return { ...result, items: await this.reports(result.items) };
  }

  async getReport(idOrDate: string): Promise<V1Report> {
    const outOfRange = dateOutOfRange('the date', idOrDate);
    if (outOfRange) throw new BadRequestError([outOfRange]);
    const dates = await this.reportDays();
    let date: string | undefined;
    if (isCalendarDate(idOrDate)) date = dates.includes(idOrDate) ? idOrDate : undefined;
    else if (isUuid(idOrDate)) {
      const wanted = idOrDate.toLowerCase();
      for (const candidate of dates) {
        if ((await reportId(this.teamId, candidate)) === wanted) {
          date = candidate;
          break;
        }
      }
    }
    if (date === undefined) throw new NotFoundError(`no report ${idOrDate} in this team`);
    return (await this.reports([date]))[0] as V1Report;
  }

  // --- statuses -----------------------------------------------------------------------------------

  async listStatuses(query: V1PageQuery = {}): Promise<V1Page<V1Status>> {
    const { page = 1 } = parseQuery(listParams, query);
    const paging = { page, perPage: V1_PAGE_SIZE };
    const rows = await this.repo.listTeamStatuses(this.teamId, windowOf(paging));
    return this.statusPage(rows, page, false);
  }

  async getStatus(idOrSlug: string): Promise<V1Status> {
    const row = await this.findStatus(idOrSlug);
    return (await this.statuses([row], false))[0] as V1Status;
  }

  async listTagStatuses(tag: string, query: V1PageQuery = {}): Promise<V1Page<V1Status>> {
    const { page = 1 } = parseQuery(listParams, query);
    refuseBadText({ tag });
    const name = normaliseTag(tag);
    if (name === undefined) throw new NotFoundError(`no tag ${tag} in this team`);
    const rows = await this.repo.listTeamStatusesTagged(
      this.teamId,
      name,
      windowOf({ page, perPage: V1_PAGE_SIZE }),
    );
    if (page === 1 && rows.length === 0) throw new NotFoundError(`no status of this team carries #${name}`);
    return this.statusPage(rows, page, true);
  }

  async listTags(query: V1PageQuery = {}): Promise<V1Page<string>> {
    const { page = 1 } = parseQuery(listParams, query);
    const rows = await this.repo.listTeamTags(this.teamId, windowOf({ page, perPage: V1_PAGE_SIZE }));
    return { items: rows.slice(0, V1_PAGE_SIZE), page, hasNext: rows.length > V1_PAGE_SIZE };
  }

  // --- status activities --------------------------------------------------------------------------

  async getStatusActivity(id: string): Promise<V1StatusActivity> {
    const row = isUuid(id) ? await this.repo.findActivity(id.toLowerCase()) : undefined;
    if (!row?.check_in_id || !(await this.teamStatus(row.check_in_id))) {
      throw new NotFoundError(`no status activity ${id} in this team`);
    }
    return serializeStatusActivity(row as ActivityRow & { check_in_id: string });
  }

  async createStatusActivity(input: StatusActivityInput): Promise<V1StatusActivity> {
    const { value, errors } = await readStatusActivity(input);
    if (errors.length > 0) throw new ValidationError(errors);
    const email = value.email.toLowerCase();
    const member = (await this.activeMembers()).find(({ person }) => person.email.toLowerCase() === email);
    if (!member)
      throw new ValidationError([`email ${value.email} is not an address of a member of this team`]);
    const date = await this.attachDate(member.person);
    if (date === undefined) {
      throw new ValidationError([
        `no check-in of ${value.email} is scheduled in this team in the next ${ATTACH_HORIZON_DAYS} days`,
      ]);
    }
    return this.repo.transaction(async () => {
      const checkIn = await this.options.serviceFor(member.person.id).context.checkIns.openOn(date);
      const row: ActivityRow & { check_in_id: string } = {
        id: await newId(),
        person_id: member.person.id,
        kind: (ACTIVITY_KINDS as readonly string[]).includes(value.source) ? value.source : 'custom',
        group_name: value.source,
        title: null,
        description: value.plain,
        url: value.sourceUrl,
        recorded_at: timestamp(this.options.clock.now()),
        check_in_id: checkIn.id,
        html_description: value.html,
      };
      await this.repo.insertActivity(row);
      return serializeStatusActivity(row);
    });
  }

  // --- comments and reactions ---------------------------------------------------------------------

  async listComments(query: V1PageQuery = {}): Promise<V1Page<V1Comment>> {
    const { page = 1 } = parseQuery(listParams, query);
    const rows = await this.repo.listTeamComments(this.teamId, windowOf({ page, perPage: V1_PAGE_SIZE }));
    return this.responsePage(rows, page, serializeComment);
  }

  async listReactions(query: V1PageQuery = {}): Promise<V1Page<V1Reaction>> {
    const { page = 1 } = parseQuery(listParams, query);
    const rows = await this.repo.listTeamReactions(this.teamId, windowOf({ page, perPage: V1_PAGE_SIZE }));
    return this.responsePage(rows, page, serializeReaction);
  }

  async getComment(id: string): Promise<V1Comment> {
    return this.onTeamStatus(id, 'comment', (key) => this.repo.findComment(key), serializeComment);
  }

  async getReaction(id: string): Promise<V1Reaction> {
    return this.onTeamStatus(id, 'reaction', (key) => this.repo.findReactionById(key), serializeReaction);
  }

  /** A comment or reaction (what) on one of the team's statuses, with its author; anything else is a 404. */
  private async onTeamStatus<Row extends CommentRow | ReactionRow, Item>(
    id: string,
    what: string,
    find: (id: string) => Promise<Row | undefined>,
    serialize: StatusResponseSerializer<Row, Item>,
  ): Promise<Item> {
    const notFound = `no ${what} ${id} in this team`;
    const row = isUuid(id) ? await find(id.toLowerCase()) : undefined;
    const status = row?.resource_type === 'check-in' ? await this.teamStatus(row.resource_id) : undefined;
    if (!row || !status) throw new NotFoundError(notFound);
    const people = await this.personRows([row.person_id, status.person_id]);
    const author = people.get(row.person_id);
    if (!author) throw new NotFoundError(notFound);
    return serialize(
      row,
      await serializeUser(author),
      people.get(status.person_id)?.name ?? '',
      status.date,
      this.urls,
    );
  }

  /**
   * A page of comments or reactions read through windowOf, all on the team's check-ins (the store's
   * query keeps to them), each with its author and its status's author and date.
   */
  private async responsePage<Row extends CommentRow | ReactionRow, Item>(
    rows: Row[],
    page: number,
    serialize: StatusResponseSerializer<Row, Item>,
  ): Promise<V1Page<Item>> {
    const pageRows = rows.slice(0, V1_PAGE_SIZE);
    const checkIns = new Map(
      (await this.repo.checkInsByIds([...new Set(pageRows.map((row) => row.resource_id))])).map((row) => [
        row.id,
        row,
      ]),
    );
    const people = await this.personRows([
      ...pageRows.map((row) => row.person_id),
      ...[...checkIns.values()].map((row) => row.person_id),
    ]);
    const users = new Map(
      await Promise.all(
        [...people.values()].map(async (person) => [person.id, await serializeUser(person)] as const),
      ),
    );
    const items = pageRows.flatMap((row) => {
      const status = checkIns.get(row.resource_id);
      const author = users.get(row.person_id);
      if (!status || !author) return [];
      return [serialize(row, author, people.get(status.person_id)?.name ?? '', status.date, this.urls)];
    });
    return { items, page, hasNext: rows.length > V1_PAGE_SIZE };
  }

  // --- absences -----------------------------------------------------------------------------------

  async listMemberAbsences(query: MemberAbsenceQuery = {}): Promise<V1Page<V1MemberAbsenceItem>> {
    const {
      page = 1,
      per_page: perPage = V1_PAGE_SIZE,
      member,
      ...dates
    } = parseQuery(memberAbsenceParams, query);
    const range = absenceRange(dates);
    const members = member === undefined ? await this.activeMembers() : [await this.findMember(member)];
    const byId = new Map(members.map(({ person }) => [person.id, person]));
    const rows = await this.repo.listMemberAbsences([...byId.keys()], range, windowOf({ page, perPage }));
    const items = rows.slice(0, perPage).flatMap(({ person_id, date }) => {
      const person = byId.get(person_id);
      return person ? [{ member: { id: person.id, slug: person.slug, email: person.email }, date }] : [];
    });
    return { items, page, hasNext: rows.length > perPage };
  }

  async listTeamAbsences(query: AbsenceRangeQuery = {}): Promise<V1Page<V1TeamAbsenceItem>> {
    const { page = 1, per_page: perPage = V1_PAGE_SIZE, ...dates } = parseQuery(teamAbsenceParams, query);
    const range = absenceRange(dates);
    await this.team();
    const rows = await this.repo.listTeamAbsences(this.teamId, range, windowOf({ page, perPage }));
    return { items: rows.slice(0, perPage).map((date) => ({ date })), page, hasNext: rows.length > perPage };
  }

  async addMemberAbsence(member: string, input: AbsenceInput): Promise<AbsenceOutcome<V1MemberAbsence>> {
    const date = absenceDate(input);
    const { person } = await this.findMember(member);
    const created = await this.repo.addMemberAbsence(person.id, date);
    return { absence: { member_id: person.id, date }, created };
  }

  async removeMemberAbsence(member: string, date: string): Promise<void> {
    requireDate(date);
    const { person } = await this.findMember(member);
    await this.repo.removeMemberAbsence(person.id, date);
  }

  async addTeamAbsence(input: AbsenceInput): Promise<AbsenceOutcome<V1TeamAbsence>> {
    const date = absenceDate(input);
    await this.team();
    const created = await this.repo.addTeamAbsence(this.teamId, date);
    return { absence: { team_id: this.teamId, date }, created };
  }

  async removeTeamAbsence(date: string): Promise<void> {
    requireDate(date);
    await this.team();
    await this.repo.removeTeamAbsence(this.teamId, date);
  }

  // --- helpers ------------------------------------------------------------------------------------

  private team(): Promise<TeamRow> {
    this.teamCache ??= this.repo.findTeam(this.teamId).then((row) => {
      if (!row) throw new UnauthenticatedError('the team of these credentials no longer exists');
      return row;
    });
    return this.teamCache;
  }

  /**
   * Members who report (observers excluded), by last name; read once per service, which lives for one
   * request or one command, like the v2 Service's viewer.
   */
  private activeMembers(): Promise<Member[]> {
    this.membersCache ??= this.readActiveMembers();
    return this.membersCache;
  }

  private async readActiveMembers(): Promise<Member[]> {
    await this.team();
    const memberships = (await this.repo.membershipsOfTeam(this.teamId)).filter((m) => m.role === 'active');
    const people = await this.personRows(memberships.map((m) => m.person_id));
    return memberships
      .flatMap((membership) => {
        const person = people.get(membership.person_id);
        return person ? [{ membership, person }] : [];
      })
      .sort(byLastName);
  }

  private async findMember(idOrSlug: string): Promise<Member> {
    const key = idOrSlug.trim().toLowerCase();
    const member = (await this.activeMembers()).find(
      ({ person }) => person.id === key || person.slug === key,
    );
    if (!member) throw new NotFoundError(`no member ${idOrSlug} in this team`);
    return member;
  }

  private async member({ membership, person }: Member): Promise<V1Member> {
    return {
      id: person.id,
      slug: person.slug,
      username: person.username,
      role: membership.role,
      manager: membership.manager,
      user: await serializeUser(person),
    };
  }

  private async personRows(ids: string[]): Promise<Map<string, PersonRow>> {
    const rows = await this.repo.peopleByIds([...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * Today for the team: the latest current date among its members' zones, so a report exists as soon
   * as anyone's day has begun (UTC for a team without members).
   */
  private async today(): Promise<string> {
    const now = this.options.clock.now();
    const zones = new Set((await this.activeMembers()).map(({ person }) => person.time_zone));
    return [...zones].reduce(
      (latest, zone) => {
        const date = dateIn(zone, now);
        return date > latest ? date : latest;
      },
      dateIn('UTC', now),
    );
  }

  /**
   * The team's report dates, newest first; with `limit`, only the newest that many. The history starts
   * at the team's creation unless check-ins of earlier dates were brought in, so the earliest check-in
   * (a read over the team's whole history) is looked up only when the dates reach back past creation.
   */
  private async reportDays(limit = Number.POSITIVE_INFINITY): Promise<string[]> {
    const [team, today] = await Promise.all([this.team(), this.today()]);
    const datesFrom = async (first: string) => {
      if (first > today) return [];
      const absences = new Set(await this.repo.teamAbsenceDates(this.teamId, first, today));
      return reportDates(team, first, today, absences, limit);
    };
    const created = firstReportDate(team, undefined);
    const dates = await datesFrom(created);
    if (dates.length >= limit) return dates;
    const first = firstReportDate(team, await this.repo.firstCheckInDateOfTeam(this.teamId));
    return first < created ? datesFrom(first) : dates;
  }

  private async reports(dates: string[]): Promise<V1Report[]> {
    if (dates.length === 0) return [];
    const team = await this.team();
    const sorted = [...dates].sort();
    const from = sorted[0] as string;
    const to = sorted.at(-1) as string;
    const members = await this.activeMembers();
    const memberIds = members.map(({ person }) => person.id);
    const [days, absences] = await Promise.all([
      this.repo.teamDaysBetween(this.teamId, from, to),
      this.repo.memberAbsences(memberIds, dates),
    ]);
    const byDate = new Map(days.map((day) => [day.date, day]));
    return Promise.all(
      dates.map(async (date) => {
        const absent = new Set(memberIds.filter((id) => absences.has(`${id}|${date}`)));
        const day = byDate.get(date);
        const { questions, labels } = reportQuestions(team, date);
        const id = await reportId(this.teamId, date);
        return {
          id,
          date,
          team_id: this.teamId,
          questions,
          question_labels: labels,
          metrics: reportMetrics(date, day, memberIds, absent),
          url: this.urls.of('reports', id),
          completed_status_ids: day?.completedIds ?? [],
        };
      }),
    );
  }

  /** A check-in of this team (included in it), or undefined. */
  private async teamStatus(id: string): Promise<CheckInRow | undefined> {
    const row = await this.repo.findCheckIn(id);
    return row?.team_ids.includes(this.teamId) ? row : undefined;
  }

  /** A status by id, or by slug: the date, a hyphen and the member's slug. */
  private async findStatus(idOrSlug: string): Promise<CheckInRow> {
    refuseBadText({ status: idOrSlug });
    const key = idOrSlug.trim().toLowerCase();
    let row: CheckInRow | undefined;
    if (isUuid(key)) row = await this.teamStatus(key);
    else {
      const match = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(key);
      const person =
        match && isCalendarDate(match[1] as string)
          ? await this.repo.findPersonBySlug(match[2] as string)
          : undefined;
      if (match && person) row = await this.teamStatus(await checkInId(person.id, match[1] as string));
    }
    if (!row) throw new NotFoundError(`no status ${idOrSlug} in this team`);
    return row;
  }

  private async statusPage(
    rows: CheckInRow[],
    page: number,
    inTagListing: boolean,
  ): Promise<V1Page<V1Status>> {
    return {
      items: await this.statuses(rows.slice(0, V1_PAGE_SIZE), inTagListing),
      page,
      hasNext: rows.length > V1_PAGE_SIZE,
    };
  }

  private async statuses(rows: CheckInRow[], inTagListing: boolean): Promise<V1Status[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [people, comments, reactions, activities] = await Promise.all([
      this.personRows(rows.map((row) => row.person_id)),
      this.repo.commentIdsOf('check-in', ids),
      this.repo.reactionIdsOf('check-in', ids),
      this.repo.statusActivityIdsOf(ids),
    ]);
    const users = new Map(
      await Promise.all(
        [...people.values()].map(async (person) => [person.id, await serializeUser(person)] as const),
      ),
    );
    return Promise.all(
      rows.map(async (row) => {
        const user = users.get(row.person_id);
        if (!user) throw new NotFoundError(`no status ${row.id} in this team`);
        return serializeStatus(
          {
            row,
            user,
            reportId: await reportId(this.teamId, row.date),
            commentIds: comments.get(row.id) ?? [],
            reactionIds: reactions.get(row.id) ?? [],
            activityIds: activities.get(row.id) ?? [],
            inTagListing,
          },
          this.urls,
        );
      }),
    );
  }

  /**
   * The date of the check-in a pushed activity joins: the member's today (in their zone) when this team
   * reports then and neither the team nor the member is absent, else the next such day.
   */
  private async attachDate(person: PersonRow): Promise<string | undefined> {
    const team = await this.team();
    const today = dateIn(person.time_zone, this.options.clock.now());
    const dates = Array.from({ length: ATTACH_HORIZON_DAYS + 1 }, (_, days) => addDays(today, days));
    const [memberAbsences, teamAbsences] = await Promise.all([
      this.repo.memberAbsences([person.id], dates),
      this.repo.teamAbsences([this.teamId], dates),
    ]);
    return dates.find(
      (date) =>
        team.report_days.includes(weekdayOf(date)) &&
        !memberAbsences.has(`${person.id}|${date}`) &&
        !teamAbsences.has(`${this.teamId}|${date}`),
    );
  }
}

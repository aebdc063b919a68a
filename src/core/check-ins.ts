/**
 * Check-ins for one person: the list and reads of those they can see, their own by date (answered from
 * the schedule when not yet written, stored by the first write), and filling in their answers.
 */
import { TODAY_KEY } from './check-in-due.js';
import { checkInListParams } from './check-in-query.js';
import {
  clearedCheckIn,
  directCheckInFilter,
  isAbsent,
  isBlocked,
  mayClearCheckIn,
  PENDING_ANSWERS,
  scheduleFor,
} from './check-in-rules.js';
import {
  BadRequestError,
  ForbiddenError,
  NotFoundError,
  NothingScheduledError,
  ValidationError,
} from './errors.js';
import { checkInId, isUuid } from './ids.js';
import { pageOf, windowOf } from './paging.js';
import { type Parsed, parseQuery } from './query-params.js';
import type { CheckInListKey, CheckInRow } from './repository.js';
import { serializeCheckIn, teamRef } from './serialize.js';
import type { CheckInListQuery, CheckInUpdate, CheckInWalkQuery } from './service.js';
import type { ServiceContext } from './service-context.js';
import { dateOutOfRange, isCalendarDate } from './time.js';
import type { CheckIn, Page } from './types.js';
import { extractTags } from './v1/tags.js';
import { canSeeCheckIn, checkInFilter, type Viewer, visibleTeamsAmong } from './visibility.js';

/** Rows a walk reads at a time: enough that a query's own cost is small beside its rows'. */
const WALK_BATCH = 500;

type ParsedCheckInQuery = Parsed<typeof checkInListParams>;

export class CheckIns {
  constructor(private readonly context: ServiceContext) {}

  private get repo() {
    return this.context.repo;
  }

  async list(query: CheckInListQuery): Promise<Page<CheckIn>> {
    const parsed = parseQuery(checkInListParams, query);
    const paging = { page: parsed.page ?? 1, perPage: parsed.per_page ?? 30 };
    const viewer = await this.context.viewer();
    const filter = await this.filterOf(viewer, parsed);
    const rows = await this.repo.listCompletedCheckIns(filter, windowOf(paging));
    return pageOf(rows, paging, (page) => this.serialize(viewer, page));
  }

  /**
   * Every check-in list() would list, in its order, a batch at a time. Each batch starts after the last
   * row of the one before (a cursor over the list's index): the cost of a batch does not grow with how
   * far the walk has gone, and a check-in written or removed meanwhile neither repeats nor skips a row.
   */
  async *walk(query: CheckInWalkQuery): AsyncGenerator<CheckIn[]> {
    const parsed = parseQuery(checkInListParams, query);
    const viewer = await this.context.viewer();
    const filter = await this.filterOf(viewer, parsed);
    const size = parsed.per_page ?? WALK_BATCH;
    let after: CheckInListKey | undefined;
    for (;;) {
      const rows = await this.repo.listCompletedCheckIns(filter, { offset: 0, limit: size }, after);
      const last = rows.at(-1);
      if (last === undefined) return;
      yield await this.serialize(viewer, rows);
      if (rows.length < size || last.completed_at === null) return;
      after = { date: last.date, completed_at: last.completed_at, id: last.id };
    }
  }

  private async filterOf(viewer: Viewer, parsed: ParsedCheckInQuery) {
    return directCheckInFilter({
      visibility: checkInFilter(viewer),
      since: parsed.since,
      until: parsed.until,
      blocked: parsed.blocked,
      personIds: parsed.people_ids?.map((id) => id.toLowerCase()),
      teamIds: await this.context.teamFilterIds(viewer, parsed.team_ids),
      search: parsed.search,
      mood: parsed.mood,
      absent: parsed.absent,
      idPrefix: parsed.id_prefix,
    });
  }

  /**
   * A check-in by id, or the viewer's own by date. A read stores nothing: a date's check-in not yet
   * written is answered from the schedule, as it would be created (its id is fixed by person and date),
   * and stored by the first write (update) or activity attached to it.
   */
  async get(key: string): Promise<CheckIn> {
    const viewer = await this.context.viewer();
    const row = await this.resolve(viewer, key, 'read');
    return (await this.serialize(viewer, [row]))[0] as CheckIn;
  }

  /** The viewer's check-in on a scheduled date, stored now if it is not yet: for writes that attach to it. */
  async openOn(date: string): Promise<CheckIn> {
    const viewer = await this.context.viewer();
    const row = await this.resolve(viewer, date, 'store');
    return (await this.serialize(viewer, [row]))[0] as CheckIn;
  }

  async update(key: string, input: CheckInUpdate): Promise<CheckIn> {
    this.context.requireScope('write');
    // The body's schema (zod) loads with the first update: the list and reads need none of it.
    const { parseCheckInUpdate, checkInRuleErrors, carriesAnswer } = await import('./check-in-input.js');
    const update = parseCheckInUpdate(input);
    const viewer = await this.context.viewer();
    return this.repo.transaction(async () => {
      const current = await this.resolve(viewer, key, 'store');
      if (current.person_id !== viewer.person.id) {
        throw new ForbiddenError('only its author can change a check-in');
      }
      const errors = checkInRuleErrors(update, viewer.reportingTeamIds);
      if (errors.length > 0) throw new ValidationError(errors);

      const now = this.context.now();
      const next: CheckInRow = { ...current, team_ids: [...current.team_ids], updated_at: now };
      for (const field of ['previous', 'intentions', 'blockers', 'previous_completed'] as const) {
        if (update[field] !== undefined) (next[field] as unknown) = update[field];
      }
      if (update.mood !== undefined) next.mood = update.mood as CheckInRow['mood'];
      if (update.team_ids !== undefined)
        next.team_ids = [...new Set(update.team_ids.map((id) => id.toLowerCase()))];
      next.blocked = isBlocked(next.blockers);
      const completing = next.completed_at === null && carriesAnswer(update);
      if (completing) next.completed_at = now;

      await this.repo.saveCheckIn(next);
      await this.repo.setCheckInTags(next.id, extractTags(next.previous, next.intentions, next.blockers));
      if (completing) await (await this.context.digest()).checkInCompleted(next);
      // Team channels hear of a blocker as it is reported (issue 31); loaded only then.
      if (completing && next.blocked)
        await (await import('./notifications/team-events.js')).checkInBlocked(this.context, next);
      return (await this.serialize(viewer, [next]))[0] as CheckIn;
    });
  }

  /**
   * An extension of `pulse serve`: empties a check-in (by id, or by date: the viewer's own) back to
   * pending, for one filled on a wrong date. Its comments and reactions go with its answers (they were
   * about text that is gone), and so do the digest entries of it and of them. A check-in not yet stored
   * has nothing to clear and stays as it is.
   */
  async clear(key: string): Promise<CheckIn> {
    this.context.requireScope('write');
    const viewer = await this.context.viewer();
    return this.repo.transaction(async () => {
      const current = await this.resolve(viewer, key, 'read');
      if (!mayClearCheckIn(viewer, current)) {
        throw new ForbiddenError('only its author or an administrator can clear a check-in');
      }
      const stored = await this.repo.findCheckIn(current.id);
      if (!stored) return (await this.serialize(viewer, [current]))[0] as CheckIn;
      const cleared = clearedCheckIn(stored, this.context.now());
      await this.repo.saveCheckIn(cleared);
      await this.repo.setCheckInTags(cleared.id, []);
      await this.repo.deleteConversations('check-in', [cleared.id]);
      return (await this.serialize(viewer, [cleared]))[0] as CheckIn;
    });
  }

  /**
   * A check-in by id (visible to the viewer), by date or `today` (the viewer's own, if scheduled; `store`
   * stores one not yet written). A date outside those pulse accepts is a 400, not a check-in to look for.
   */
  private async resolve(viewer: Viewer, key: string, unwritten: 'read' | 'store'): Promise<CheckInRow> {
    if (key === TODAY_KEY) return this.ownOn(viewer, await this.context.today(), unwritten, true);
    const outOfRange = dateOutOfRange('the date', key);
    if (outOfRange) throw new BadRequestError([outOfRange]);
    if (isCalendarDate(key)) return this.ownOn(viewer, key, unwritten);
    const row = isUuid(key) ? await this.repo.findCheckIn(key.toLowerCase()) : undefined;
    if (!row || !canSeeCheckIn(viewer, row)) throw new NotFoundError(`no check-in ${key}`);
    return row;
  }

  /** The viewer's check-in on a date: stored, or if the date is scheduled one as created now (and stored with `store`). */
  private async ownOn(
    viewer: Viewer,
    date: string,
    unwritten: 'read' | 'store',
    askedForToday = false,
  ): Promise<CheckInRow> {
    const id = await checkInId(viewer.person.id, date);
    const stored = await this.repo.findCheckIn(id);
    if (stored) return stored;

    const teams = await this.repo.teamsByIds(viewer.reportingTeamIds);
    const [memberAbsences, teamAbsences] = await Promise.all([
      this.repo.memberAbsences([viewer.person.id], [date]),
      this.repo.teamAbsences(viewer.reportingTeamIds, [date]),
    ]);
    const verdict = scheduleFor(date, teams, {
      member: memberAbsences.size > 0,
      teams: new Set([...teamAbsences].map((key) => key.split('|')[0] as string)),
    });
    if (!verdict.scheduled) throw new NothingScheduledError(date, verdict.reason, askedForToday);

    const now = this.context.now();
    const row: CheckInRow = {
      id,
      person_id: viewer.person.id,
      date,
      ...PENDING_ANSWERS,
      created_at: now,
      updated_at: now,
      team_ids: [...viewer.reportingTeamIds],
    };
    if (unwritten === 'read') return row;
    // Another writer may have created it meanwhile; never overwrite theirs.
    await this.repo.insertCheckInIfAbsent(row);
    return (await this.repo.findCheckIn(id)) ?? row;
  }

  /** Check-ins as the viewer sees them: their teams narrowed to those the viewer can see. */
  async serialize(viewer: Viewer, rows: CheckInRow[]): Promise<CheckIn[]> {
    if (rows.length === 0) return [];
    const dates = [...new Set(rows.map((row) => row.date))];
    const teamIds = [...new Set(rows.flatMap((row) => row.team_ids))];
    const [authorOf, teams, memberAbsences, teamAbsences] = await Promise.all([
      this.context.personRefs(rows.map((row) => row.person_id)),
      this.context.teamRows(teamIds),
      this.repo.memberAbsences([...new Set(rows.map((row) => row.person_id))], dates),
      this.repo.teamAbsences(teamIds, dates),
    ]);
    return rows.map((row) => {
      const absent = isAbsent(row.team_ids, {
        member: memberAbsences.has(`${row.person_id}|${row.date}`),
        teams: new Set(row.team_ids.filter((id) => teamAbsences.has(`${id}|${row.date}`))),
      });
      const visibleTeams = visibleTeamsAmong(viewer, row.team_ids, teams)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map(teamRef);
      return serializeCheckIn(row, authorOf(row.person_id), visibleTeams, absent, this.context.urls);
    });
  }
}

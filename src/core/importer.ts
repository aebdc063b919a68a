/**
 * `pulse import`: a JSON export (export-document.ts) written into a store with its ids kept, through
 * the repository's writes, in one transaction. An item whose id the store already holds is left as it
 * is, so a second import of the same file adds nothing. The store must be new (no account) or the
 * export's own account (same id); people and teams whose email, username or name another id already
 * holds stop the import before anything is written (docs/decisions.md, "Import").
 */
import type { Clock } from './clock.js';
import { periodOf } from './echo-period.js';
import type { Frequency } from './echo-schedule.js';
import { biweeklyAnchor } from './echo-schedule.js';
import { BadRequestError, ConflictError, ServiceError, ValidationError } from './errors.js';
import { EXPORT_LISTS, type ExportDocument, type ExportList } from './export-document.js';
import type { EchoAnswerRow, PersonRow, Repository } from './repository.js';
import { normaliseDateTime, timestamp } from './time.js';
import { freeSlug, splitName } from './v1/names.js';
import { extractTags } from './v1/tags.js';

/** An item of one of the document's lists. */
type Item<List extends ExportList> = ExportDocument[List][number];

/** What the import did with each list: items added, and items the store already held. */
export interface ImportCount {
  list: ExportList;
  added: number;
  present: number;
}

/** A stored timestamp from an exported one (whole seconds, UTC), refusing what is not a date-time. */
function stored(value: string, field: string): string {
  const normalised = normaliseDateTime(value);
  if (normalised === undefined) throw new ValidationError([`${field} is not a date-time: ${value}`]);
  return normalised;
}

const storedOrNull = (value: string | null, field: string) => (value === null ? null : stored(value, field));

/** The earliest of the export's times: when imported memberships begin, so every member keeps its history. */
function earliestTime(document: ExportDocument, fallback: string): string {
  const times = [
    ...document.people.map((person) => person.created_at),
    ...document.check_ins.map((checkIn) => `${checkIn.date}T00:00:00Z`),
    ...document.goal_updates.map((update) => update.created_at),
    ...document.activities.map((activity) => activity.recorded_at),
  ].map((time, index) => stored(time, `time ${index}`));
  return times.reduce((earliest, time) => (time < earliest ? time : earliest), fallback);
}

/** Goals with parents before their children; a parent the export does not hold does not hold a child back. */
function parentsFirst(goals: readonly Item<'goals'>[]): Item<'goals'>[] {
  const exported = new Set(goals.map((goal) => goal.id));
  const ordered: Item<'goals'>[] = [];
  const placed = new Set<string>();
  const pending = [...goals];
  while (pending.length > 0) {
    const index = pending.findIndex(
      (goal) => !goal.parent || !exported.has(goal.parent.id) || placed.has(goal.parent.id),
    );
    // A cycle of parents cannot come from a store; the rest are written without waiting for theirs.
    const [goal] = pending.splice(index === -1 ? 0 : index, 1);
    if (!goal) break;
    placed.add(goal.id);
    ordered.push(goal);
  }
  return ordered;
}

export class Importer {
  private readonly counts = new Map<ExportList, ImportCount>();

  constructor(
    private readonly repo: Repository,
    private readonly clock: Clock,
  ) {}

  /** The item being written, for the message when the store refuses it. */
  private current = '';

  private count(list: ExportList, added: boolean): void {
    const count = this.counts.get(list) ?? { list, added: 0, present: 0 };
    if (added) count.added++;
    else count.present++;
    this.counts.set(list, count);
  }

  /** Writes the document's items the store does not hold; returns the counts of every list. */
  async import(document: ExportDocument): Promise<ImportCount[]> {
    try {
      return await this.importAll(document);
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      // A malformed item (a missing field, a reference to nothing): the transaction is undone.
      throw new BadRequestError([
        `nothing was imported: ${this.current || 'the document'} cannot be stored (${(error as Error).message})`,
      ]);
    }
  }

  private importAll(document: ExportDocument): Promise<ImportCount[]> {
    return this.repo.transaction(async () => {
      const now = timestamp(this.clock.now());
      await this.account(document, now);
      await this.checkIdentities(document);
      const since = earliestTime(document, now);
      await this.lists(document, now, since);
      await this.absences(document);
      return EXPORT_LISTS.map((list) => this.counts.get(list) ?? { list, added: 0, present: 0 });
    });
  }

  private async account(document: ExportDocument, now: string): Promise<void> {
    const account = await this.repo.account();
    if (account === undefined) {
      await this.repo.createAccount({ id: document.account.id, name: document.account.name }, now);
    } else if (account.id !== document.account.id) {
      throw new ConflictError(
        `this store holds another account (${account.name}, ${account.id}) than the export ` +
          `(${document.account.name}, ${document.account.id}): import into a new store`,
      );
    }
  }

  /** Refuses the import when a new person's email or username, or a new team's name, is another id's. */
  private async checkIdentities(document: ExportDocument): Promise<void> {
    const errors: string[] = [];
    for (const person of document.people) {
      if (await this.repo.findPerson(person.id)) continue;
      const byEmail = await this.repo.findPersonByEmail(person.email);
      if (byEmail) errors.push(`${person.email} is already another person's email (${byEmail.id})`);
      const byUsername = await this.repo.findPersonByUsername(person.username);
      if (byUsername)
        errors.push(`${person.username} is already another person's username (${byUsername.id})`);
    }
    for (const team of document.teams) {
      if (await this.repo.findTeam(team.id)) continue;
      const byName = await this.repo.findTeamByName(team.name);
      if (byName) errors.push(`${team.name} is already another team's name (${byName.id})`);
    }
    if (errors.length > 0) throw new ConflictError(`nothing was imported: ${errors.join('; ')}`);
  }

  /**
   * One list's step: each item the store does not hold (by `exists`) is saved; each is counted as added
   * or present.
   */
  private async importEach<Entry extends { id: string }>(
    list: ExportList,
    items: readonly Entry[],
    step: { exists: (item: Entry) => Promise<unknown>; save: (item: Entry) => Promise<void> },
  ): Promise<void> {
    for (const item of items) {
      this.current = `${list} item ${item.id}`;
      const present = Boolean(await step.exists(item));
      if (!present) await step.save(item);
      this.count(list, !present);
    }
  }

  /** One row per list, in the order the lists depend on each other. */
  private async lists(document: ExportDocument, now: string, since: string): Promise<void> {
    const repo = this.repo;
    await this.importEach('people', document.people, {
      exists: (person) => repo.findPerson(person.id),
      save: (person) => this.savePerson(person),
    });
    if ((await repo.defaultPersonId()) === undefined) await repo.setDefaultPersonId(document.exported_by);
    await this.importEach('teams', document.teams, {
      exists: (team) => repo.findTeam(team.id),
      save: (team) => this.saveTeam(team, now, since),
    });
    await this.importEach('check_ins', document.check_ins, {
      exists: (checkIn) => repo.findCheckIn(checkIn.id),
      save: (checkIn) => this.saveCheckIn(checkIn),
    });
    const exportedGoalIds = new Set(document.goals.map((goal) => goal.id));
    await this.importEach('goals', parentsFirst(document.goals), {
      exists: (goal) => repo.findGoal(goal.id),
      save: (goal) => this.saveGoal(document, exportedGoalIds, goal, now),
    });
    await this.importEach('goal_updates', document.goal_updates, {
      exists: (update) => repo.findGoalUpdate(update.id),
      save: (update) => this.saveGoalUpdate(update),
    });
    await this.importEach('comments', document.comments, {
      exists: (comment) => repo.findComment(comment.id),
      save: (comment) => this.saveComment(comment),
    });
    await this.importEach('reactions', document.reactions, {
      exists: (reaction) => repo.findReactionById(reaction.id),
      save: (reaction) => this.saveReaction(reaction),
    });
    await this.importEach('echo_questions', document.echo_questions, {
      exists: (question) => repo.findEchoQuestion(question.id),
      save: (question) => this.saveEchoQuestion(document, question),
    });
    const questions = new Map(document.echo_questions.map((question) => [question.id, question]));
    await this.importEach('echo_answers', document.echo_answers, {
      exists: (answer) => repo.findEchoAnswer(answer.id),
      save: (answer) => this.saveEchoAnswer(document, answer, questions.get(answer.question.id)),
    });
    await this.importEach('asks', document.asks, {
      exists: (ask) => repo.findAsk(ask.id),
      save: (ask) => this.saveAsk(document, ask),
    });
    await this.importEach('activities', document.activities, {
      exists: (activity) => repo.findActivity(activity.id),
      save: (activity) => this.saveActivity(activity),
    });
  }

  private async savePerson(person: Item<'people'>): Promise<void> {
    const row: PersonRow = {
      id: person.id,
      name: person.name,
      ...splitName(person.name),
      slug: await freeSlug(person.name, person.username, (slug) => this.repo.slugTaken(slug)),
      username: person.username,
      email: person.email,
      time_zone: person.time_zone,
      location: person.location,
      title: person.title,
      bio: person.bio,
      administrator: person.administrator,
      kind: person.kind,
      created_at: stored(person.created_at, 'person created_at'),
      updated_at: stored(person.updated_at, 'person updated_at'),
    };
    await this.repo.insertPerson(row);
  }

  private async saveTeam(team: Item<'teams'>, now: string, since: string): Promise<void> {
    await this.repo.insertTeam({
      id: team.id,
      name: team.name,
      description: team.description,
      private: team.private,
      completion_tracking: team.completion_tracking,
      mood_tracking: team.mood_tracking,
      report_days: team.report_days,
      created_at: now,
      updated_at: now,
      questions: null,
    });
    for (const member of team.people) await this.repo.addMembership(team.id, member.id, since);
  }

  private async saveCheckIn(checkIn: Item<'check_ins'>): Promise<void> {
    const completedAt = storedOrNull(checkIn.completed_at, 'check-in completed_at');
    const updatedAt = stored(checkIn.updated_at, 'check-in updated_at');
    await this.repo.insertCheckInIfAbsent({
      id: checkIn.id,
      date: checkIn.date,
      previous: checkIn.previous,
      intentions: checkIn.intentions,
      blockers: checkIn.blockers,
      mood: checkIn.mood,
      previous_completed: checkIn.previous_completed,
      blocked: checkIn.blocked,
      completed_at: completedAt,
      updated_at: updatedAt,
      person_id: checkIn.person.id,
      created_at: completedAt ?? updatedAt,
      team_ids: checkIn.teams.map((team) => team.id),
    });
    await this.repo.setCheckInTags(
      checkIn.id,
      extractTags(checkIn.previous, checkIn.intentions, checkIn.blockers),
    );
  }

  /** A parent the export does not hold, nor the store, leaves the goal without one. */
  private async saveGoal(
    document: ExportDocument,
    exportedGoalIds: ReadonlySet<string>,
    goal: Item<'goals'>,
    now: string,
  ): Promise<void> {
    const updates = document.goal_updates.filter((update) => update.goal.id === goal.id);
    const first = updates.map((update) => stored(update.created_at, 'goal update created_at')).sort()[0];
    const parentId =
      goal.parent && (exportedGoalIds.has(goal.parent.id) || (await this.repo.findGoal(goal.parent.id)))
        ? goal.parent.id
        : null;
    await this.repo.saveGoal({
      id: goal.id,
      title: goal.title,
      description: goal.description ?? null,
      start_date: goal.start_date ?? null,
      end_date: goal.end_date ?? null,
      update_cadence: goal.update_cadence ?? null,
      owner_id: goal.owner.id,
      parent_id: parentId,
      private: goal.private,
      archived: goal.archived,
      created_at: first ?? now,
      updated_at: first ?? now,
      contributor_ids: goal.contributors.map((person) => person.id),
      team_ids: goal.teams.map((team) => team.id),
    });
  }

  private async saveGoalUpdate(update: Item<'goal_updates'>): Promise<void> {
    await this.repo.saveGoalUpdate({
      id: update.id,
      goal_id: update.goal.id,
      person_id: update.person.id,
      title: update.title ?? null,
      body: update.body ?? null,
      progress: update.progress,
      confidence: update.confidence,
      created_at: stored(update.created_at, 'goal update created_at'),
      updated_at: stored(update.updated_at, 'goal update updated_at'),
    });
  }

  private async saveComment(comment: Item<'comments'>): Promise<void> {
    await this.repo.insertComment({
      id: comment.id,
      resource_type: comment.resource.type,
      resource_id: comment.resource.id,
      person_id: comment.person.id,
      body: comment.body,
      created_at: stored(comment.created_at, 'comment created_at'),
    });
  }

  private async saveReaction(reaction: Item<'reactions'>): Promise<void> {
    await this.repo.insertReaction({
      id: reaction.id,
      resource_type: reaction.resource.type,
      resource_id: reaction.resource.id,
      person_id: reaction.person.id,
      name: reaction.name,
      created_at: stored(reaction.created_at, 'reaction created_at'),
    });
  }

  /** Echo questions belong to the exporter: only they may read them and their answers. */
  private async saveEchoQuestion(document: ExportDocument, question: Item<'echo_questions'>): Promise<void> {
    const createdAt = stored(question.created_at, 'Echo question created_at');
    const next = storedOrNull(question.next_answer_at, 'Echo question next_answer_at');
    const day = question.answer_day ?? null;
    const anchor =
      question.answer_frequency !== 'biweekly' || day === null
        ? null
        : (next ??
          timestamp(
            biweeklyAnchor(day, question.answer_time, question.answer_time_zone, new Date(createdAt)),
          ));
    await this.repo.saveEchoQuestion({
      id: question.id,
      person_id: document.exported_by,
      prompt: question.prompt,
      title: question.title,
      frequency: question.answer_frequency,
      day,
      time: question.answer_time,
      time_zone: question.answer_time_zone,
      anchor_at: anchor,
      paused_at: storedOrNull(question.paused_at, 'Echo question paused_at'),
      created_at: createdAt,
      updated_at: stored(question.updated_at, 'Echo question updated_at'),
      next_due_at: next,
      // Both are pulse serve's extensions: an export from a deployment without them has neither.
      every_day: question.every_day === true,
      skipped_count: question.skipped?.count ?? 0,
      skipped_from: storedOrNull(question.skipped?.first ?? null, 'Echo question skipped first'),
      skipped_until: storedOrNull(question.skipped?.last ?? null, 'Echo question skipped last'),
    });
  }

  /** An answer to a question the export does not hold is counted but not written. */
  private async saveEchoAnswer(
    document: ExportDocument,
    answer: Item<'echo_answers'>,
    question: Item<'echo_questions'> | undefined,
  ): Promise<void> {
    if (!question) return;
    const publishedAt = stored(answer.published_at, 'Echo answer published_at');
    const period = periodOf(
      question.answer_frequency as Frequency,
      new Date(publishedAt),
      question.answer_time_zone,
    );
    const row: EchoAnswerRow = {
      id: answer.id,
      question_id: question.id,
      person_id: document.exported_by,
      title: answer.title,
      body: answer.body,
      period_start: period.start,
      period_end: period.end,
      published_at: publishedAt,
      updated_at: publishedAt,
    };
    await this.repo.insertEchoAnswers([row]);
  }

  private async saveAsk(document: ExportDocument, ask: Item<'asks'>): Promise<void> {
    await this.repo.insertAsk({
      id: ask.id,
      person_id: document.exported_by,
      prompt: ask.prompt,
      body: ask.body,
      created_at: stored(ask.created_at, 'ask created_at'),
      updated_at: stored(ask.updated_at, 'ask updated_at'),
    });
  }

  private async saveActivity(activity: Item<'activities'>): Promise<void> {
    await this.repo.insertActivity({
      id: activity.id,
      person_id: activity.person.id,
      kind: activity.kind,
      group_name: activity.group,
      title: activity.title,
      description: activity.description,
      url: activity.url,
      recorded_at: stored(activity.recorded_at, 'activity recorded_at'),
      check_in_id: null,
      html_description: null,
    });
  }

  private async absences(document: ExportDocument): Promise<void> {
    for (const absence of document.member_absences)
      this.count('member_absences', await this.repo.addMemberAbsence(absence.person_id, absence.date));
    for (const absence of document.team_absences)
      this.count('team_absences', await this.repo.addTeamAbsence(absence.team_id, absence.date));
  }
}

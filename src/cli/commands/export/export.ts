/**
 * `pulse export`: everything the acting person can see, read through the Service (so it works on a
 * local store and against a deployment alike), as the documented JSON document (core/export-document.ts)
 * or as Markdown for reading. Absences come through the v1 TeamService of each of the person's teams
 * (locally; remotely the v1 credentials' team, when the profile has them).
 */
import { chmod, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  EXPORT_VERSION,
  type ExportDocument,
  type MemberAbsence,
  type TeamAbsence,
} from '../../../core/export-document.js';
import type { Service } from '../../../core/service.js';
import { isCalendarDate } from '../../../core/time.js';
import type { Comment, Person, Reaction, ResourceRef, Team } from '../../../core/types.js';
import type { TeamService } from '../../../core/v1/team-service.js';
import type { CommandContext } from '../../command-context.js';
import { findTeamCredentials } from '../../credentials.js';
import { UsageError } from '../../errors.js';
import { firstItems } from '../../paging.js';
import { isRemote } from '../../settings.js';
import { exportMarkdown } from './markdown.js';

export interface ExportOptions {
  format: 'json' | 'markdown';
  since?: string;
  output?: string;
}

interface Page<T> {
  items: T[];
  hasNext: boolean;
}

/** Every item of a list, page by page at the largest page size. */
const every = <T>(fetch: (page: number, perPage: number) => Promise<Page<T>>) =>
  firstItems(fetch, Number.POSITIVE_INFINITY);

/** Ascending by a time (or date) the item shows, then by id: an order the import cannot change. */
function ordered<T extends { id: string }>(items: T[], time: (item: T) => string): T[] {
  return [...items].sort((a, b) => time(a).localeCompare(time(b)) || a.id.localeCompare(b.id));
}

const byId = <T extends { id: string }>(items: T[]) => ordered(items, () => '');

async function conversationsOf(
  service: Service,
  resources: ResourceRef[],
): Promise<{ comments: Comment[]; reactions: Reaction[] }> {
  const comments: Comment[] = [];
  const reactions: Reaction[] = [];
  for (const resource of resources) {
    comments.push(...(await every((page, per_page) => service.listComments(resource, { page, per_page }))));
    reactions.push(...(await every((page, per_page) => service.listReactions(resource, { page, per_page }))));
  }
  return { comments, reactions };
}

async function absencesOf(
  cc: CommandContext,
  teams: Team[],
  since: string | undefined,
): Promise<{ members: MemberAbsence[]; teams: TeamAbsence[] } | undefined> {
  const range = since === undefined ? {} : { from: since };
  const members = new Map<string, MemberAbsence>();
  const teamAbsences: TeamAbsence[] = [];
  let services: { service: TeamService; teamId: string }[];
  if (isRemote(cc.settings)) {
    // Without v1 credentials the deployment's absences cannot be read: the caller says so.
    if ((await findTeamCredentials(cc.ctx.env, cc.settings)) === undefined) return undefined;
    const service = await cc.backends.teamService();
    services = [{ service, teamId: service.teamId }];
  } else {
    services = await Promise.all(
      teams.map(async (team) => ({ service: await cc.backends.teamService(team.id), teamId: team.id })),
    );
  }
  for (const { service, teamId } of services) {
    const memberItems = await every((page) => service.listMemberAbsences({ ...range, page }));
    for (const item of memberItems)
      members.set(`${item.member.id}|${item.date}`, { person_id: item.member.id, date: item.date });
    const teamItems = await every((page) => service.listTeamAbsences({ ...range, page }));
    for (const item of teamItems) teamAbsences.push({ team_id: teamId, date: item.date });
  }
  const byDate =
    <T extends { date: string }>(key: (item: T) => string) =>
    (a: T, b: T) =>
      a.date.localeCompare(b.date) || key(a).localeCompare(key(b));
  return {
    members: [...members.values()].sort(byDate((item) => item.person_id)),
    teams: teamAbsences.sort(byDate((item) => item.team_id)),
  };
}

const isMine = (me: Person) => (team: Team) => me.teams.some((mine) => mine.id === team.id);

/** The acting person's whole view, as the export document. */
async function collect(cc: CommandContext, since: string | undefined): Promise<ExportDocument> {
  const service = await cc.backends.service();
  const me = await service.me();
  const people = await every((page, per_page) => service.listPeople({ page, per_page }));
  const teams = await every((page, per_page) => service.listTeams({ page, per_page }));
  const checkIns = await every((page, per_page) =>
    service.listCheckIns({ page, per_page, ...(since ? { since } : {}) }),
  );
  const goals = await every((page, per_page) =>
    service.listGoals({ page, per_page, archived: true, ...(since ? { since } : {}) }),
  );
  const after = (time: string) => since === undefined || time.slice(0, 10) >= since;
  const goalUpdates = [];
  for (const goal of goals) {
    const updates = await every((page, per_page) => service.listGoalUpdates(goal.id, { page, per_page }));
    goalUpdates.push(...updates.filter((update) => after(update.created_at)));
  }
  const { comments, reactions } = await conversationsOf(service, [
    ...checkIns.map((checkIn) => ({ type: 'check-in' as const, id: checkIn.id })),
    ...goalUpdates.map((update) => ({ type: 'goal-update' as const, id: update.id })),
  ]);
  const questions = await every((page, per_page) => service.listEchoQuestions({ page, per_page }));
  const answers = [];
  for (const question of questions) {
    const items = await every((page, per_page) => service.listEchoAnswers(question.id, { page, per_page }));
    answers.push(...items.filter((answer) => after(answer.published_at)));
  }
  const asks = await every((page, per_page) => service.listAsks({ page, per_page }));
  const activities = await every((page, per_page) =>
    service.listActivities({ page, per_page, ...(since ? { since: `${since}T00:00:00Z` } : {}) }),
  );
  const absences = await absencesOf(cc, teams.filter(isMine(me)), since);
  if (absences === undefined)
    cc.out.note(
      'Absences are left out: remotely they are read with v1 credentials (pulse auth login --team-id).',
    );
  return {
    pulse_export: EXPORT_VERSION,
    exported_by: me.id,
    since: since ?? null,
    account: me.account,
    people: ordered(people, (person) => person.created_at),
    teams: byId(teams),
    check_ins: ordered(checkIns, (checkIn) => checkIn.date),
    goals: byId(goals),
    goal_updates: ordered(goalUpdates, (update) => update.created_at),
    comments: ordered(comments, (comment) => comment.created_at),
    reactions: ordered(reactions, (reaction) => reaction.created_at),
    echo_questions: ordered(questions, (question) => question.created_at),
    echo_answers: ordered(answers, (answer) => answer.published_at),
    asks: ordered(
      asks.filter((ask) => after(ask.created_at)),
      (ask) => ask.created_at,
    ),
    activities: ordered(activities, (activity) => activity.recorded_at),
    member_absences: absences?.members ?? [],
    team_absences: absences?.teams ?? [],
  };
}

export async function exportData(cc: CommandContext, options: ExportOptions): Promise<void> {
  if (options.since !== undefined && !isCalendarDate(options.since))
    throw new UsageError(`--since must be a date, YYYY-MM-DD: ${options.since}`);
  const document = await collect(cc, options.since);
  const text =
    options.format === 'markdown' ? exportMarkdown(document) : `${JSON.stringify(document, null, 2)}\n`;
  if (options.output === undefined) {
    cc.ctx.streams.stdout.write(text);
    return;
  }
  const file = resolve(cc.ctx.cwd, options.output);
  try {
    // Personal data: the owner's alone, also when the file was there before (writeFile's mode is
    // only for a file it creates).
    await writeFile(file, text, { mode: 0o600 });
    await chmod(file, 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new UsageError(
      `--output: cannot write ${options.output}: ${code === 'ENOENT' ? 'no such folder' : code}`,
    );
  }
  cc.out.note(`Exported to ${options.output}.`);
}

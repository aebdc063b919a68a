/**
 * The team notifications sent as things happen: a check-in completed with a blocker (`checkin.blocked`)
 * and a new Echo answer (`echo.answered`), each written to the outbox in the transaction of the change
 * it tells of, to the channels of the teams whose plain members could see it (audience.ts).
 */
import { formatDateRange } from '../date-ranges.js';
import type { CheckInRow, EchoAnswerRow, EchoQuestionRow } from '../repository.js';
import type { ServiceContext } from '../service-context.js';
import { canSeeCheckIn, ownedBy } from '../visibility.js';
import { Outbox } from '../webhooks/outbox.js';
import { plainMemberOf, teamChannels } from './audience.js';
import type { BlockedData, EchoAnsweredData } from './types.js';

/** Tells the channels of each team the blocked check-in is shared with (and visible to its members). */
export async function checkInBlocked(context: ServiceContext, row: CheckInRow): Promise<void> {
  const { repo } = context;
  const webhooks = await repo.listWebhooks();
  const teamIds = row.team_ids.filter((id) => teamChannels(webhooks, id, 'checkin.blocked').length > 0);
  if (teamIds.length === 0) return;
  const [teams, author] = await Promise.all([context.teamRows(teamIds), repo.findPerson(row.person_id)]);
  if (!author) return;
  const outbox = new Outbox(repo, context.options.clock);
  for (const teamId of teamIds) {
    const team = teams.get(teamId);
    if (!team || !canSeeCheckIn(plainMemberOf(teamId), row)) continue;
    const data: BlockedData = {
      team: { id: team.id, name: team.name },
      check_in: {
        id: row.id,
        date: row.date,
        blockers: row.blockers ?? '',
        url: context.urls.checkIn(row.id),
      },
      person: { id: author.id, name: author.name },
    };
    await outbox.recordTo(teamChannels(webhooks, teamId, 'checkin.blocked'), 'checkin.blocked', data);
  }
}

/**
 * Tells team channels of new Echo answers. An Echo answer is its owner's alone (ownedBy), so it goes to
 * a team's channels only when every member of the team is its owner: a team of one, whose channel is
 * theirs in all but name. No other member ever receives what they could not read in pulse.
 */
export async function echoAnswersPublished(
  context: ServiceContext,
  question: EchoQuestionRow,
  answers: readonly EchoAnswerRow[],
): Promise<void> {
  if (answers.length === 0) return;
  const { repo } = context;
  const webhooks = await repo.listWebhooks();
  const candidates = [
    ...new Set(
      webhooks
        .filter((webhook) => webhook.team_id !== null)
        .map((webhook) => webhook.team_id as string)
        .filter((teamId) => teamChannels(webhooks, teamId, 'echo.answered').length > 0),
    ),
  ];
  if (candidates.length === 0) return;
  const members = await repo.memberIdsOfTeams(candidates);
  const teams = await context.teamRows(candidates);
  const outbox = new Outbox(repo, context.options.clock);
  for (const teamId of candidates) {
    const team = teams.get(teamId);
    const viewers = await Promise.all((members.get(teamId) ?? []).map((id) => context.viewerFor(id)));
    const everyMemberSees =
      viewers.length > 0 &&
      viewers.every((viewer) => viewer !== undefined && ownedBy(viewer, question.person_id));
    if (!team || !everyMemberSees) continue;
    for (const answer of answers) {
      const data: EchoAnsweredData = {
        team: { id: team.id, name: team.name },
        echo: { id: question.id, question: question.prompt },
        answer: {
          id: answer.id,
          period: formatDateRange(answer.period_start, answer.period_end),
          text: answer.body,
          url: context.urls.echoAnswer(answer.id),
        },
      };
      await outbox.recordTo(teamChannels(webhooks, teamId, 'echo.answered'), 'echo.answered', data);
    }
  }
}

/**
 * The Markdown form of an export: the same items as the JSON document, for a person to read, oldest
 * first under a heading per kind. `pulse import` reads only the JSON form.
 */
import type { ExportDocument } from '../../../core/export-document.js';
import type { CheckIn, Comment, Reaction, ResourceRef } from '../../../core/types.js';

const quoted = (text: string) => text.trim().replace(/^/gm, '> ');

function section(title: string, blocks: string[]): string {
  return blocks.length === 0 ? '' : `## ${title}\n\n${blocks.join('\n\n')}\n\n`;
}

function conversation(resource: ResourceRef, comments: Comment[], reactions: Reaction[]): string {
  const on = (item: { resource: ResourceRef }) =>
    item.resource.type === resource.type && item.resource.id === resource.id;
  const lines = [
    ...reactions.filter(on).map((reaction) => `- ${reaction.emoji} ${reaction.person.name}`),
    ...comments
      .filter(on)
      .map(
        (comment) =>
          `- ${comment.person.name}, ${comment.created_at}:\n${quoted(comment.body).replace(/^/gm, '  ')}`,
      ),
  ];
  return lines.length === 0 ? '' : `\n\n${lines.join('\n')}`;
}

function checkInBlock(checkIn: CheckIn, document: ExportDocument): string {
  const parts = [
    `### ${checkIn.date} · ${checkIn.person.name}${checkIn.absent ? ' (absent)' : ''}`,
    ...(checkIn.mood ? [`Mood: ${checkIn.mood}`] : []),
    ...(checkIn.previous !== null ? [`**Done**\n\n${checkIn.previous.trim()}`] : []),
    ...(checkIn.intentions !== null ? [`**Intended**\n\n${checkIn.intentions.trim()}`] : []),
    ...(checkIn.blocked && checkIn.blockers !== null ? [`**Blockers**\n\n${checkIn.blockers.trim()}`] : []),
  ];
  return (
    parts.join('\n\n') +
    conversation({ type: 'check-in', id: checkIn.id }, document.comments, document.reactions)
  );
}

export function exportMarkdown(document: ExportDocument): string {
  const me = document.people.find((person) => person.id === document.exported_by);
  const heading = `# pulse export: ${me?.name ?? document.exported_by} (${document.account.name})${
    document.since === null ? '' : `, since ${document.since}`
  }\n\n`;
  const teams = document.teams.map(
    (team) =>
      `- **${team.name}**${team.private ? ' (private)' : ''}: ${team.people.map((p) => p.name).join(', ')}`,
  );
  const goals = document.goals.map((goal) => {
    const updates = document.goal_updates
      .filter((update) => update.goal.id === goal.id)
      .map(
        (update) =>
          `- ${update.created_at}, ${update.person.name}: ${update.progress}%, ${update.confidence_description}` +
          `${update.title ? `: ${update.title}` : ''}${update.body ? `\n${quoted(update.body).replace(/^/gm, '  ')}` : ''}` +
          conversation({ type: 'goal-update', id: update.id }, document.comments, document.reactions).replace(
            /^(?=.)/gm,
            '  ',
          ),
      );
    const facts = [
      `Owner: ${goal.owner.name}`,
      `${goal.progress}%, ${goal.confidence_description}`,
      ...(goal.private ? ['private'] : []),
      ...(goal.archived ? ['archived'] : []),
      ...(goal.parent ? [`part of ${goal.parent.title}`] : []),
    ];
    return [
      `### ${goal.title}`,
      facts.join(' · '),
      ...(goal.description ? [goal.description.trim()] : []),
      updates.join('\n'),
    ]
      .filter((part) => part.length > 0)
      .join('\n\n');
  });
  const echoes = document.echo_answers.map(
    (answer) => `### ${answer.title} (${answer.published_at})\n\n${answer.body?.trim() ?? '_being written_'}`,
  );
  const asks = document.asks.map(
    (ask) => `### ${ask.created_at}\n\n${quoted(ask.prompt)}\n\n${ask.body?.trim() ?? '_being written_'}`,
  );
  const activities = document.activities.map(
    (activity) =>
      `- ${activity.recorded_at} · ${activity.person.name} · ${activity.group}: ${activity.title ?? activity.description}` +
      (activity.url ? ` (${activity.url})` : ''),
  );
  const names = new Map(document.people.map((person) => [person.id, person.name]));
  const teamNames = new Map(document.teams.map((team) => [team.id, team.name]));
  const absences = [
    ...document.member_absences.map(
      (absence) => `- ${absence.date}: ${names.get(absence.person_id) ?? absence.person_id}`,
    ),
    ...document.team_absences.map(
      (absence) => `- ${absence.date}: team ${teamNames.get(absence.team_id) ?? absence.team_id}`,
    ),
  ];
  return (
    heading +
    section(
      'Teams',
      [teams.join('\n')].filter((block) => block.length > 0),
    ) +
    section(
      'Check-ins',
      document.check_ins.map((checkIn) => checkInBlock(checkIn, document)),
    ) +
    section('Goals', goals) +
    section('Echo answers', echoes) +
    section('Asks', asks) +
    section('Activities', activities.length === 0 ? [] : [activities.join('\n')]) +
    section('Absences', absences.length === 0 ? [] : [absences.join('\n')])
  ).replace(/\n+$/, '\n');
}

/** How check-ins look: rows for lists and a full view for one. */
import { MOODS } from '../../../core/moods.js';
import type { CheckIn } from '../../../core/types.js';
import { weekdayOf } from '../../../core/weekdays.js';
import { type Column, firstLine, type Output } from '../../output.js';

export function moodLabel(mood: CheckIn['mood']): string {
  return mood ? `${MOODS[mood]} ${mood}` : '';
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function longDate(date: string): string {
  return `${capitalise(weekdayOf(date))} ${date}`;
}

export function checkInColumns(out: Output): Column<CheckIn>[] {
  return [
    { header: 'ID', cell: (c) => c.id, plainOnly: true },
    { header: 'DATE', cell: (c) => c.date },
    { header: 'PERSON', cell: (c) => c.person.name },
    { header: 'MOOD', cell: (c) => moodLabel(c.mood), plain: (c) => c.mood ?? '' },
    {
      header: 'BLOCKED',
      cell: (c) => (c.blocked ? out.style.red('blocked') : ''),
      plain: (c) => String(c.blocked),
    },
    {
      header: 'INTENTIONS',
      cell: (c) => firstLine(c.intentions, Math.max(20, out.width - 90)),
      plain: (c) => c.intentions ?? '',
    },
  ];
}

/** One check-in in full; its answers are Markdown, rendered for a terminal. */
export async function renderCheckIn(out: Output, checkIn: CheckIn): Promise<void> {
  const { style } = out;
  const facts = [
    checkIn.mood ? moodLabel(checkIn.mood) : undefined,
    checkIn.blocked ? style.red('blocked') : undefined,
    checkIn.absent ? style.yellow('absent') : undefined,
    checkIn.completed_at ? undefined : style.dim('not filled in yet'),
  ].filter(Boolean);
  out.line(
    `${style.bold(checkIn.person.name)} — ${longDate(checkIn.date)}${facts.length ? ` · ${facts.join(' · ')}` : ''}`,
  );
  if (checkIn.teams.length > 0)
    out.line(style.dim(`Teams: ${checkIn.teams.map((team) => team.name).join(', ')}`));
  const completed =
    checkIn.previous_completed === null
      ? ''
      : checkIn.previous_completed
        ? ' (done as intended)'
        : ' (not as intended)';
  const sections: [string, string | null][] = [
    [`Previous${completed}`, checkIn.previous],
    ['Intentions', checkIn.intentions],
    ['Blockers', checkIn.blockers],
  ];
  for (const [title, body] of sections) {
    out.line();
    out.line(style.bold(title));
    out.line(body?.trim() ? await out.markdownText(body) : style.dim('—'));
  }
  out.line();
  out.line(style.dim(`${checkIn.id}  ${checkIn.url}`));
}

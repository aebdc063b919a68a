/** How check-ins look: rows for lists and a full view for one. */
import { MOODS } from '../../../core/moods.js';
import type { CheckIn } from '../../../core/types.js';
import { weekdayOf } from '../../../core/weekdays.js';
import { UsageError } from '../../errors.js';
import { CHECK_IN_FIELDS } from '../../json-fields.js';
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

type CheckInField = (typeof CHECK_IN_FIELDS)[number];

const yesNo = (value: boolean | null) => (value === null ? '' : value ? 'yes' : 'no');

/** A column for each field `--json` names, headed by the field's name in capitals. */
function fieldColumn(out: Output, field: CheckInField, answerWidth: number): Column<CheckIn> {
  const header = field.toUpperCase().replaceAll('_', ' ');
  const answer = (value: (c: CheckIn) => string | null): Column<CheckIn> => ({
    header,
    cell: (c) => firstLine(value(c), answerWidth),
    plain: (c) => value(c) ?? '',
  });
  switch (field) {
    case 'previous':
    case 'intentions':
    case 'blockers':
      return answer((c) => c[field]);
    case 'person':
      return { header, cell: (c) => c.person.name };
    case 'teams':
      return { header, cell: (c) => c.teams.map((team) => team.name).join(', ') };
    case 'mood':
      return { header, cell: (c) => moodLabel(c.mood), plain: (c) => c.mood ?? '' };
    case 'blocked':
      return {
        header,
        cell: (c) => (c.blocked ? out.style.red('blocked') : ''),
        plain: (c) => String(c.blocked),
      };
    case 'absent':
      return {
        header,
        cell: (c) => (c.absent ? out.style.yellow('absent') : ''),
        plain: (c) => String(c.absent),
      };
    case 'previous_completed':
      return {
        header,
        cell: (c) => yesNo(c.previous_completed),
        plain: (c) => String(c.previous_completed ?? ''),
      };
    case 'completed_at':
    case 'updated_at':
      return { header, cell: (c) => (c[field] ? out.time(c[field]) : ''), plain: (c) => c[field] ?? '' };
    default:
      return { header, cell: (c) => c[field] };
  }
}

/** The fields `--columns` names, checked against those `--json` takes (exit 2 naming any other). */
export function parseColumns(text: string): CheckInField[] {
  const asked = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (asked.length === 0)
    throw new UsageError(`--columns: name at least one of ${CHECK_IN_FIELDS.join(', ')}`);
  const valid: readonly string[] = CHECK_IN_FIELDS;
  const unknown = asked.filter((field) => !valid.includes(field));
  if (unknown.length > 0) {
    throw new UsageError(
      `--columns: unknown ${unknown.length === 1 ? 'column' : 'columns'} ${unknown.map((f) => JSON.stringify(f)).join(', ')}; valid columns: ${CHECK_IN_FIELDS.join(', ')}`,
    );
  }
  return asked as CheckInField[];
}

/**
 * The columns of a check-in list: those asked for, in that order, or by default the id (plain rows
 * only), date, person, mood, blocked and the intentions, or the blockers when the list is of blocked
 * check-ins.
 */
export function checkInColumns(
  out: Output,
  options: { fields?: readonly CheckInField[]; blocked?: boolean } = {},
): Column<CheckIn>[] {
  if (options.fields) {
    const answers = options.fields.filter((f) => f === 'previous' || f === 'intentions' || f === 'blockers');
    const answerWidth = Math.max(
      20,
      Math.floor((out.width - 12 * (options.fields.length - answers.length)) / Math.max(1, answers.length)),
    );
    return options.fields.map((field) => fieldColumn(out, field, answerWidth));
  }
  const answerWidth = Math.max(20, out.width - 90);
  return [
    { ...fieldColumn(out, 'id', answerWidth), plainOnly: true },
    ...(['date', 'person', 'mood', 'blocked'] as const).map((field) => fieldColumn(out, field, answerWidth)),
    fieldColumn(out, options.blocked ? 'blockers' : 'intentions', answerWidth),
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
  out.reference(checkIn.id, 'pulse checkin view');
}

/** The interactive check-in: one question at a time on the terminal, prompts drawn on stderr. */
import { checkbox, confirm, input, select } from '@inquirer/prompts';
import { MOOD_NAMES, MOODS } from '../../../core/moods.js';
import type { CheckInUpdate } from '../../../core/service.js';
import type { Activity, CheckIn, Person } from '../../../core/types.js';
import type { CommandContext } from '../../command-context.js';
import { editText } from '../../editor.js';
import { CancelledError } from '../../errors.js';
import { activityLine } from './activities.js';
import { longDate } from './render.js';

export interface PromptInput {
  me: Person;
  date: string;
  today: string;
  current: CheckIn;
  /** The person's most recent completed check-in before this date, if any. */
  previousCheckIn?: CheckIn | undefined;
  /** Answers already given by flags or a file: not asked again. */
  given: CheckInUpdate;
  /** The person's activities since the previous check-in, offered for "previous". */
  activities?: Activity[];
}

const EDITOR_WORD = ':e';

export async function promptCheckIn(cc: CommandContext, p: PromptInput): Promise<CheckInUpdate> {
  const io = { input: cc.ctx.streams.stdin, output: cc.ctx.streams.stderr };
  const answers: CheckInUpdate = { ...p.given };
  const say = (text: string) => cc.out.note(text);

  say(cc.out.style.bold(`Check-in for ${longDate(p.date)}${p.date === p.today ? ' (today)' : ''}`));
  say(cc.out.style.dim(`Type ${EDITOR_WORD} at a text question to write the answer in your editor.`));

  if (answers.previous_completed === undefined && p.previousCheckIn?.intentions?.trim()) {
    say(`\nOn ${longDate(p.previousCheckIn.date)} you intended:`);
    say(p.previousCheckIn.intentions.trim().replace(/^/gm, '  '));
    answers.previous_completed = await confirm(
      { message: 'Did you do what you intended?', default: true },
      io,
    );
  }

  const text = async (field: 'previous' | 'intentions' | 'blockers', message: string, fallback = '') => {
    if (answers[field] !== undefined) return;
    const initial = p.current[field] ?? fallback;
    let answer = await input({ message, default: initial || undefined }, io);
    if (answer.trim() === EDITOR_WORD) answer = await editText(cc, initial, field);
    answers[field] = answer.trim();
  };
  // Activities since the last check-in: the ones taken head "previous" as a Markdown list.
  if (answers.previous === undefined && p.activities?.length && !p.current.previous) {
    const taken = await checkbox(
      {
        message: 'Take any of your activities since your last check-in into "previous"?',
        choices: p.activities.map((activity) => ({ name: activityLine(activity).slice(2), value: activity })),
        pageSize: 10,
      },
      io,
    );
    if (taken.length > 0) {
      const list = taken.map(activityLine).join('\n');
      let more = await input({ message: 'Anything else you got done? (Enter for nothing)' }, io);
      if (more.trim() === EDITOR_WORD) more = await editText(cc, '', 'previous');
      answers.previous = more.trim() ? `${list}\n${more.trim()}` : list;
    }
  }
  const upcoming = p.date === p.today ? 'today' : p.date > p.today ? `on ${p.date}` : `on ${p.date}`;
  await text('previous', 'What did you get done since your last check-in?');
  await text('intentions', `What do you intend to do ${upcoming}?`);
  await text('blockers', 'Is anything blocking you?', 'none');

  if (answers.mood === undefined) {
    const mood = await select(
      {
        message: 'How do you feel?',
        choices: [
          ...MOOD_NAMES.map((name) => ({ name: `${MOODS[name]} ${name}`, value: name })),
          { name: 'skip', value: 'skip' },
        ],
        default: p.current.mood ?? undefined,
        pageSize: 11,
      },
      io,
    );
    if (mood !== 'skip') answers.mood = mood as CheckInUpdate['mood'];
  }

  if (answers.team_ids === undefined && p.me.teams.length > 1) {
    const included = new Set(p.current.teams.map((team) => team.id));
    answers.team_ids = await checkbox(
      {
        message: 'Share with which teams?',
        choices: p.me.teams.map((team) => ({
          name: team.name,
          value: team.id,
          checked: included.size === 0 || included.has(team.id),
        })),
        required: true,
      },
      io,
    );
  }

  if (!(await confirm({ message: 'Save this check-in?', default: true }, io))) throw new CancelledError();
  return answers;
}

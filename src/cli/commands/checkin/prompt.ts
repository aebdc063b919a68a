/** The interactive check-in: one question at a time on the terminal, prompts drawn on stderr. */
import { checkbox, confirm, input, select } from '@inquirer/prompts';
import { isMood, MOOD_NAMES, MOODS } from '../../../core/moods.js';
import type { CheckInUpdate } from '../../../core/service.js';
import { textErrors } from '../../../core/text.js';
import type { Activity, CheckIn, Person } from '../../../core/types.js';
import type { CommandContext } from '../../command-context.js';
import { editText } from '../../editor.js';
import { CancelledError } from '../../errors.js';
import { activityLine } from './activities.js';
import { CheckInInterrupted } from './interrupted.js';
import { longDate, moodLabel } from './render.js';

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
  /** Answers kept from this date's interrupted check-in: each question offers them as its default. */
  resumed?: CheckInUpdate | undefined;
}

const EDITOR_WORD = ':e';
const TEXT_FIELDS = ['previous', 'intentions', 'blockers'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/** The ways a prompt of @inquirer/prompts ends without an answer. */
const STOPPED_PROMPT = new Set(['ExitPromptError', 'AbortPromptError', 'CancelPromptError']);

export async function promptCheckIn(cc: CommandContext, p: PromptInput): Promise<CheckInUpdate> {
  const answers: CheckInUpdate = { ...p.given };
  // The line being typed, as the draft would keep it: a text answer is not lost half-way.
  let typing: { field: TextField; value: string } | undefined;
  const stop = new AbortController();
  const stopOnEnd = () => stop.abort();
  // What the current text question's line holds: Ctrl-D deletes a character in it, as readline does.
  let line = '';
  // Ctrl-D on an empty line closes the prompt's readline without settling it: treat it as the end of input.
  const stopOnCtrlD = (_text: unknown, key?: { ctrl?: boolean; name?: string }) => {
    if (key?.ctrl && key.name === 'd' && line === '') stop.abort();
  };
  const shutdown = cc.ctx.shutdownSignal();
  shutdown.addEventListener('abort', stopOnEnd);
  const stdin = cc.ctx.streams.stdin;
  stdin.on('end', stopOnEnd);
  stdin.on('error', stopOnEnd);
  stdin.on('keypress', stopOnCtrlD);
  const io = { input: stdin, output: cc.ctx.streams.stderr, signal: stop.signal };
  try {
    if (shutdown.aborted) stop.abort();
    await askAll(cc, p, answers, io, (field, value, typedLine) => {
      typing = { field, value };
      line = typedLine;
    });
    return answers;
  } catch (error) {
    if (!(error instanceof CancelledError || (error instanceof Error && STOPPED_PROMPT.has(error.name))))
      throw error;
    const kept: CheckInUpdate = { ...p.resumed, ...answers };
    if (
      typing &&
      kept[typing.field] === undefined &&
      typing.value.trim() &&
      typing.value.trim() !== EDITOR_WORD
    )
      kept[typing.field] = typing.value.trim();
    throw new CheckInInterrupted(p.date, kept);
  } finally {
    shutdown.removeEventListener('abort', stopOnEnd);
    stdin.off('end', stopOnEnd);
    stdin.off('error', stopOnEnd);
    stdin.off('keypress', stopOnCtrlD);
  }
}

interface PromptIo {
  input: CommandContext['ctx']['streams']['stdin'];
  output: CommandContext['ctx']['streams']['stderr'];
  signal: AbortSignal;
}

async function askAll(
  cc: CommandContext,
  p: PromptInput,
  answers: CheckInUpdate,
  io: PromptIo,
  /** The draft's value of a text field as it is being typed, and the line itself ('' once answered). */
  typed: (field: TextField, value: string, line: string) => void,
): Promise<void> {
  const say = (text: string) => cc.out.note(text);
  const { style } = cc.out;
  const resumed = p.resumed ?? {};
  /** How a text answer stays on screen once given: ":e" stands for the editor's text, shown at the end. */
  const shown =
    (field: TextField) =>
    (value: string, { isFinal }: { isFinal: boolean }) => {
      typed(field, value, isFinal ? '' : value);
      if (!isFinal) return value;
      return value.trim() === EDITOR_WORD ? style.dim('(written in your editor)') : style.cyan(value);
    };

  say(style.bold(`Check-in for ${longDate(p.date)}${p.date === p.today ? ' (today)' : ''}`));
  say(style.dim(`Type ${EDITOR_WORD} at a text question to write the answer in your editor.`));

  if (answers.previous_completed === undefined && p.previousCheckIn?.intentions?.trim()) {
    say(`\nOn ${longDate(p.previousCheckIn.date)} you intended:`);
    say(p.previousCheckIn.intentions.trim().replace(/^/gm, '  '));
    answers.previous_completed = await confirm(
      { message: 'Did you do what you intended?', default: resumed.previous_completed ?? true },
      io,
    );
  }

  // An answer is checked at its prompt by the rules its flag's value meets, and asked again if it breaks one.
  const { checkInRuleErrors } = await import('../../../core/check-in-input.js');
  const check = (field: TextField) => (value: string) => {
    const answer = value.trim();
    if (answer === EDITOR_WORD) return true;
    return [...textErrors({ [field]: answer }), ...checkInRuleErrors({ [field]: answer }, [])][0] ?? true;
  };
  const text = async (field: TextField, message: string, fallback = '') => {
    if (answers[field] !== undefined) return;
    const initial = resumed[field] ?? p.current[field] ?? fallback;
    let answer = await input(
      { message, default: initial || undefined, transformer: shown(field), validate: check(field) },
      io,
    );
    if (answer.trim() === EDITOR_WORD) answer = await editText(cc, initial, field);
    answers[field] = answer.trim();
  };
  // Activities since the last check-in: the ones taken head "previous" as a Markdown list.
  if (
    answers.previous === undefined &&
    resumed.previous === undefined &&
    p.activities?.length &&
    !p.current.previous
  ) {
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
      const withList = (more: string) => (more.trim() ? `${list}\n${more.trim()}` : list);
      typed('previous', list, '');
      let more = await input(
        {
          message: 'Anything else you got done? (Enter for nothing)',
          validate: (value) => check('previous')(withList(value)),
          transformer: (value, { isFinal }) => {
            typed('previous', withList(value), isFinal ? '' : value);
            return value;
          },
        },
        io,
      );
      if (more.trim() === EDITOR_WORD) more = await editText(cc, '', 'previous');
      answers.previous = withList(more);
    }
  }
  const upcoming = p.date === p.today ? 'today' : `on ${p.date}`;
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
        default: resumed.mood ?? p.current.mood ?? undefined,
        pageSize: 11,
      },
      io,
    );
    if (mood !== 'skip') answers.mood = mood as CheckInUpdate['mood'];
  }

  if (answers.team_ids === undefined && p.me.teams.length > 1) {
    const included = new Set(resumed.team_ids ?? p.current.teams.map((team) => team.id));
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

  say(summary(cc, p, answers));
  if (!(await confirm({ message: 'Save this check-in?', default: true }, io))) throw new CancelledError();
}

/**
 * Everything the check-in will hold once saved, each answer's text whole and as it will be stored
 * (Markdown source, indented two spaces): the last look before "Save this check-in?".
 */
export function summary(cc: CommandContext, p: PromptInput, answers: CheckInUpdate): string {
  const { style } = cc.out;
  const final = (field: TextField) => (answers[field] !== undefined ? answers[field] : p.current[field]);
  const block = (title: string, body: string | null | undefined) =>
    `${style.bold(title)}\n${body?.trim() ? body.trim().replace(/^/gm, '  ') : `  ${style.dim('—')}`}`;
  const done = answers.previous_completed ?? p.current.previous_completed;
  const mood = answers.mood !== undefined ? answers.mood : p.current.mood;
  const teamIds = answers.team_ids ?? p.current.teams.map((team) => team.id);
  const teams = p.me.teams.filter((team) => teamIds.length === 0 || teamIds.includes(team.id));
  const lines = [
    '',
    style.bold(`To be saved for ${longDate(p.date)}:`),
    block(
      done === true
        ? 'Previous (done as intended)'
        : done === false
          ? 'Previous (not as intended)'
          : 'Previous',
      final('previous'),
    ),
    block('Intentions', final('intentions')),
    block('Blockers', final('blockers')),
    `${style.bold('Mood')} ${mood ? (isMood(mood) ? moodLabel(mood) : mood) : style.dim('—')}`,
  ];
  if (p.me.teams.length > 1)
    lines.push(`${style.bold('Teams')} ${teams.map((team) => team.name).join(', ')}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Offers the answers kept when this date's check-in was stopped. Yes: they become the questions' defaults;
 * no: they are discarded (the caller drops the draft).
 */
export async function offerResume(cc: CommandContext, date: string, kept: CheckInUpdate): Promise<boolean> {
  const io = { input: cc.ctx.streams.stdin, output: cc.ctx.streams.stderr };
  const given = Object.values(kept).filter((value) => value !== undefined && value !== null).length;
  return confirm(
    {
      message: `Resume the check-in for ${longDate(date)} you stopped (${given} answer${given === 1 ? '' : 's'} kept)? No discards them.`,
      default: true,
    },
    io,
  );
}

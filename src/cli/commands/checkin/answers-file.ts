/**
 * Reads check-in answers from a file (or stdin with "-"): JSON with the writable fields only, or Markdown with
 * one section per answer:
 *
 *   ## Previous      (also: Yesterday, Done)
 *   ## Intentions    (also: Today, Next, Plans)
 *   ## Blockers
 *   ## Mood          (one of the 21 moods)
 *   ## Completed     (yes/no: did you do what you intended? also: Previous completed)
 */
import {
  CHECK_IN_UPDATE_FIELDS,
  type ParsedCheckInUpdate,
  parseStrictCheckInUpdate,
} from '../../../core/check-in-input.js';
import { ServiceError } from '../../../core/errors.js';
import { isMood, MOOD_NAMES } from '../../../core/moods.js';
import type { CheckInUpdate } from '../../../core/service.js';
import { UsageError } from '../../errors.js';

const SECTION_ALIASES: Record<string, keyof CheckInUpdate> = {
  previous: 'previous',
  yesterday: 'previous',
  done: 'previous',
  intentions: 'intentions',
  today: 'intentions',
  next: 'intentions',
  plans: 'intentions',
  blockers: 'blockers',
  mood: 'mood',
  completed: 'previous_completed',
  'previous completed': 'previous_completed',
  previous_completed: 'previous_completed',
};

const YES = new Set(['yes', 'y', 'true', 'done']);
const NO = new Set(['no', 'n', 'false', 'not done']);

export type FileAnswers = Omit<CheckInUpdate, 'team_ids'>;

function parseCompleted(value: string, where: string): boolean {
  const word = value.trim().toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  throw new UsageError(`${where}: "Completed" must be yes or no, not "${value.trim()}"`);
}

function parseMood(value: string, where: string): CheckInUpdate['mood'] {
  const mood = value.trim().toLowerCase();
  if (!isMood(mood))
    throw new UsageError(`${where}: unknown mood "${value.trim()}" (one of ${MOOD_NAMES.join(', ')})`);
  return mood;
}

/**
 * JSON answers: the writable fields of a check-in (core's CHECK_IN_UPDATE_FIELDS), and nothing else. An
 * unknown key is refused with the accepted ones listed, as Markdown refuses an unknown section.
 */
export function parseAnswersJson(text: string, source: string): CheckInUpdate {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${source}: not valid JSON: ${(error as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new UsageError(`${source}: expected a JSON object with ${CHECK_IN_UPDATE_FIELDS.join(', ')}`);
  }
  let parsed: ParsedCheckInUpdate;
  try {
    parsed = parseStrictCheckInUpdate(data);
  } catch (error) {
    if (error instanceof ServiceError) throw new UsageError(`${source}: ${error.errors.join('; ')}`);
    throw error;
  }
  const answers: CheckInUpdate = {};
  for (const field of ['previous', 'intentions', 'blockers'] as const) {
    if (parsed[field] !== undefined) answers[field] = parsed[field];
  }
  if (parsed.mood != null) answers.mood = parseMood(parsed.mood, source);
  if (parsed.previous_completed != null) answers.previous_completed = parsed.previous_completed;
  if (parsed.team_ids !== undefined) answers.team_ids = parsed.team_ids;
  return answers;
}

export function parseAnswersMarkdown(text: string, source: string): FileAnswers {
  const answers: FileAnswers = {};
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let current: { field: keyof CheckInUpdate; line: number; body: string[] } | undefined;
  const flush = () => {
    if (!current) return;
    const body = current.body.join('\n').trim();
    const where = `${source}:${current.line}`;
    if (current.field === 'mood') answers.mood = parseMood(body, where);
    else if (current.field === 'previous_completed') answers.previous_completed = parseCompleted(body, where);
    else if (current.field !== 'team_ids') answers[current.field] = body;
  };
  lines.forEach((line, index) => {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) {
      if (current) current.body.push(line);
      else if (line.trim().length > 0) {
        throw new UsageError(
          `${source}:${index + 1}: text before the first section; start with "## Previous"`,
        );
      }
      return;
    }
    flush();
    const name = (heading[1] as string).toLowerCase().replace(/[?:]$/, '');
    const field = SECTION_ALIASES[name];
    if (!field) {
      throw new UsageError(
        `${source}:${index + 1}: unknown section "${heading[1]}" (expected Previous, Intentions, Blockers, Mood, Completed)`,
      );
    }
    current = { field, line: index + 1, body: [] };
  });
  flush();
  return answers;
}

/** JSON when the text starts with "{" or "[", Markdown sections otherwise. */
export function parseAnswersFile(text: string, source: string): CheckInUpdate {
  return /^[[{]/.test(text.trimStart()) ? parseAnswersJson(text, source) : parseAnswersMarkdown(text, source);
}

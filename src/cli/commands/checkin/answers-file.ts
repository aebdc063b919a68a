/**
 * Reads check-in answers from a file (or stdin with "-"): JSON with the writable fields, or Markdown with
 * one section per answer:
 *
 *   ## Previous      (also: Yesterday, Done)
 *   ## Intentions    (also: Today, Next, Plans)
 *   ## Blockers
 *   ## Mood          (one of the 21 moods)
 *   ## Completed     (yes/no: did you do what you intended? also: Previous completed)
 */
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

export function parseAnswersJson(text: string, source: string): FileAnswers {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${source}: not valid JSON: ${(error as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new UsageError(`${source}: expected a JSON object with previous, intentions, blockers, mood`);
  }
  const record = data as Record<string, unknown>;
  const answers: FileAnswers = {};
  for (const field of ['previous', 'intentions', 'blockers'] as const) {
    const value = record[field];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string')
      throw new UsageError(`${source}: ${field} must be a string`);
    answers[field] = value;
  }
  if (record.mood !== undefined && record.mood !== null) {
    if (typeof record.mood !== 'string') throw new UsageError(`${source}: mood must be a string`);
    answers.mood = parseMood(record.mood, source);
  }
  if (record.previous_completed !== undefined && record.previous_completed !== null) {
    if (typeof record.previous_completed !== 'boolean') {
      throw new UsageError(`${source}: previous_completed must be true or false`);
    }
    answers.previous_completed = record.previous_completed;
  }
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
export function parseAnswersFile(text: string, source: string): FileAnswers {
  return /^[[{]/.test(text.trimStart()) ? parseAnswersJson(text, source) : parseAnswersMarkdown(text, source);
}

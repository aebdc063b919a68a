/**
 * Reading a prompt before anything is searched: what kind of answer it wants (intent), what it asks about
 * (themes), the time (a named window, now, or any time), whose reports and whom they mention, the teams,
 * and the remaining content words, which the search stems and ranks. Deterministic and offline: plain
 * patterns over the text, no model. Each recognised phrase is taken out of the text, so "last week" is a
 * window and not two search words, and "reported" or "many" are never searched for.
 */
import { formatDateRange } from '../date-ranges.js';
import type { PersonRow, TeamRow } from '../repository.js';
import type { AnswerWindow, Reading } from './question.js';
import { readIntent } from './reading/intent.js';
import { NameReader, type ReadablePerson, type ReadableTeam } from './reading/names.js';
import { readTerms } from './reading/terms.js';
import { Text } from './reading/text.js';
import { readThemes } from './reading/themes.js';
import { readWindow } from './reading/window.js';

export type { AnswerWindow, Reading, Theme } from './question.js';

export type { ReadablePerson, ReadableTeam } from './reading/names.js';

/**
 * The data a prompt is read against. The server reads with stored rows; `pulse ask --explain` reads with
 * the people and teams the Service gives a client, so the reading has the same shape with either.
 */
export interface ReadingContext<P extends ReadablePerson = PersonRow, T extends ReadableTeam = TeamRow> {
  /** The asker's date when the prompt was asked. */
  today: string;
  asker: P;
  /** Everyone in the account (people are visible to all). */
  people: P[];
  /** Teams the asker can see; a private team of others is never recognised. */
  teams: T[];
  /** An Echo's period: the window is fixed, whatever the prompt says. */
  period?: { start: string; end: string } | undefined;
}

function periodWindow({ start, end }: { start: string; end: string }): AnswerWindow {
  const phrase = `${start === end ? 'on' : 'during'} ${formatDateRange(start, end)}`;
  return { from: start, to: end, phrase, sense: 'window', explicit: true, fixed: true };
}

/** A Reading whose people and teams are of the kind it was read with. */
export type ReadingOf<P extends ReadablePerson, T extends ReadableTeam> = Omit<
  Reading,
  'people' | 'mentioned' | 'teams'
> & { people: P[]; mentioned: P[]; teams: T[] };

/** Reads a prompt as of the asker's today. */
export function readPrompt<P extends ReadablePerson = PersonRow, T extends ReadableTeam = TeamRow>(
  prompt: string,
  context: ReadingContext<P, T>,
): ReadingOf<P, T> {
  const text = new Text(prompt);
  const named = readWindow(text, context.today);
  const window = context.period ? periodWindow(context.period) : named;
  const names = new NameReader(text, context);
  names.readExact();
  const themes = readThemes(text);
  names.readTypos();
  const { people, mentioned } = names.people();
  const reading: ReadingOf<P, T> = {
    intent: readIntent(text.source, themes.themes),
    themes: themes.themes,
    window,
    people,
    mentioned,
    teams: names.teams,
    moods: themes.moods,
    activityKinds: themes.activityKinds,
    terms: [...new Set([...themes.terms, ...readTerms(text)])],
  };
  if (themes.confidenceAtMost !== undefined) reading.confidenceAtMost = themes.confidenceAtMost;
  return reading;
}

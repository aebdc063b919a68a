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
import { NameReader } from './reading/names.js';
import { readTerms } from './reading/terms.js';
import { Text } from './reading/text.js';
import { readThemes } from './reading/themes.js';
import { readWindow } from './reading/window.js';

export type { AnswerWindow, Reading, Theme } from './question.js';

export interface ReadingContext {
  /** The asker's date when the prompt was asked. */
  today: string;
  asker: PersonRow;
  /** Everyone in the account (people are visible to all). */
  people: PersonRow[];
  /** Teams the asker can see; a private team of others is never recognised. */
  teams: TeamRow[];
  /** An Echo's period: the window is fixed, whatever the prompt says. */
  period?: { start: string; end: string } | undefined;
}

function periodWindow({ start, end }: { start: string; end: string }): AnswerWindow {
  const phrase = `${start === end ? 'on' : 'during'} ${formatDateRange(start, end)}`;
  return { from: start, to: end, phrase, sense: 'window', explicit: true, fixed: true };
}

/** Reads a prompt as of the asker's today. */
export function readPrompt(prompt: string, context: ReadingContext): Reading {
  const text = new Text(prompt);
  const named = readWindow(text, context.today);
  const window = context.period ? periodWindow(context.period) : named;
  const names = new NameReader(text, context);
  names.readExact();
  const themes = readThemes(text);
  names.readTypos();
  const { people, mentioned } = names.people();
  const reading: Reading = {
    intent: readIntent(text.source, themes.themes),
    themes: themes.themes,
    window,
    people,
    mentioned,
    teams: names.teams,
    moods: themes.moods,
    activityKinds: themes.activityKinds,
    terms: readTerms(text),
  };
  if (themes.confidenceAtMost !== undefined) reading.confidenceAtMost = themes.confidenceAtMost;
  return reading;
}

/**
 * A reading in one line a person can check against their question, e.g.
 * "blockers · team Atlas · last week (Nov 16-22, 2026)" or "count of people · missing check-ins · today".
 * Answers that find nothing say "I read this as: <line>"; `pulse ask --explain` prints it too. Pure.
 */
import type { Reading, Theme } from './question.js';
import type { ReadablePerson, ReadableTeam, ReadingOf } from './reading.js';

/** A reading made with stored rows (the engine) or with the Service's people and teams (a client). */
type AnyReading = ReadingOf<ReadablePerson, ReadableTeam>;

const THEME_LABELS: Record<Theme, string> = {
  completion: 'intentions kept',
  blocked: 'blockers',
  absent: 'absences',
  missing: 'missing check-ins',
  mood: 'moods',
  goals: 'goals',
  activities: 'activities',
  comments: 'comments',
  plans: 'plans',
  done: 'work done',
};

function themeLabel(theme: Theme, reading: AnyReading): string {
  if (theme === 'mood' && reading.moods.length) return `moods (${reading.moods.join(', ')})`;
  if (theme === 'goals' && reading.confidenceAtMost !== undefined)
    return reading.confidenceAtMost <= 30 ? 'goals off track' : 'goals at risk';
  return THEME_LABELS[theme];
}

const list = (items: string[]) =>
  items.length <= 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * The reading as one line: what is counted or asked yes or no, the themes, whose reports, who is
 * mentioned, the teams, the search words and the time. With the asker given, the asker reads "you".
 */
export function describeReading(reading: AnyReading, asker?: { id: string }): string {
  const name = (person: ReadablePerson) => (person.id === asker?.id ? 'you' : person.name);
  const parts: string[] = [];
  if (reading.intent === 'count')
    parts.push(reading.themes[0] === 'goals' ? 'count of goals' : 'count of people');
  if (reading.intent === 'yes-no') parts.push('yes or no');
  if (reading.intent === 'which-goals' && !reading.themes.includes('goals')) parts.push('goals');
  if (reading.themes.length) parts.push(reading.themes.map((theme) => themeLabel(theme, reading)).join(', '));
  else if (!reading.terms.length) parts.push('everything');
  if (reading.people.length) parts.push(list(reading.people.map(name)));
  if (reading.mentioned.length) parts.push(`${list(reading.mentioned.map(name))} mentioned`);
  if (reading.teams.length) {
    parts.push(
      `${reading.teams.length === 1 ? 'team' : 'teams'} ${list(reading.teams.map((team) => team.name))}`,
    );
  }
  if (reading.terms.length) parts.push(`words ${reading.terms.map((term) => `"${term}"`).join(', ')}`);
  parts.push(reading.window.phrase);
  return parts.join(' · ');
}

/** The reading for programs (`pulse ask --explain --json`): people and teams by id and name. */
export interface ReadingJson {
  description: string;
  intent: Reading['intent'];
  themes: Theme[];
  window: { from: string; to: string; phrase: string; sense: Reading['window']['sense']; explicit: boolean };
  people: { id: string; name: string }[];
  mentioned: { id: string; name: string }[];
  teams: { id: string; name: string }[];
  moods: Reading['moods'];
  confidence_at_most: number | null;
  activity_kinds: string[];
  terms: string[];
}

export function readingJson(reading: AnyReading): ReadingJson {
  const ref = ({ id, name }: { id: string; name: string }) => ({ id, name });
  const { from, to, phrase, sense, explicit } = reading.window;
  return {
    description: describeReading(reading),
    intent: reading.intent,
    themes: reading.themes,
    window: { from, to, phrase, sense, explicit },
    people: reading.people.map(ref),
    mentioned: reading.mentioned.map(ref),
    teams: reading.teams.map(ref),
    moods: reading.moods,
    confidence_at_most: reading.confidenceAtMost ?? null,
    activity_kinds: reading.activityKinds,
    terms: reading.terms,
  };
}

/**
 * How an answer states what it read the question as: "blockers · team Atlas · last week (Nov 16-22,
 * 2026)". A minimal stand-in: the question reader's helper provides the full one.
 */
import type { Reading } from './question.js';

const THEME_NAMES: Record<string, string> = {
  completion: 'follow-through',
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

export function describeReading(reading: Reading): string {
  const parts = [
    ...reading.themes.slice(0, 1).map((theme) => THEME_NAMES[theme] ?? theme),
    ...reading.people.map((person) => person.name),
    ...reading.teams.map((team) => `team ${team.name}`),
    ...reading.mentioned.map((person) => `mentioning ${person.name}`),
    ...(reading.terms.length ? [`words ${reading.terms.map((term) => `"${term}"`).join(', ')}`] : []),
    reading.window.phrase,
  ];
  return parts.join(' · ');
}

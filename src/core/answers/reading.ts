/**
 * Reading a prompt: the time window it asks about, the people and teams it names, its themes (blockers,
 * moods, goals...) and the remaining words, which the full-text index ranks by BM25. Deterministic and
 * offline: plain patterns over the text, no model. Each recognised phrase is taken out of the text, so
 * "last week" is a window and not two search words.
 */
import { formatDateRange, MONTHS, monthRange } from '../date-ranges.js';
import { isMood, MOOD_NAMES, type Mood } from '../moods.js';
import type { PersonRow, TeamRow } from '../repository.js';
import { addDays, isCalendarDate, mostRecentWeekday } from '../time.js';
import { isWeekday, type Weekday, weekdayOf } from '../weekdays.js';
import { type AnswerWindow, type Reading, THEMES, type Theme } from './question.js';

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

export const DEFAULT_WINDOW_DAYS = 7;

/** The text still unread; recognised phrases are blanked out of it. */
class Text {
  /** Words recognised as something that turned out to name nothing (an unknown @handle). */
  readonly leftover: string[] = [];

  constructor(
    public original: string,
    public lower = original.toLowerCase(),
  ) {}

  /** Finds a pattern (on the lower-case text unless `exact`), removes the match, returns it. */
  take(pattern: RegExp, exact = false): RegExpExecArray | undefined {
    const match = pattern.exec(exact ? this.original : this.lower);
    if (!match) return undefined;
    const blank = ' '.repeat(match[0].length);
    const splice = (text: string) =>
      text.slice(0, match.index) + blank + text.slice(match.index + match[0].length);
    this.original = splice(this.original);
    this.lower = splice(this.lower);
    return match;
  }

  takeAll(pattern: RegExp, exact = false): RegExpExecArray[] {
    const found: RegExpExecArray[] = [];
    for (let match = this.take(pattern, exact); match; match = this.take(pattern, exact)) found.push(match);
    return found;
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MONTH_NAMES = MONTHS.map((month) => month.toLowerCase());
const NUMBER_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, ten: 10 };

// --- the window -------------------------------------------------------------------------------------

function mondayOf(date: string): string {
  return mostRecentWeekday(date, 'monday');
}

/** The most recent month of that name that has begun: "October" in November 2026 is October 2026. */
function monthWindow(month: number, year: number | undefined, today: string) {
  const [thisYear, thisMonth] = today.split('-').map(Number) as [number, number];
  const chosenYear = year ?? (month <= thisMonth ? thisYear : thisYear - 1);
  const range = monthRange(chosenYear, month);
  return { from: range.start, to: range.end < today ? range.end : today };
}

function sinceWord(word: string, today: string): string | undefined {
  if (isCalendarDate(word)) return word;
  if (word === 'today') return today;
  if (word === 'yesterday') return addDays(today, -1);
  if (isWeekday(word)) return mostRecentWeekday(today, word);
  if (word === 'last week') return addDays(mondayOf(today), -7);
  if (word === 'last month') {
    const [year, month] = today.split('-').map(Number) as [number, number];
    return month === 1 ? `${year - 1}-12-01` : monthRange(year, month - 1).start;
  }
  const month = MONTH_NAMES.indexOf(word);
  return month >= 0 ? monthWindow(month + 1, undefined, today).from : undefined;
}

const WEEKDAY = '(monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
const MONTH = `(${MONTH_NAMES.join('|')})`;

function readWindow(text: Text, today: string): AnswerWindow {
  /** The phrase gives the dates unless its name already does. */
  const window = (from: string, to: string, name: string): AnswerWindow => {
    const range = formatDateRange(from, to);
    const datesNamed = name.includes(range) || name.startsWith('since ');
    return { from, to, phrase: datesNamed ? name : `${name} (${range})`, sense: 'window', explicit: true };
  };
  const [year, month] = today.split('-').map(Number) as [number, number];

  let match = text.take(/\b(?:from|between) (\d{4}-\d{2}-\d{2}) (?:to|and|until) (\d{4}-\d{2}-\d{2})\b/);
  if (match && isCalendarDate(match[1] as string) && isCalendarDate(match[2] as string)) {
    const [from, to] = [match[1] as string, match[2] as string].sort() as [string, string];
    return window(from, to, `from ${from} to ${to}`);
  }
  match = text.take(
    new RegExp(`\\bsince (\\d{4}-\\d{2}-\\d{2}|today|yesterday|last week|last month|${WEEKDAY}|${MONTH})\\b`),
  );
  const since = match && sinceWord(match[1] as string, today);
  if (since) return window(since < today ? since : today, today, `since ${formatDateRange(since, since)}`);

  match = text.take(
    /\b(?:in |over |during )?(?:the )?(?:last|past) (\d{1,3}|two|three|four|five|six|ten) (days?|weeks?|months?)\b/,
  );
  if (match) {
    const count = NUMBER_WORDS[match[1] as string] ?? Number(match[1]);
    const unit = (match[2] as string).replace(/s$/, '');
    const days = unit === 'day' ? count : unit === 'week' ? count * 7 : count * 30;
    if (days >= 1) return window(addDays(today, -(days - 1)), today, `in the last ${count} ${unit}s`);
  }
  if (text.take(/\btoday\b/)) return window(today, today, 'today');
  if (text.take(/\byesterday\b/)) return window(addDays(today, -1), addDays(today, -1), 'yesterday');
  if (text.take(/\b(?:this|current) week\b/)) return window(mondayOf(today), today, 'this week');
  if (text.take(/\b(?:last|past|previous) week\b/)) {
    const monday = addDays(mondayOf(today), -7);
    return window(monday, addDays(monday, 6), 'last week');
  }
  if (text.take(/\b(?:this|current) month\b/))
    return window(monthRange(year, month).start, today, 'this month');
  if (text.take(/\b(?:last|past|previous) month\b/)) {
    const range = month === 1 ? monthRange(year - 1, 12) : monthRange(year, month - 1);
    return window(range.start, range.end, 'last month');
  }
  if (text.take(/\bthis year\b/)) return window(`${year}-01-01`, today, 'this year');
  if (text.take(/\b(?:last|past|previous) year\b/))
    return window(`${year - 1}-01-01`, `${year - 1}-12-31`, 'last year');
  // "May" is also a verb: it counts as a month only after in/during/since or before a year.
  match = text.take(new RegExp(`\\b(?:(?:in|during|for|of) )?${MONTH}(?: (\\d{4}))?\\b`));
  if (match && (match[1] !== 'may' || /^(in|during|for|of) /.test(match[0]) || match[2])) {
    const month = MONTH_NAMES.indexOf(match[1] as string) + 1;
    const range = monthWindow(month, match[2] ? Number(match[2]) : undefined, today);
    return window(range.from, range.to, `in ${MONTHS[month - 1]} ${range.from.slice(0, 4)}`);
  }
  match = text.take(/\b(?:on )?(\d{4}-\d{2}-\d{2})\b/);
  if (match && isCalendarDate(match[1] as string)) {
    const date = match[1] as string;
    return window(date, date, `on ${formatDateRange(date, date)}`);
  }
  match = text.take(new RegExp(`\\bon ${WEEKDAY}\\b`));
  if (match) {
    const date = mostRecentWeekday(today, match[1] as Weekday);
    const weekday = weekdayOf(date);
    return window(date, date, `on ${weekday.charAt(0).toUpperCase()}${weekday.slice(1)}`);
  }
  const from = addDays(today, -(DEFAULT_WINDOW_DAYS - 1));
  return {
    from,
    to: today,
    phrase: `in the last ${DEFAULT_WINDOW_DAYS} days (${formatDateRange(from, today)})`,
    sense: 'window',
    explicit: false,
  };
}

// --- people and teams -------------------------------------------------------------------------------

function readPeople(text: Text, context: ReadingContext): PersonRow[] {
  const found = new Map<string, PersonRow>();
  const add = (person: PersonRow) => found.set(person.id, person);
  const byUsername = new Map(context.people.map((person) => [person.username.toLowerCase(), person]));
  for (const match of text.takeAll(/@([\p{L}\p{N}._-]+)/u)) {
    const person = byUsername.get((match[1] as string).replace(/[._-]+$/, '').toLowerCase());
    if (person) add(person);
    else text.leftover.push((match[1] as string).toLowerCase()); // an unknown handle is a search word
  }
  const longestFirst = [...context.people].sort((a, b) => b.name.length - a.name.length);
  for (const person of longestFirst) {
    if (text.take(new RegExp(`\\b${escapeRegExp(person.name.toLowerCase())}(?:'s)?\\b`, 'u'))) add(person);
  }
  // A first name alone counts when it is capitalised and names one person only ("Will" is also a word).
  const firstNames = new Map<string, PersonRow[]>();
  for (const person of context.people) {
    const first = person.name.split(/\s+/)[0] as string;
    firstNames.set(first, [...(firstNames.get(first) ?? []), person]);
  }
  for (const [first, people] of firstNames) {
    if (people.length !== 1 || !/^\p{Lu}/u.test(first)) continue;
    if (
      text.take(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(first)}(?:'s)?(?![\\p{L}\\p{N}])`, 'u'), true)
    )
      add(people[0] as PersonRow);
  }
  // "my team" is the asker's teams, the default; "I", "me" and "my" alone are the asker.
  text.take(/\b(?:my|our|the) teams?\b/);
  if (text.take(/(?<![\p{L}])I(?![\p{L}'])/u, true) || text.take(/\b(?:me|my|myself|mine)\b/))
    add(context.asker);
  return [...found.values()];
}

function readTeams(text: Text, context: ReadingContext): TeamRow[] {
  const found: TeamRow[] = [];
  for (const team of [...context.teams].sort((a, b) => b.name.length - a.name.length)) {
    if (
      text.take(
        new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(team.name.toLowerCase())}(?![\\p{L}\\p{N}])`, 'u'),
      )
    )
      found.push(team);
  }
  return found;
}

// --- themes -----------------------------------------------------------------------------------------

const THEME_PATTERNS: Record<Theme, RegExp> = {
  absent: /\b(?:absent|absences?|on leave|on holiday|on vacation|off sick|day off|days off|out of office)\b/,
  missing:
    /\b(?:(?:has|have)n't|(?:has|have) not|didn't|did not|not yet) (?:checked|filled|done (?:their|the) check)[- ]?in\b|\bmissing check-?ins?\b/,
  completion:
    /\b(?:did|do|does|done)\b[^.?!]*?\bwhat (?:they|he|she|we|you|i) (?:had )?(?:intended|planned|promised|said)\b|\bfollow(?:ed|ing)?[- ]through\b|\bkept (?:their|his|her|our) (?:intentions|promises|plans)\b/,
  blocked: /\b(?:block\w*|stuck|imped\w*|obstacles?|held up|holding (?:\w+ )?up)\b/,
  mood: /\b(?:moods?|feel\w*|felt|morale|vibes?|spirits?|emotions?)\b/,
  goals:
    /\b(?:goals?|okrs?|objectives?|key results?|milestones?|on track|off track|at risk|confidence|progress)\b/,
  activities:
    /\b(?:activit\w*|prs?|pull requests?|merge requests?|merg\w*|commits?|tickets?|jira|linear|github|gitlab|bitbucket|asana|trello|notion|zendesk|meetings?|calendar|zoom|code reviews?)\b/,
  comments: /\b(?:comment\w*|discuss\w*|feedback|repl(?:y|ies|ied)|conversations?|mention\w*)\b/,
  plans:
    /\b(?:plan\w*|intend\w*|intentions?|next|upcoming|going to|(?:is|are|am) (?:\w+ )?working on|working on)\b/,
  done: /\b(?:did|done|do|does|work(?:ed)? on|accomplish\w*|achiev\w*|ship\w*|finish\w*|complet\w*|deliver\w*|get done|got done)\b/,
};

const ACTIVITY_KINDS: [RegExp, string[]][] = [
  [/\b(?:prs?|pull requests?|merge requests?|merg\w*)\b/, ['github_pr', 'gitlab_mr', 'bitbucket_pr']],
  [/\bcode reviews?\b/, ['github_review', 'bitbucket_review']],
  [/\bgithub\b/, ['github', 'github_pr', 'github_review']],
  [/\bgitlab\b/, ['gitlab', 'gitlab_mr']],
  [/\bbitbucket\b/, ['bitbucket', 'bitbucket_pr', 'bitbucket_review']],
  [
    /\b(?:meetings?|calendar)\b/,
    ['google_calendar', 'microsoft_outlook_calendar', 'zoom_host', 'zoom_attend'],
  ],
  [/\bzoom\b/, ['zoom_host', 'zoom_attend']],
  [/\bjira\b/, ['jira']],
  [/\blinear\b/, ['linear']],
  [/\basana\b/, ['asana']],
  [/\btrello\b/, ['trello']],
  [/\bnotion\b/, ['notion']],
  [/\bzendesk\b/, ['zendesk']],
];

const MOOD_SYNONYMS: Record<string, Mood> = {
  stress: 'stressed',
  anxious: 'worried',
  frustrated: 'annoyed',
  sad: 'disappointed',
  exhausted: 'tired',
  ill: 'sick',
  glad: 'happy',
};

const MOOD_WORDS = new RegExp(`\\b(${[...MOOD_NAMES, ...Object.keys(MOOD_SYNONYMS)].join('|')})\\b`);

function readThemes(
  text: Text,
  reading: Pick<Reading, 'moods' | 'activityKinds'> & { confidenceAtMost?: number },
) {
  const themes = new Set<Theme>();
  for (const [pattern, kinds] of ACTIVITY_KINDS) {
    if (pattern.test(text.lower)) reading.activityKinds.push(...kinds);
  }
  if (/\boff track\b/.test(text.lower)) reading.confidenceAtMost = 30;
  else if (/\b(?:at risk|risky|in trouble)\b/.test(text.lower)) reading.confidenceAtMost = 60;
  for (const match of text.takeAll(MOOD_WORDS)) {
    const word = match[1] as string;
    const mood = isMood(word) ? word : MOOD_SYNONYMS[word];
    if (mood && !reading.moods.includes(mood)) reading.moods.push(mood);
    themes.add('mood');
  }
  for (const theme of THEMES) {
    if (text.takeAll(THEME_PATTERNS[theme]).length > 0) themes.add(theme);
  }
  return THEMES.filter((theme) => themes.has(theme));
}

// --- the remaining words ----------------------------------------------------------------------------

const STOPWORDS = new Set(
  `a about after again all also am an and any anybody anyone anything are around as at be been before
  being between both but by can could day days did do does doing during each else every everybody everyone
  everything few for from get gets give go going got had happen happened happening happens has have having he her here hers him his how i if
  in into is it its just know last let like list lot me month months more most much my new no nobody not
  now of on one only or other our out over past people person please recent recently said say says she
  should show since so some somebody someone something status summarise summarize summary team teams tell
  than that the their them then there these they thing things this those through to today too under until
  up update updates us very was we week weeks were what whats when where which while who whom whose why
  will with within would year you your`.split(/\s+/),
);

function readTerms(text: Text): string[] {
  const terms = new Set<string>();
  for (const word of [...text.lower.split(/[^\p{L}\p{N}_#-]+/u), ...text.leftover]) {
    const cleaned = word.replace(/^[#-]+|[-]+$/g, '').replace(/'s$/, '');
    if (cleaned.length < 2 || STOPWORDS.has(cleaned)) continue;
    terms.add(cleaned);
  }
  return [...terms];
}

/** Reads a prompt as of the asker's today. */
export function readPrompt(prompt: string, context: ReadingContext): Reading {
  const text = new Text(prompt.replace(/[’‘]/g, "'"));
  let window = readWindow(text, context.today);
  if (context.period) {
    const { start, end } = context.period;
    const phrase = `${start === end ? 'on' : 'during'} ${formatDateRange(start, end)}`;
    window = { from: start, to: end, phrase, sense: 'window', explicit: true, fixed: true };
  }
  const people = readPeople(text, context);
  const teams = readTeams(text, context);
  const reading: Reading = {
    intent: 'what',
    window,
    people,
    mentioned: [],
    teams,
    themes: [],
    moods: [],
    activityKinds: [],
    terms: [],
  };
  reading.themes = readThemes(text, reading);
  reading.activityKinds = [...new Set(reading.activityKinds)];
  reading.terms = readTerms(text);
  return reading;
}

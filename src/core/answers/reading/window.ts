/**
 * The time a prompt asks about: a window it names ("last week", "since the 3rd", "between Monday and
 * Wednesday"), else now (present tense: "Who is blocked?"), else any time. Dates are the asker's, given as
 * today; a date named without a year is the most recent one that has begun.
 */
import { formatDate, formatDateRange, MONTHS, monthRange } from '../../date-ranges.js';
import { addDays, FIRST_DATE, isCalendarDate, mostRecentWeekday } from '../../time.js';
import { isWeekday, type Weekday, weekdayOf } from '../../weekdays.js';
import type { AnswerWindow } from '../question.js';
import type { Text } from './text.js';

const MONTH_NAMES = MONTHS.map((month) => month.toLowerCase());
const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const COUNT_WORD = `(?:\\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})`;
const COUNT = `(${COUNT_WORD})`;
const WEEKDAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
/** Full month names and their usual abbreviations ("sept", "nov."). */
const MONTH =
  '(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?';
const DAY = '(?:[12]\\d|3[01]|0?[1-9])(?:st|nd|rd|th)?';
/** A date said on its own: an ISO date, a day of a month, a weekday, today, yesterday. */
const DAY_EXPR = [
  '\\d{4}-\\d{2}-\\d{2}',
  'the day before yesterday',
  'today',
  'yesterday',
  `(?:last |this )?${WEEKDAY}`,
  `${MONTH} ${DAY}(?:,? \\d{4})?`,
  `(?:the )?${DAY} (?:of )?${MONTH}(?:,? \\d{4})?`,
  `the ${DAY}`,
  `${COUNT_WORD} days? ago`,
].join('|');

const count = (word: string) => NUMBER_WORDS[word] ?? Number(word);

function monthIndex(word: string): number {
  const name = word.replace(/\.$/, '');
  return MONTH_NAMES.findIndex((month) => month.startsWith(name === 'sept' ? 'sep' : name)) + 1;
}

function mondayOf(date: string): string {
  return mostRecentWeekday(date, 'monday');
}

function isoDate(year: number, month: number, day: number): string | undefined {
  const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isCalendarDate(date) ? date : undefined;
}

/** The most recent date with that month and day on or before `anchor`, unless the year is given. */
function monthDay(month: number, day: number, year: number | undefined, anchor: string): string | undefined {
  if (year !== undefined) return isoDate(year, month, day);
  const anchorYear = Number(anchor.slice(0, 4));
  const date = isoDate(anchorYear, month, day);
  return date && date <= anchor ? date : isoDate(anchorYear - 1, month, day);
}

/** A date said on its own (DAY_EXPR), as the most recent such date on or before `anchor`. */
function dayOf(expression: string, today: string, anchor = today): string | undefined {
  const words = expression.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(words)) return isCalendarDate(words) ? words : undefined;
  if (words === 'today') return today;
  if (words === 'yesterday') return addDays(today, -1);
  if (words === 'the day before yesterday') return addDays(today, -2);
  let match = /^(last |this )?([a-z]+day)$/.exec(words);
  if (match && isWeekday(match[2] as string)) {
    const weekday = match[2] as Weekday;
    return match[1] === 'last '
      ? mostRecentWeekday(addDays(anchor, -1), weekday)
      : mostRecentWeekday(anchor, weekday);
  }
  match = new RegExp(`^(${MONTH}) (\\d+)(?:st|nd|rd|th)?(?:,? (\\d{4}))?$`).exec(words);
  if (match)
    return monthDay(
      monthIndex(match[1] as string),
      Number(match[2]),
      match[3] ? Number(match[3]) : undefined,
      anchor,
    );
  match = new RegExp(`^(?:the )?(\\d+)(?:st|nd|rd|th)? (?:of )?(${MONTH})(?:,? (\\d{4}))?$`).exec(words);
  if (match)
    return monthDay(
      monthIndex(match[2] as string),
      Number(match[1]),
      match[3] ? Number(match[3]) : undefined,
      anchor,
    );
  match = /^the (\d+)(?:st|nd|rd|th)?$/.exec(words);
  if (match) {
    const [year, month] = anchor.split('-').map(Number) as [number, number];
    const date = isoDate(year, month, Number(match[1]));
    if (date && date <= anchor) return date;
    return month === 1 ? isoDate(year - 1, 12, Number(match[1])) : isoDate(year, month - 1, Number(match[1]));
  }
  match = new RegExp(`^${COUNT} days? ago$`).exec(words);
  if (match) return addDays(today, -count(match[1] as string));
  return undefined;
}

/** The most recent month of that name that has begun: "October" in November 2026 is October 2026. */
function monthWindow(month: number, year: number | undefined, today: string) {
  const [thisYear, thisMonth] = today.split('-').map(Number) as [number, number];
  const chosenYear = year ?? (month <= thisMonth ? thisYear : thisYear - 1);
  const range = monthRange(chosenYear, month);
  return { from: range.start, to: range.end < today ? range.end : today };
}

function previousMonth(today: string) {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 1 ? monthRange(year - 1, 12) : monthRange(year, month - 1);
}

function quarterStart(year: number, month: number): string {
  return monthRange(year, Math.floor((month - 1) / 3) * 3 + 1).start;
}

/** The first day of what "since X" names. */
function sinceDate(words: string, today: string): string | undefined {
  if (/^(?:last|the last|past|previous) week$/.test(words)) return addDays(mondayOf(today), -7);
  if (words === 'this week') return mondayOf(today);
  if (/^(?:last|the last|previous) month$/.test(words)) return previousMonth(today).start;
  const month = new RegExp(`^(?:the (?:start|beginning) of )?(${MONTH})$`).exec(words);
  if (month) return monthWindow(monthIndex(month[1] as string), undefined, today).from;
  // "Since Monday" said on a Monday means the Monday before.
  if (isWeekday(words)) return mostRecentWeekday(addDays(today, -1), words);
  return dayOf(words, today);
}

const ucfirst = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

const PAST = /\b(?:was|were|wasn't|weren't|did|didn't|had|hadn't|been|ever)\b/;
const PRESENT =
  /\b(?:is|are|am|isn't|aren't|do|does|don't|doesn't|hasn't|haven't|has not|have not|yet|still|(?:who|what|where|how|it|that|there|he|she|one|anyone|anybody|someone|somebody|everyone|everybody|nobody)'s|\p{L}+'re)\b/u;
/** "Anyone stuck?", "Anybody out?": a question without its verb, in the present. */
const ELLIPTIC =
  /^\W*(?:anyone|anybody|someone|somebody|any\s+\p{L}+)\s+(?:still\s+)?(?:stuck|blocked|out|off|away|absent|sick|waiting|missing|late|on leave|at risk|off track)\b/u;
/** "has" before a participle is the perfect ("Has anyone mentioned X?"), before a noun the present. */
const HAS = /\b(?:has|have)\s+(\p{L}+)(?:\s+(\p{L}+))?/u;
const PARTICIPLE = /(?:ed|en|wn|ne|id|ot|ht|ung|ade|ent|ipped)$/;

/** Present tense and no past: "Who is blocked?", "Who's out?", "Who has blockers?", "Who needs help?". */
function isPresentTense(prompt: string): boolean {
  if (PAST.test(prompt)) return false;
  if (PRESENT.test(prompt) || ELLIPTIC.test(prompt)) return true;
  const has = HAS.exec(prompt);
  if (has) return ![has[1], has[2]].some((word) => word !== undefined && PARTICIPLE.test(word));
  const verb = /^\W*who (\p{L}+)/u.exec(prompt)?.[1];
  return verb !== undefined && /[^s]s$/.test(verb) && !PARTICIPLE.test(verb);
}

export const NOW_WORDS =
  /\b(?:right now|just now|currently|at the moment|at present|these days|as of now|now)\b/;

/** Reads the time a prompt asks about and takes its words out of the text. */
export function readWindow(text: Text, today: string): AnswerWindow {
  const named = namedWindow(text, today);
  if (named) return named;
  const saysNow = text.take(NOW_WORDS) !== undefined;
  if (saysNow || isPresentTense(text.source)) {
    return { from: today, to: today, phrase: 'now', sense: 'now', explicit: saysNow };
  }
  return { from: FIRST_DATE, to: today, phrase: 'at any time', sense: 'any', explicit: false };
}

/** A window the text names, its words taken out of it; undefined when it names none. */
export function namedWindow(text: Text, today: string): AnswerWindow | undefined {
  /** The phrase gives the dates unless its name already does. */
  const window = (from: string, to: string, name: string): AnswerWindow => {
    const range = formatDateRange(from, to);
    const datesNamed = name.includes(range) || name.startsWith('since ') || name === range;
    return { from, to, phrase: datesNamed ? name : `${name} (${range})`, sense: 'window', explicit: true };
  };
  const [year, month] = today.split('-').map(Number) as [number, number];

  const endDay = `(${DAY_EXPR}|${DAY})`;
  let match = text.take(
    new RegExp(`\\b(?:from|between) (${DAY_EXPR}) (?:to|and|until|till|through|thru|-) ${endDay}\\b`),
  );
  if (match) {
    const [first, second] = [match[1] as string, match[2] as string];
    // "from Nov 3 to 10": the second day is in the first one's month.
    const firstMonth = new RegExp(`^(${MONTH}) `).exec(first)?.[1];
    const end = /^\d+(?:st|nd|rd|th)?$/.test(second) && firstMonth ? `${firstMonth} ${second}` : second;
    const to = dayOf(end, today);
    const from = to && dayOf(first, today, to);
    if (from && to) {
      const [start, stop] = [from, to].sort() as [string, string];
      return window(start, stop, formatDateRange(start, stop));
    }
  }
  match = text.take(
    new RegExp(`\\b(?:in |during |over )?the week (?:of|starting|beginning) (${DAY_EXPR})\\b`),
  );
  const weekDay = match && dayOf(match[1] as string, today);
  if (weekDay) {
    const monday = mondayOf(weekDay);
    const sunday = addDays(monday, 6);
    return window(
      monday,
      sunday < today ? sunday : today,
      `the week of ${formatDate(monday).replace(/, \d{4}$/, '')}`,
    );
  }
  // "Out until Friday": from today to the coming Friday.
  match = text.take(new RegExp(`\\b(?:until|till|through) (${WEEKDAY})\\b`));
  if (match) {
    const end = mostRecentWeekday(addDays(today, 6), match[1] as Weekday);
    return window(today, end, `until ${ucfirst(match[1] as string)}`);
  }
  match = text.take(/\b(?:in |during )?q([1-4])(?: (\d{4}))?\b/);
  if (match) {
    const quarter = Number(match[1]);
    const start = monthRange(year, quarter * 3 - 2).start;
    const chosenYear = match[2] ? Number(match[2]) : start <= today ? year : year - 1;
    const from = monthRange(chosenYear, quarter * 3 - 2).start;
    const end = monthRange(chosenYear, quarter * 3).end;
    if (isCalendarDate(from)) return window(from, end < today ? end : today, `in Q${quarter} ${chosenYear}`);
  }
  match = text.take(
    new RegExp(
      `\\bsince (${DAY_EXPR}|(?:the )?(?:last|past|previous) (?:week|month)|this week|(?:the (?:start|beginning) of )?${MONTH})(?![\\p{L}\\p{N}])`,
      'u',
    ),
  );
  const since = match && sinceDate(match[1] as string, today);
  if (since) return window(since < today ? since : today, today, `since ${formatDate(since)}`);

  match = text.take(
    new RegExp(
      `\\b(?:in |over |during |for )?(?:the )?(?:last|past|previous) ${COUNT} (days?|weeks?|months?)\\b`,
    ),
  );
  if (match) {
    const number = count(match[1] as string);
    const unit = (match[2] as string).replace(/s$/, '');
    const days = unit === 'day' ? number : unit === 'week' ? number * 7 : number * 30;
    if (days >= 1) return window(addDays(today, -(days - 1)), today, `in the last ${number} ${unit}s`);
  }
  match = text.take(new RegExp(`\\b${COUNT} (weeks?|months?) ago\\b`));
  if (match) {
    const number = count(match[1] as string);
    const name = `${number} ${(match[2] as string).replace(/s$/, '')}${number === 1 ? '' : 's'} ago`;
    if ((match[2] as string).startsWith('week')) {
      const monday = addDays(mondayOf(today), -7 * number);
      return window(monday, addDays(monday, 6), name);
    }
    let range = monthRange(year, month);
    for (let step = 0; step < number; step++) range = previousMonth(range.start);
    return window(range.start, range.end, name);
  }
  if (text.take(/\bthe day before yesterday\b/)) {
    const date = addDays(today, -2);
    return window(date, date, 'the day before yesterday');
  }
  match = text.take(new RegExp(`\\b${COUNT} days? ago\\b`));
  if (match) {
    const date = addDays(today, -count(match[1] as string));
    return window(
      date,
      date,
      `${count(match[1] as string)} day${count(match[1] as string) === 1 ? '' : 's'} ago`,
    );
  }
  if (text.take(/\b(?:today|this (?:morning|afternoon|evening)|tonight)\b/))
    return window(today, today, 'today');
  // Absences are planned ahead: "Who is out tomorrow?", "Who is away next week?".
  if (text.take(/\btomorrow\b/)) return window(addDays(today, 1), addDays(today, 1), 'tomorrow');
  if (text.take(/\b(?:next|the coming|the following) week\b/)) {
    const monday = addDays(mondayOf(today), 7);
    return window(monday, addDays(monday, 6), 'next week');
  }
  if (text.take(/\byesterday\b/)) return window(addDays(today, -1), addDays(today, -1), 'yesterday');
  if (text.take(/\b(?:this|current|the current) week\b/)) return window(mondayOf(today), today, 'this week');
  if (text.take(/\b(?:last|past|previous|the previous) week\b/)) {
    const monday = addDays(mondayOf(today), -7);
    return window(monday, addDays(monday, 6), 'last week');
  }
  if (text.take(/\b(?:last|this|the|over the) weekend\b/)) {
    const sunday = mostRecentWeekday(today, 'sunday');
    const saturday = addDays(sunday, -1);
    return window(saturday, sunday < today ? sunday : today, 'last weekend');
  }
  if (text.take(/\b(?:this|current|the current) month\b/))
    return window(monthRange(year, month).start, today, 'this month');
  if (text.take(/\b(?:last|past|previous|the previous) month\b/)) {
    const range = previousMonth(today);
    return window(range.start, range.end, 'last month');
  }
  if (text.take(/\b(?:this|current|the current) quarter\b/))
    return window(quarterStart(year, month), today, 'this quarter');
  if (text.take(/\b(?:last|past|previous|the previous) quarter\b/)) {
    const start = quarterStart(year, month);
    const previous = quarterStart(
      Number(addDays(start, -1).slice(0, 4)),
      Number(addDays(start, -1).slice(5, 7)),
    );
    return window(previous, addDays(start, -1), 'last quarter');
  }
  if (text.take(/\bthis year\b/)) return window(`${year}-01-01`, today, 'this year');
  if (text.take(/\b(?:last|past|previous) year\b/))
    return window(`${year - 1}-01-01`, `${year - 1}-12-31`, 'last year');

  match = text.take(
    new RegExp(
      `\\b(?:on |for )?(${MONTH} ${DAY}(?:,? \\d{4})?|(?:the )?${DAY} (?:of )?${MONTH}(?:,? \\d{4})?|the ${DAY})(?![\\p{L}\\p{N}])`,
      'u',
    ),
  );
  if (match) {
    const date = dayOf(match[1] as string, today);
    if (date) return window(date, date, `on ${formatDate(date)}`);
  }
  // "May" is also a verb: it counts as a month only after in/during/since or before a year.
  match = text.take(
    new RegExp(
      `\\b(?:(?:in|during|for|of) )?(${MONTH_NAMES.join('|')}|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)(?: (\\d{4}))?\\b`,
    ),
  );
  if (match && (match[1] !== 'may' || /^(in|during|for|of) /.test(match[0]) || match[2])) {
    const index = monthIndex(match[1] as string);
    const range = monthWindow(index, match[2] ? Number(match[2]) : undefined, today);
    return window(range.from, range.to, `in ${MONTHS[index - 1]} ${range.from.slice(0, 4)}`);
  }
  match = text.take(/\b(?:on )?(\d{4}-\d{2}-\d{2})\b/);
  if (match && isCalendarDate(match[1] as string)) {
    const date = match[1] as string;
    return window(date, date, `on ${formatDate(date)}`);
  }
  match = text.take(new RegExp(`\\b(?:on )?(last |this )?(${WEEKDAY})\\b`));
  if (match) {
    const date = dayOf(`${match[1] ?? ''}${match[2]}`, today) as string;
    return window(date, date, `${match[1] === 'last ' ? 'last' : 'on'} ${ucfirst(weekdayOf(date))}`);
  }
  return undefined;
}

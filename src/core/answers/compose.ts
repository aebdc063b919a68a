/**
 * The extractive answer in Markdown: a first line that answers in one sentence with counts, short
 * sections per person, mood, goal or item with quoted excerpts (each linked to its item), then the
 * sources. The reading's first theme decides the shape; with none, search words give a topic answer and
 * no words an overview. Pure: everything comes from the reading and the evidence.
 */
import { formatDate, formatDay } from '../date-ranges.js';
import { describeConfidence } from '../goal-rules.js';
import { MOODS, type Mood } from '../moods.js';
import type {
  ActivityRow,
  CheckInRow,
  CommentRow,
  GoalRow,
  GoalUpdateRow,
  PersonRow,
} from '../repository.js';
import type { UrlBuilder } from '../serialize.js';
import { addDays } from '../time.js';
import { describeReading } from './describe.js';
import type { Evidence } from './evidence.js';
import type { AnswerFacts, Reading } from './question.js';
import { stem } from './stem.js';

const MAX_SECTIONS = 8;
/** Items quoted per section: generous, so that a person's own items are shown rather than counted. */
const MAX_EXCERPTS = 10;
/** A quote longer than this is cut, the cut marked with an ellipsis. */
const QUOTE_LENGTH = 400;
/** People named in a first sentence; beyond it, "and N more". */
const MAX_NAMED = 12;

/** A numbered source of an answer: what the excerpts were taken from. */
export interface Source {
  n: number;
  title: string;
  url: string;
  /** The excerpts quoted from it, for a generative provider. */
  excerpts: string[];
}

export interface ComposedAnswer {
  markdown: string;
  sources: Source[];
  /** True when nothing was found to answer with (the answer says what it looked for). */
  empty: boolean;
  facts: AnswerFacts;
  /** The answer's opening sentences, without its sections (a wider answer follows them). */
  statement: string;
}

/** What a shape of answer found: who and what it names, and whether the theme was evaluated empty. */
interface Finding {
  /** People named as matching, in the order named. */
  people: string[];
  goals: string[];
  /** The theme was read over the whole window and nothing matched: the answer may say "nobody". */
  none: boolean;
  /** What the matching people did, for count and yes/no openings: "reported blockers". */
  predicate: (count: number) => string;
  /** A count question counts goals rather than people. */
  countsGoals?: boolean;
  /** The first sentence already names the people. */
  named?: boolean;
  /**
   * The people named are the exceptions to what a yes/no question asks ("Did everyone do what they
   * intended?" names those who did not): yes when there are none.
   */
  exceptions?: boolean;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const listWords = (words: string[], joiner = 'and') =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${joiner} ${words.at(-1)}`;

/** Whether a text mentions a search word, by stem: "blocking" matches a line about "blocked". */
export function mentions(text: string | null | undefined, terms: readonly string[]): boolean {
  const lower = (text ?? '').toLowerCase();
  return terms.some((term) => lower.includes(stem(term)));
}

/**
 * A text quoted whole, its lines (bullets) joined by "; ". A text longer than QUOTE_LENGTH starts at the
 * first line that mentions a search word, and every cut is marked with an ellipsis.
 */
export function excerpt(text: string | null | undefined, terms: readonly string[] = []): string {
  const lines = (text ?? '')
    .split(/\n+/)
    .map((line) =>
      line
        .replace(/^\s*(?:[-*+]|\d+[.)]|#+|>)\s+/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((line) => line.length > 0);
  const whole = lines.join('; ');
  let quoted = whole;
  if (whole.length > QUOTE_LENGTH) {
    const first = Math.max(
      0,
      lines.findIndex((line) => mentions(line, terms)),
    );
    const rest = lines.slice(first).join('; ');
    quoted = `${first > 0 ? '…' : ''}${rest.length > QUOTE_LENGTH ? `${rest.slice(0, QUOTE_LENGTH - 1).trimEnd()}…` : rest}`;
  }
  return quoted.replaceAll('"', "'");
}

/** Builds the Markdown: the first line, sections of bullets, and the numbered sources they cite. */
class AnswerText {
  private readonly sections: string[] = [];
  readonly sources: Source[] = [];
  private readonly byUrl = new Map<string, Source>();
  private firstLine = '';

  constructor(
    private readonly evidence: Evidence,
    private readonly terms: readonly string[],
    /** How to see what a cut list left out. */
    private readonly narrower: string,
  ) {}

  answer(sentence: string): void {
    this.firstLine = sentence;
  }

  name(personId: string): string {
    return this.evidence.people.get(personId)?.name ?? 'Someone';
  }

  /** A bullet quoting an excerpt, linked to its item, which becomes a source. */
  quote(label: string, text: string | null | undefined, title: string, url: string): string {
    const quoted = excerpt(text, this.terms);
    let source = this.byUrl.get(url);
    if (!source) {
      source = { n: this.sources.length + 1, title, url, excerpts: [] };
      this.sources.push(source);
      this.byUrl.set(url, source);
    }
    source.excerpts.push(quoted);
    return `- ${label}${quoted ? `: "${quoted}"` : ''} ([${source.n}](${url}))`;
  }

  /** A section of bullets; only the bullets shown are quoted (and so become sources). */
  section<T>(heading: string, items: T[], bullet: (item: T) => string): boolean {
    if (this.sections.length >= MAX_SECTIONS || items.length === 0) return false;
    const shown = items.slice(0, MAX_EXCERPTS).map(bullet);
    const hidden = items.length - shown.length;
    const more = `- …and ${hidden} more, not shown (${this.narrower} to see them)`;
    this.sections.push([`### ${heading}`, '', ...shown, ...(hidden > 0 ? [more] : [])].join('\n'));
    return true;
  }

  /** A section of plain lines (no sources). */
  lines(heading: string, lines: string[]): void {
    if (lines.length > 0)
      this.sections.push([`### ${heading}`, '', ...lines.map((line) => `- ${line}`)].join('\n'));
  }

  /** A paragraph after the first line. */
  paragraph(line: string): void {
    this.sections.push(line);
  }

  /** One section per group; groups that do not fit are named in a closing line. */
  groups<T>(groups: [string, T[]][], bullet: (item: T) => string): void {
    const hidden = groups
      .filter(([heading, items]) => items.length > 0 && !this.section(heading, items, bullet))
      .map(([heading]) => heading);
    if (hidden.length > 0)
      this.sections.push(
        `…and ${hidden.length} more, not shown: ${listWords(hidden)} (ask about one of them to see it).`,
      );
  }

  get first(): string {
    return this.firstLine;
  }

  render(): string {
    const sources = this.sources.map((source) => `${source.n}. [${source.title}](${source.url})`);
    return [
      this.firstLine,
      ...this.sections,
      ...(sources.length ? [`### Sources\n\n${sources.join('\n')}`] : []),
    ].join('\n\n');
  }
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Dates as runs of consecutive days: "Nov 16-18, Nov 20", "Nov 30-Dec 1". */
export function dateRuns(dates: readonly string[]): string {
  const short = (date: string) =>
    `${SHORT_MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
  const runs: [string, string][] = [];
  for (const date of [...dates].sort()) {
    const last = runs.at(-1);
    if (last && addDays(last[1], 1) === date) last[1] = date;
    else runs.push([date, date]);
  }
  return runs
    .map(([from, to]) =>
      from === to
        ? short(from)
        : from.slice(0, 7) === to.slice(0, 7)
          ? `${short(from)}-${Number(to.slice(8, 10))}`
          : `${short(from)}-${short(to)}`,
    )
    .join(', ');
}

/** Larger groups first; equal ones by name, so answers never depend on storage order. */
const byCountThenName = ([a, listA]: [string, unknown[]], [b, listB]: [string, unknown[]]) =>
  listB.length - listA.length || a.localeCompare(b);

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** Groups by person, the people with most items first (then by name). */
function byPerson<T>(items: T[], personOf: (item: T) => string, text: AnswerText): [string, T[]][] {
  return [...groupBy(items, personOf)].sort(
    ([a, itemsA], [b, itemsB]) => itemsB.length - itemsA.length || text.name(a).localeCompare(text.name(b)),
  );
}

export class Composer {
  constructor(
    private readonly urls: UrlBuilder,
    private readonly reading: Reading,
    private readonly evidence: Evidence,
  ) {}

  private get when(): string {
    return this.reading.window.phrase;
  }

  /** "Nobody" only when the theme was read whole; otherwise the claim is about what was found. */
  private get nobody(): string {
    return this.evidence.evaluated ? 'Nobody' : 'No one I found';
  }

  private get scope(): string {
    return this.evidence.population.label;
  }

  private checkInTitle(row: CheckInRow, text: AnswerText): string {
    return `${text.name(row.person_id)}'s check-in for ${formatDate(row.date)}`;
  }

  private quoteCheckIn(
    text: AnswerText,
    row: CheckInRow,
    field: 'previous' | 'intentions' | 'blockers',
    withName = false,
  ): string {
    const label = withName ? `${text.name(row.person_id)}, ${formatDay(row.date)}` : formatDay(row.date);
    return text.quote(label, row[field], this.checkInTitle(row, text), this.urls.checkIn(row.id));
  }

  private quoteUpdate(text: AnswerText, update: GoalUpdateRow, goal: GoalRow, withGoal: boolean): string {
    const day = formatDay(update.created_at.slice(0, 10));
    const state = `${update.progress}%, ${describeConfidence(update.confidence)}`;
    const label = withGoal
      ? `${text.name(update.person_id)}, ${day}, "${goal.title}" ${state}`
      : `${day}, ${text.name(update.person_id)}: ${state}`;
    return text.quote(
      label,
      [update.title, update.body].filter(Boolean).join('. '),
      `${text.name(update.person_id)}'s update on "${goal.title}", ${formatDate(update.created_at.slice(0, 10))}`,
      this.urls.goalUpdate(update.id),
    );
  }

  private quoteActivity(text: AnswerText, row: ActivityRow, withName = false): string {
    const day = formatDay(row.recorded_at.slice(0, 10));
    return text.quote(
      withName ? `${text.name(row.person_id)}, ${day}, ${row.kind}` : `${day}, ${row.kind}`,
      [row.title, row.description].filter(Boolean).join(': '),
      `${text.name(row.person_id)}'s ${row.kind} activity, ${formatDate(row.recorded_at.slice(0, 10))}`,
      row.url ?? this.urls.activity(row.id),
    );
  }

  private quoteGoal(text: AnswerText, goal: GoalRow): string {
    return text.quote(
      `${text.name(goal.owner_id)}, ${formatDay(goal.created_at.slice(0, 10))}`,
      goal.description ?? goal.title,
      `Goal "${goal.title}"`,
      this.urls.goal(goal.id),
    );
  }

  private quoteComment(text: AnswerText, comment: CommentRow, itemUrl: string, label: string): string {
    return text.quote(
      label,
      comment.body,
      `${text.name(comment.person_id)}'s comment, ${formatDate(comment.created_at.slice(0, 10))}`,
      itemUrl,
    );
  }

  /** Per-person groups headed by the person's name. */
  private named<T>(text: AnswerText, groups: [string, T[]][]): [string, T[]][] {
    return groups.map(([person, items]) => [text.name(person), items]);
  }

  compose(): ComposedAnswer {
    const narrower =
      this.reading.window.sense === 'any'
        ? 'ask with a window, e.g. "last month",'
        : 'ask about a shorter window';
    const text = new AnswerText(this.evidence, this.evidence.terms, narrower);
    const finding = this.shape()(text);
    if (!finding) {
      const facts: AnswerFacts = { people: [], goals: [], none: false };
      let markdown = this.nothing();
      // A complete read of the window (or a full-text search over all of it) that found nothing answers
      // a yes/no with no, and a count of a theme read whole with zero. It still never says "nobody".
      if (!this.evidence.truncated && this.reading.intent === 'yes-no') {
        facts.yes = false;
        markdown = `No — ${markdown}`;
      } else if (this.evidence.evaluated && this.reading.intent === 'count') {
        facts.count = 0;
        markdown = `None — ${markdown}`;
      }
      return { markdown, sources: [], empty: true, facts, statement: markdown.split('\n', 1)[0] as string };
    }
    const facts: AnswerFacts = { people: finding.people, goals: finding.goals, none: finding.none };
    this.open(text, finding, facts);
    const statement = text.first;
    if (!finding.none && finding.people.length === 0 && finding.goals.length === 0)
      text.paragraph(`I read this as: ${describeReading(this.reading)}.`);
    if (this.evidence.truncated)
      text.section(
        'Note',
        ['This answer read the first 5,000 items of a kind; narrow the window for exact counts.'],
        (note) => `- ${note}`,
      );
    return { markdown: text.render(), sources: text.sources, empty: false, facts, statement };
  }

  /** The first sentence as the intent wants it: the number first, yes or no first, or the people named. */
  private open(text: AnswerText, finding: Finding, facts: AnswerFacts): void {
    const { intent } = this.reading;
    const count = finding.countsGoals ? finding.goals.length : finding.people.length;
    const names = this.names(finding.people, text);
    if (intent === 'count') {
      facts.count = count;
      const noun = finding.countsGoals ? plural(count, 'goal') : plural(count, 'person', 'people');
      const who = this.reading.people.length ? '' : this.scope;
      const opening =
        count === 0 && !finding.none
          ? // Search words narrowed what was read: zero is not a count of everyone.
            `I found none among what I read, so this is no count. ${text.first}`
          : this.sentence(
              noun,
              who,
              finding.predicate(count),
              this.when,
              count > 0 && !finding.countsGoals ? `: ${names}.` : '.',
            );
      text.answer(count === 0 && !finding.none ? opening : `${opening}\n\n${text.first}`);
      return;
    }
    if (intent === 'yes-no' && finding.exceptions) {
      facts.yes = count === 0;
      text.answer(
        count === 0
          ? `Yes — ${text.first}`
          : `No — ${this.sentence(names, finding.predicate(count), this.when, '.')}\n\n${text.first}`,
      );
      return;
    }
    if (intent === 'yes-no') {
      facts.yes = count > 0;
      if (count > 0) {
        const subject = finding.countsGoals ? plural(count, 'goal') : names;
        const opening = this.sentence(subject, finding.predicate(count), this.when, '.');
        text.answer(`Yes — ${opening}\n\n${text.first}`);
      } else if (finding.none) {
        text.answer(`No — ${text.first}`);
      } else {
        text.answer(`No — not among what I found. ${text.first}`);
      }
      return;
    }
    if (intent === 'who' && !finding.named && finding.people.length > 0)
      text.answer(`${text.first.replace(/\.$/, '')}: ${names}.`);
  }

  /** People by name, at most MAX_NAMED, then "and N more". */
  private names(people: string[], text: AnswerText): string {
    const shown = people.slice(0, MAX_NAMED).map((id) => text.name(id));
    const hidden = people.length - shown.length;
    return hidden > 0 ? `${shown.join(', ')} and ${hidden} more` : listWords(shown);
  }

  /** The reading's first theme decides; "what did ... do" with search words is about those words. */
  private shape(): (text: AnswerText) => Finding | undefined {
    const theme = this.reading.themes[0];
    const hasTerms = this.evidence.terms.length > 0;
    switch (theme) {
      case 'absent':
        return (text) => this.absent(text);
      case 'missing':
        return (text) => this.missing(text);
      case 'completion':
        return (text) => this.completion(text);
      case 'blocked':
        return (text) => this.blocked(text);
      case 'mood':
        return (text) => this.moods(text);
      case 'goals':
        return (text) => this.goals(text);
      case 'activities':
        return (text) => this.activities(text);
      case 'comments':
        return (text) => this.comments(text);
      case 'plans':
        return (text) => this.plans(text);
      default:
        return hasTerms ? (text) => this.topic(text) : (text) => this.overview(text);
    }
  }

  /** "on Core ..." for teams, "from Ben Okafor" when people are named. */
  private sentence(...parts: (string | false | undefined)[]): string {
    return parts
      .filter(Boolean)
      .join(' ')
      .replace(/\s+([.,;:)])/g, '$1')
      .replace(/\s{2,}/g, ' ');
  }

  /** Who items came from: "from 3 people on Core", or the named people. */
  private whom(count: number): string {
    return this.reading.people.length
      ? this.scope
      : `from ${plural(count, 'person', 'people')} ${this.scope}`;
  }

  private onePerson(): PersonRow | undefined {
    return this.reading.people.length === 1 ? this.reading.people[0] : undefined;
  }

  /** What the prompt was about, for the answer that found nothing. */
  private subject(): string {
    const terms = this.evidence.terms.map((term) => `"${term}"`);
    const theme = this.reading.themes[0];
    const about: Record<string, string> = {
      completion: 'check-ins',
      blocked: 'check-ins',
      mood: 'check-ins',
      plans: 'check-ins',
      goals: 'goal updates',
      activities: 'activities',
      comments: 'comments',
      absent: 'absences',
      missing: 'scheduled check-ins',
    };
    const base = (theme && about[theme]) ?? 'check-ins, goal updates, comments or activities';
    return terms.length ? `${base} mentioning ${listWords(terms, 'or')}` : base;
  }

  /** Nothing to answer with: what was looked for and how the question was read, never "nobody". */
  private nothing(): string {
    const line = this.sentence('I found no', this.subject(), this.scope, this.when, 'that you can see.');
    const read = `I read this as: ${describeReading(this.reading)}.`;
    return this.reading.window.fixed || this.reading.window.sense === 'any'
      ? `${line}\n\n${read}`
      : `${line}\n\n${read} Try a wider window, for example ${this.wider()}.`;
  }

  /** A wider window to suggest, in words the prompt reader understands. */
  private wider(): string {
    const { from, to } = this.reading.window;
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
    const since = new Date(Date.parse(to) - Math.max(90, days * 4) * 86_400_000).toISOString().slice(0, 10);
    return days < 28 ? `"last month" or "since ${since}"` : `"since ${since}"`;
  }

  // --- the shapes of answers --------------------------------------------------------------------------

  private completion(text: AnswerText): Finding | undefined {
    const all = this.evidence.checkIns;
    if (all.length === 0) return undefined;
    const answered = all.filter((row) => row.previous_completed !== null);
    const done = answered.filter((row) => row.previous_completed === true);
    const notDone = answered.filter((row) => row.previous_completed === false);
    text.answer(
      answered.length === 0
        ? this.sentence(
            `None of the ${plural(all.length, 'check-in')}`,
            this.scope,
            this.when,
            'said whether they did what they intended.',
          )
        : this.sentence(
            `${done.length} of ${plural(answered.length, 'check-in')}`,
            this.scope,
            this.when,
            `did what they intended; ${notDone.length} did not.`,
          ),
    );
    text.groups(
      [
        ...byPerson(notDone, (row) => row.person_id, text).map(([person, rows]): [string, CheckInRow[]] => [
          `${text.name(person)}: not done`,
          rows,
        ]),
        ...byPerson(done, (row) => row.person_id, text).map(([person, rows]): [string, CheckInRow[]] => [
          `${text.name(person)}: done`,
          rows,
        ]),
      ],
      (row) => this.quoteCheckIn(text, row, 'previous'),
    );
    return {
      people: byPerson(notDone, (row) => row.person_id, text).map(([person]) => person),
      goals: [],
      none: this.evidence.evaluated && notDone.length === 0,
      predicate: () => 'did not do what they intended',
      exceptions: answered.length > 0,
    };
  }

  private blocked(text: AnswerText): Finding | undefined {
    const all = this.evidence.checkIns;
    const { latest, blockedOnly, evaluated } = this.evidence;
    const predicate = (count: number) =>
      latest ? `${count === 1 ? 'is' : 'are'} blocked in their latest check-in` : 'reported blockers';
    if (all.length === 0) {
      if (!blockedOnly || !evaluated) return undefined;
      text.answer(this.sentence('Nobody', this.scope, 'reported blockers', this.when, '.'));
      return { people: [], goals: [], none: true, predicate };
    }
    const blocked = all.filter((row) => row.blocked);
    const people = byPerson(blocked, (row) => row.person_id, text);
    const authors = new Set(all.map((row) => row.person_id)).size;
    const one = this.onePerson();
    if (latest) {
      const names = people.map(([person]) => person);
      text.answer(
        blocked.length
          ? this.sentence(
              `${plural(people.length, 'person', 'people')}`,
              this.reading.people.length ? '' : this.scope,
              `${people.length === 1 ? 'is' : 'are'} blocked in their latest check-in`,
              `(of ${plural(authors, 'person', 'people')} who checked in in the last 14 days): ${this.names(names, text)}.`,
            )
          : this.sentence(
              this.nobody,
              this.scope,
              'is blocked in their latest check-in',
              `(${plural(authors, 'person', 'people')} checked in in the last 14 days).`,
            ),
      );
      text.groups(this.named(text, people), (row) => this.quoteCheckIn(text, row, 'blockers'));
      return { people: names, goals: [], none: evaluated && blocked.length === 0, predicate, named: true };
    }
    if (blockedOnly) {
      text.answer(
        this.sentence(
          plural(people.length, 'person', 'people'),
          this.reading.people.length ? '' : this.scope,
          `reported blockers ${this.when}, the most recent first.`,
        ),
      );
    } else if (one) {
      text.answer(
        blocked.length
          ? this.sentence(
              `${one.name} reported blockers in ${blocked.length} of ${plural(all.length, 'check-in')}`,
              this.when,
              '.',
            )
          : this.sentence(
              `${one.name} reported no blockers`,
              this.evidence.evaluated ? '' : 'in the check-ins I found',
              this.when,
              `(${plural(all.length, 'check-in')}).`,
            ),
      );
    } else if (blocked.length === 0) {
      text.answer(
        this.sentence(
          this.nobody,
          this.scope,
          'reported blockers',
          this.when,
          `(${plural(all.length, 'check-in')} from ${plural(authors, 'person', 'people')}).`,
        ),
      );
    } else {
      const population = this.reading.people.length
        ? this.reading.people.length
        : this.evidence.population.people.length;
      text.answer(
        this.sentence(
          `${people.length} of ${plural(population, 'person', 'people')}`,
          this.scope,
          'reported blockers',
          this.when,
          '.',
        ),
      );
    }
    text.groups(this.named(text, people), (row) => this.quoteCheckIn(text, row, 'blockers'));
    return {
      people: people.map(([person]) => person),
      goals: [],
      none: evaluated && blocked.length === 0,
      predicate,
    };
  }

  private moods(text: AnswerText): Finding | undefined {
    const wanted = this.reading.moods;
    const withMood = this.evidence.checkIns.filter((row) => row.mood !== null);
    if (withMood.length === 0) return undefined;
    const rows = wanted.length ? withMood.filter((row) => wanted.includes(row.mood as Mood)) : withMood;
    const byMood = [...groupBy(rows, (row) => row.mood as string)].sort(byCountThenName);
    const ids = byPerson(rows, (row) => row.person_id, text).map(([person]) => person);
    const people = ids.map((person) => text.name(person));
    if (wanted.length) {
      const moods = listWords(wanted, 'or');
      text.answer(
        rows.length
          ? this.sentence(
              listWords(people),
              `felt ${moods}`,
              this.when,
              `: ${rows.length} of ${plural(withMood.length, 'check-in')}`,
              this.scope,
              'with a mood.',
            )
          : this.sentence(
              this.nobody,
              this.scope,
              `felt ${moods}`,
              this.when,
              `(${plural(withMood.length, 'check-in')} with a mood).`,
            ),
      );
    } else {
      const [top, topRows] = byMood[0] as [string, CheckInRow[]];
      const others = byMood.slice(1, 4).map(([mood, list]) => `${mood} (${list.length})`);
      text.answer(
        this.sentence(
          plural(rows.length, 'check-in'),
          this.whom(people.length),
          this.when,
          `recorded a mood: most often ${top} (${topRows.length})${others.length ? `, then ${listWords(others)}` : ''}.`,
        ),
      );
    }
    text.groups(
      byMood.map(([mood, list]): [string, CheckInRow[]] => [
        `${MOODS[mood as Mood]} ${mood} (${list.length})`,
        list,
      ]),
      (row) =>
        text.quote(
          `${text.name(row.person_id)}, ${formatDay(row.date)}`,
          null,
          this.checkInTitle(row, text),
          this.urls.checkIn(row.id),
        ),
    );
    return {
      people: ids,
      goals: [],
      none: this.evidence.evaluated && wanted.length > 0 && rows.length === 0,
      predicate: () => (wanted.length ? `felt ${listWords(wanted, 'or')}` : 'recorded a mood'),
      named: wanted.length > 0,
    };
  }

  private goals(text: AnswerText): Finding | undefined {
    const updates = this.evidence.goalUpdates;
    if (updates.length === 0 && this.evidence.goals.length === 0) return undefined;
    // A goal's state in the window is that of its newest update there.
    // Goals in the worst state first, then by title.
    const byGoal = [...groupBy(updates, ({ goal }) => goal.id).values()]
      .map((list) => [...list].sort((a, b) => b.update.created_at.localeCompare(a.update.created_at)))
      .sort(
        (a, b) =>
          (a[0]?.update.confidence ?? 0) - (b[0]?.update.confidence ?? 0) ||
          (a[0]?.goal.title ?? '').localeCompare(b[0]?.goal.title ?? ''),
      );
    const limit = this.reading.confidenceAtMost;
    // A goal was in trouble in a window when any update there said so; now, its latest update decides.
    const troubled = byGoal.filter((list) => list.some(({ update }) => update.confidence <= (limit ?? 60)));
    const shown = limit === undefined ? byGoal : troubled;
    const label = limit === 30 ? 'off track' : 'at risk or off track';
    const now = this.reading.window.sense === 'now';
    const be = (count: number) => (now ? (count === 1 ? 'is' : 'are') : count === 1 ? 'was' : 'were');
    const titles = listWords(troubled.map((list) => `"${list[0]?.goal.title}"`));
    if (limit !== undefined) {
      text.answer(
        troubled.length
          ? this.sentence(
              plural(troubled.length, 'goal'),
              this.scope,
              be(troubled.length),
              label,
              this.when,
              `: ${titles}.`,
            )
          : this.sentence(
              this.evidence.evaluated ? 'No goal' : 'No goal I found',
              this.scope,
              now ? 'is' : 'was reported',
              label,
              this.when,
              now
                ? `(${plural(byGoal.length, 'goal')} with updates).`
                : `(${plural(byGoal.length, 'goal')} updated).`,
            ),
      );
    } else {
      text.answer(
        this.sentence(
          plural(byGoal.length, 'goal'),
          this.scope,
          `had ${plural(updates.length, 'update')}`,
          this.when,
          `; ${troubled.length} ${troubled.length === 1 ? 'is' : 'are'} at risk or off track${troubled.length ? ` (${titles})` : ''}.`,
        ),
      );
    }
    text.groups(
      shown.map((list): [string, typeof list] => {
        const newest = list[0] as (typeof list)[number];
        return [
          `${newest.goal.title} (${newest.update.progress}%, ${describeConfidence(newest.update.confidence)})`,
          list,
        ];
      }),
      ({ update, goal }) => this.quoteUpdate(text, update, goal, false),
    );
    if (limit === undefined)
      text.groups(
        this.evidence.goals.map((goal): [string, GoalRow[]] => [`New goal: ${goal.title}`, [goal]]),
        (goal) => this.quoteGoal(text, goal),
      );
    return {
      people: [],
      goals: shown.map((list) => (list[0] as (typeof list)[number]).goal.id),
      none: this.evidence.evaluated && limit !== undefined && troubled.length === 0,
      predicate: (count) =>
        limit === undefined ? `${count === 1 ? 'was' : 'were'} updated` : `${be(count)} ${label}`,
      countsGoals: true,
    };
  }

  private activities(text: AnswerText): Finding | undefined {
    const rows = this.evidence.activities;
    if (rows.length === 0) return undefined;
    const kinds = [...groupBy(rows, (row) => row.kind)]
      .sort(byCountThenName)
      .map(([kind, list]) => `${list.length} ${kind}`);
    const people = byPerson(rows, (row) => row.person_id, text);
    text.answer(
      this.sentence(
        plural(rows.length, 'activity', 'activities'),
        this.whom(people.length),
        this.when,
        `: ${listWords(kinds)}.`,
      ),
    );
    text.groups(this.named(text, people), (row) => this.quoteActivity(text, row));
    return {
      people: people.map(([person]) => person),
      goals: [],
      none: false,
      predicate: () => 'recorded activities',
    };
  }

  private comments(text: AnswerText): Finding | undefined {
    const comments = this.evidence.comments;
    if (comments.length === 0) return undefined;
    const people = new Set(comments.map(({ comment }) => comment.person_id)).size;
    const items = [...groupBy(comments, ({ item }) => item.id).values()];
    text.answer(
      this.sentence(
        plural(comments.length, 'comment'),
        this.whom(people),
        `on ${plural(items.length, 'item')}`,
        this.when,
        '.',
      ),
    );
    text.groups(
      items.map((list): [string, typeof list] => {
        const item = (list[0] as (typeof list)[number]).item;
        return [
          item.type === 'check-in'
            ? `On ${text.name(item.authorId)}'s check-in for ${formatDay(item.date as string)}`
            : `On ${text.name(item.authorId)}'s update to "${item.goalTitle}"`,
          list,
        ];
      }),
      ({ comment, item }) => this.quoteComment(text, comment, item.url, text.name(comment.person_id)),
    );
    return {
      people: byPerson(comments, ({ comment }) => comment.person_id, text).map(([person]) => person),
      goals: [],
      none: false,
      predicate: () => 'commented',
    };
  }

  private plans(text: AnswerText): Finding | undefined {
    const rows = this.evidence.checkIns.filter((row) => row.intentions?.trim());
    if (rows.length === 0) return undefined;
    const people = byPerson(rows, (row) => row.person_id, text);
    const one = this.onePerson();
    text.answer(
      one
        ? this.sentence(`${one.name} shared plans in ${plural(rows.length, 'check-in')}`, this.when, '.')
        : this.sentence(
            plural(people.length, 'person', 'people'),
            this.scope,
            'shared plans',
            this.when,
            `(${plural(rows.length, 'check-in')}).`,
          ),
    );
    text.groups(this.named(text, people), (row) => this.quoteCheckIn(text, row, 'intentions'));
    return {
      people: people.map(([person]) => person),
      goals: [],
      none: false,
      predicate: () => 'shared plans',
    };
  }

  /** Member absences named with their dates; team holidays named as the team. */
  private absent(text: AnswerText): Finding | undefined {
    const absences = this.evidence.absences;
    if (!absences) return undefined;
    const now = this.reading.window.sense === 'now';
    const predicate = (count: number) =>
      now ? (count === 1 ? 'is out' : 'are out') : count === 1 ? 'was out' : 'were out';
    const people = absences.members.map((member) => member.personId);
    const holidays = absences.teams.map(({ team, dates }) => `${team.name} (${dateRuns(dates)})`);
    const holidayLine = holidays.length
      ? ` Team ${holidays.length === 1 ? 'holiday' : 'holidays'}: ${listWords(holidays)}.`
      : '';
    if (people.length === 0) {
      const named = this.reading.people.map((person) => person.name);
      const subject = named.length ? listWords(named) : 'Nobody';
      const verb = named.length ? `${named.length === 1 ? 'was' : 'were'} not out` : predicate(1);
      text.answer(
        this.sentence(
          holidays.length ? `${subject} had ${named.length ? 'no' : 'an'} absence of their own` : subject,
          named.length ? '' : this.scope,
          holidays.length ? '' : verb,
          this.when,
          holidays.length ? `.${holidayLine}` : '(no member absences or team holidays).',
        ),
      );
    } else {
      const named = absences.members.map(
        ({ personId, dates }) => `${text.name(personId)} (${dateRuns(dates)})`,
      );
      const shown = named.slice(0, MAX_NAMED);
      const more = named.length - shown.length;
      text.answer(
        this.sentence(
          plural(people.length, 'person', 'people'),
          this.reading.people.length ? '' : this.scope,
          predicate(people.length),
          this.when,
          `: ${more > 0 ? `${shown.join(', ')} and ${more} more` : listWords(shown)}.${holidayLine}`,
        ),
      );
      text.lines(
        'Absences',
        absences.members.map(({ personId, dates }) => `${text.name(personId)}: ${dateRuns(dates)}`),
      );
    }
    text.lines(
      'Team holidays',
      absences.teams.map(({ team, dates }) => `${team.name}: ${dateRuns(dates)}`),
    );
    return {
      people,
      goals: [],
      none: people.length === 0 && holidays.length === 0,
      predicate,
      named: true,
    };
  }

  /** Scheduled check-ins not completed (absences and team holidays are not scheduled). */
  private missing(text: AnswerText): Finding | undefined {
    const missing = this.evidence.missing;
    if (!missing) return undefined;
    const now = this.reading.window.sense === 'now';
    const oneDay = missing.from === missing.to;
    const predicate = (count: number) =>
      now || oneDay ? `${count === 1 ? 'has' : 'have'} not checked in` : 'missed scheduled check-ins';
    const when = now ? `today (${formatDate(missing.to)})` : this.when;
    const people = missing.people.map((person) => person.personId);
    if (people.length === 0) {
      text.answer(
        missing.scheduled === 0
          ? this.sentence('Nobody', this.scope, 'had a check-in scheduled', when, '.')
          : this.sentence(
              'Everyone',
              this.scope,
              'completed their scheduled check-ins',
              when,
              `(${plural(missing.scheduled, 'check-in')}).`,
            ),
      );
    } else {
      text.answer(
        this.sentence(
          `${people.length} of ${plural(this.evidence.population.people.length, 'person', 'people')}`,
          this.scope,
          predicate(people.length),
          when,
          `: ${this.names(people, text)}.`,
        ),
      );
      if (!oneDay)
        text.lines(
          'Missing check-ins',
          missing.people.map(
            ({ personId, dates }) => `${text.name(personId)}: ${dates.map(formatDay).join(', ')}`,
          ),
        );
    }
    if (missing.from !== this.reading.window.from && !now)
      text.paragraph(
        `Missing check-ins were worked out from ${formatDate(missing.from)} to ${formatDate(missing.to)}.`,
      );
    return { people, goals: [], none: people.length === 0, predicate, named: true };
  }

  /** Everything in the window that matches the search words: a section per kind, best match first. */
  private topic(text: AnswerText): Finding | undefined {
    const { checkIns, goalUpdates, comments, activities, goals } = this.evidence;
    const total = checkIns.length + goalUpdates.length + comments.length + activities.length + goals.length;
    if (total === 0) return undefined;
    const rank = (id: string) => this.evidence.ranks.get(id) ?? 0;
    const matchingField = (row: CheckInRow) =>
      (['blockers', 'previous', 'intentions'] as const).find((field) =>
        mentions(row[field], this.evidence.terms),
      ) ?? 'previous';
    const kinds: [string, number, (() => string)[]][] = [
      [
        'Check-ins',
        checkIns.length,
        checkIns.map((row) => () => this.quoteCheckIn(text, row, matchingField(row), true)),
      ],
      [
        'Goal updates',
        goalUpdates.length,
        goalUpdates.map(
          ({ update, goal }) =>
            () =>
              this.quoteUpdate(text, update, goal, true),
        ),
      ],
      ['Goals', goals.length, goals.map((goal) => () => this.quoteGoal(text, goal))],
      [
        'Comments',
        comments.length,
        comments.map(
          ({ comment, item }) =>
            () =>
              this.quoteComment(
                text,
                comment,
                item.url,
                `${text.name(comment.person_id)}, ${formatDay(comment.created_at.slice(0, 10))}`,
              ),
        ),
      ],
      ['Activities', activities.length, activities.map((row) => () => this.quoteActivity(text, row, true))],
    ];
    const best = (name: string) => {
      const list =
        {
          'Check-ins': checkIns.map((r) => r.id),
          'Goal updates': goalUpdates.map((u) => u.update.id),
          Goals: goals.map((g) => g.id),
          Comments: comments.map((c) => c.comment.id),
          Activities: activities.map((a) => a.id),
        }[name] ?? [];
      return Math.min(...list.map(rank));
    };
    const present = kinds.filter(([, count]) => count > 0).sort((a, b) => best(a[0]) - best(b[0]));
    const counts = kinds
      .filter(([, count]) => count > 0)
      .map(([name, count]) =>
        plural(
          count,
          name === 'Activities' ? 'activity' : name.toLowerCase().replace(/s$/, ''),
          name === 'Activities' ? 'activities' : name.toLowerCase(),
        ),
      );
    const authors = new Set([
      ...checkIns.map((row) => row.person_id),
      ...goalUpdates.map(({ update }) => update.person_id),
      ...goals.map((goal) => goal.owner_id),
      ...comments.map(({ comment }) => comment.person_id),
      ...activities.map((row) => row.person_id),
    ]);
    const terms = listWords(
      this.evidence.terms.map((term) => `"${term}"`),
      'or',
    );
    text.answer(
      this.sentence(
        plural(total, 'item'),
        this.scope,
        this.when,
        `${total === 1 ? 'mentions' : 'mention'} ${terms}: ${listWords(counts)}`,
        this.reading.people.length ? '.' : `, from ${plural(authors.size, 'person', 'people')}.`,
      ),
    );
    text.groups(
      present.map(([name, , bullets]): [string, (() => string)[]] => [name, bullets]),
      (bullet) => bullet(),
    );
    return {
      people: [...authors],
      goals: goals.map((goal) => goal.id),
      none: false,
      predicate: () => `mentioned ${terms}`,
    };
  }

  /** What happened: per person (or, for one person, per kind) what they did, updated and recorded. */
  private overview(text: AnswerText): Finding | undefined {
    const { checkIns, goalUpdates, comments, activities } = this.evidence;
    if (checkIns.length + goalUpdates.length + comments.length + activities.length === 0) return undefined;
    const predicate = () => 'checked in';
    const counts = `${plural(goalUpdates.length, 'goal update')}, ${plural(comments.length, 'comment')} and ${plural(activities.length, 'activity', 'activities')}`;
    const one = this.onePerson();
    if (one) {
      text.answer(
        this.sentence(
          `${one.name} checked in ${plural(checkIns.length, 'time')}`,
          this.when,
          `, with ${counts}.`,
        ),
      );
      text.groups(
        [
          ['Check-ins', checkIns.map((row) => () => this.quoteCheckIn(text, row, 'previous'))],
          [
            'Goal updates',
            goalUpdates.map(
              ({ update, goal }) =>
                () =>
                  this.quoteUpdate(text, update, goal, true),
            ),
          ],
          [
            'Comments',
            comments.map(
              ({ comment, item }) =>
                () =>
                  this.quoteComment(text, comment, item.url, formatDay(comment.created_at.slice(0, 10))),
            ),
          ],
          ['Activities', activities.map((row) => () => this.quoteActivity(text, row))],
        ],
        (bullet) => bullet(),
      );
      return { people: [one.id], goals: [], none: false, predicate };
    }
    const authors = new Set([
      ...checkIns.map((row) => row.person_id),
      ...goalUpdates.map(({ update }) => update.person_id),
      ...activities.map((row) => row.person_id),
    ]);
    text.answer(
      this.sentence(
        plural(checkIns.length, 'check-in'),
        this.whom(new Set(checkIns.map((r) => r.person_id)).size),
        this.when,
        `, with ${counts}.`,
      ),
    );
    const people = [...authors].sort((a, b) => text.name(a).localeCompare(text.name(b)));
    const checkInsOf = groupBy(checkIns, (row) => row.person_id);
    const updatesOf = groupBy(goalUpdates, ({ update }) => update.person_id);
    const activitiesOf = groupBy(activities, (row) => row.person_id);
    text.groups(
      people.map((person): [string, (() => string)[]] => [
        text.name(person),
        [
          ...(checkInsOf.get(person) ?? []).map((row) => () => this.quoteCheckIn(text, row, 'previous')),
          ...(updatesOf.get(person) ?? []).map(
            ({ update, goal }) =>
              () =>
                this.quoteUpdate(text, update, goal, true),
          ),
          ...(activitiesOf.get(person) ?? []).map((row) => () => this.quoteActivity(text, row)),
        ],
      ]),
      (bullet) => bullet(),
    );
    return { people, goals: [], none: false, predicate };
  }
}

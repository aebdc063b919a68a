// The oracle: what a question's answer must name, computed from the generated facts (history.mjs) with
// the evaluation's semantics (README.md). Small on purpose: every rule is a filter over plain records.
import { addDays, weekdayOf } from './history.mjs';

const MONTHS = 'january february march april may june july august september october november december'.split(
  ' ',
);

/** Monday of the week of `date` (weeks run Monday to Sunday). */
export function mondayOf(date) {
  const back =
    (['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].indexOf(weekdayOf(date)) +
      7) %
    7;
  return addDays(date, -back);
}

/**
 * A time as the questions name it: { kind: 'today' | 'yesterday' | 'this-week' | 'last-week' |
 * 'last-month' | 'since' (weekday) | 'month' (month name) | 'last-n' (n days) | 'any' | 'now' }.
 * Returns the dates { from, to } it covers, or undefined for `now` (each person's latest report).
 */
export function datesOf(time, today) {
  const [year, month] = today.split('-').map(Number);
  const monthDates = (y, m) => {
    const from = `${y}-${String(m).padStart(2, '0')}-01`;
    const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    const to = addDays(next, -1);
    return { from, to: to < today ? to : today };
  };
  switch (time.kind) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'this-week':
      return { from: mondayOf(today), to: today };
    case 'last-week': {
      const monday = addDays(mondayOf(today), -7);
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'last-month':
      return month === 1 ? monthDates(year - 1, 12) : monthDates(year, month - 1);
    case 'since': {
      let date = today;
      while (weekdayOf(date) !== time.weekday) date = addDays(date, -1);
      return { from: date, to: today };
    }
    case 'month': {
      const m = MONTHS.indexOf(time.month) + 1;
      return monthDates(m <= month ? year : year - 1, m);
    }
    case 'last-n':
      return { from: addDays(today, -(time.n - 1)), to: today };
    case 'any':
      return { from: '0000-01-01', to: today };
    case 'now':
      return undefined;
    default:
      throw new Error(`unknown time ${time.kind}`);
  }
}

export function makeOracle(history) {
  const { today } = history;
  const teamOf = new Map(history.people.map((p) => [p.key, p.team]));
  const within = (date, dates) => date >= dates.from && date <= dates.to;
  const completed = history.checkIns.filter((c) => c.date <= today);
  /** Each person's latest completed report. */
  const latest = new Map();
  for (const checkIn of completed) {
    const seen = latest.get(checkIn.person);
    if (!seen || seen.date < checkIn.date) latest.set(checkIn.person, checkIn);
  }
  /** Check-ins of a time: those in its dates, or for `now` each person's latest. */
  const reportsOf = (time) => {
    const dates = datesOf(time, today);
    return dates ? completed.filter((c) => within(c.date, dates)) : [...latest.values()];
  };
  /** Absences and missing check-ins are about dates: `now` is today. */
  const datesOrToday = (time) => datesOf(time, today) ?? { from: today, to: today };
  const people = (records) => new Set(records.map((r) => r.person));

  const themes = {
    blocked: (time, { topic } = {}) =>
      people(reportsOf(time).filter((c) => c.blocked && (!topic || c.blockerTopic === topic))),
    absent: (time) => {
      const dates = datesOrToday(time);
      const out = new Set(history.absences.filter((a) => within(a.date, dates)).map((a) => a.person));
      for (const holiday of history.holidays.filter((h) => within(h.date, dates)))
        for (const person of history.people) if (person.team === holiday.team) out.add(person.key);
      return out;
    },
    missing: (time) => people(history.missing.filter((m) => within(m.date, datesOrToday(time)))),
    mood: (time, { mood } = {}) => people(reportsOf(time).filter((c) => !mood || c.mood === mood)),
    plans: (time, { topic } = {}) => people(reportsOf(time).filter((c) => !topic || c.planTopic === topic)),
    done: (time, { topic } = {}) => people(reportsOf(time).filter((c) => !topic || c.doneTopic === topic)),
    /** A topic named anywhere in a check-in (a blocker, a plan or a done item). */
    topic: (time, { topic }) =>
      people(reportsOf(time).filter((c) => [c.blockerTopic, c.planTopic, c.doneTopic].includes(topic))),
    mentioned: (time, { person }) => people(reportsOf(time).filter((c) => c.mentions.includes(person))),
    activities: (time, { kinds }) => {
      const dates = datesOrToday(time);
      return people(history.activities.filter((a) => within(a.date, dates) && kinds.includes(a.kind)));
    },
    comments: (time) => people(history.comments.filter((c) => within(c.date, datesOrToday(time)))),
  };

  /** Whose records the asker sees: everyone for the administrator, else the people of their teams. */
  const visibleTo = (asker) => {
    if (asker === history.admin.key) return new Set(history.people.map((p) => p.key));
    return new Set(history.people.filter((p) => p.team === teamOf.get(asker)).map((p) => p.key));
  };
  /** The people a subject names: { kind: 'all' | 'team' | 'my-team' | 'person' | 'me' }. */
  const subjectPeople = (subject, asker) => {
    switch (subject.kind) {
      case 'all':
        return new Set(history.people.map((p) => p.key));
      case 'team':
        return new Set(history.people.filter((p) => p.team === subject.team).map((p) => p.key));
      case 'my-team':
        return new Set(history.people.filter((p) => p.team === teamOf.get(asker)).map((p) => p.key));
      case 'person':
        return new Set([subject.person]);
      case 'me':
        return new Set([asker]);
      default:
        throw new Error(`unknown subject ${subject.kind}`);
    }
  };

  /** The people a question about people must name, in the order of the history's people. */
  function expectedPeople({ asker, subject, theme, time, ...options }) {
    const found = themes[theme](time, options);
    const visible = visibleTo(asker);
    const named = subjectPeople(subject, asker);
    return history.people
      .map((p) => p.key)
      .filter((key) => found.has(key) && visible.has(key) && named.has(key));
  }

  /** A goal's confidence on a date: its last update's on or before it. */
  const confidenceOn = (goal, date) => goal.updates.filter((u) => u.date <= date).at(-1)?.confidence;
  /**
   * Goals: `now`, those whose current confidence is at most `atMost`; with dates, those with an update in
   * them at most `atMost` (any update without it). None is private: everyone may see every goal, but a
   * question that names no team is about the asker's own team's goals (everyone's for the administrator),
   * as a question about people is.
   */
  function expectedGoals({ time, atMost, team, asker }) {
    const dates = datesOf(time, today);
    const own = asker && asker !== history.admin.key ? teamOf.get(asker) : undefined;
    return history.goals
      .filter((goal) => (team ? goal.team === team : !own || goal.team === own))
      .filter((goal) =>
        dates
          ? goal.updates.some(
              (u) => within(u.date, dates) && (atMost === undefined || u.confidence <= atMost),
            )
          : atMost !== undefined && (confidenceOn(goal, today) ?? 100) <= atMost,
      )
      .map((goal) => goal.key);
  }

  return { expectedPeople, expectedGoals, themes, latest, visibleTo, reportsOf };
}

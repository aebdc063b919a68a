// Runs the evaluation: writes the generated history into a new store, asks every question in process
// through the answer engine (answerQuestion) as its asker at the history's now, and scores what each
// answer states (its facts) against the oracle's expectation.
import { generateHistory } from './history.mjs';
import { buildQuestions, INTENTS, reducedSet } from './questions.mjs';
import { verifyHistory } from './verify.mjs';

/** Intents whose answers name people (or goals) and are scored as sets. */
const SET_INTENTS = new Set(['who', 'what', 'feeling', 'which-goals']);

const sameSet = (a, b) => a.length === b.length && new Set([...a, ...b]).size === a.length;

/** Whether the expected answer has something in it: then a "nobody" answer is a false one. */
export function expectsSomething(question) {
  const { expected } = question;
  if (question.intent === 'yes-no') return expected.yes === true;
  if (question.intent === 'count') return expected.count > 0;
  if (question.intent === 'which-goals') return expected.goals.length > 0;
  return expected.people.length > 0;
}

/**
 * One question's score. `got` is the answer's facts with ids turned into history keys. Fully right:
 * the named set equals the expected one (who, what, feeling: people; which goals: goals), the count
 * equals it (and any people named are the expected ones), or the yes/no agrees.
 */
export function scoreAnswer(question, got) {
  const { expected, intent } = question;
  const goals = question.theme === 'goals';
  const wanted = goals ? (expected.goals ?? []) : (expected.people ?? []);
  const named = goals ? got.goals : got.people;
  let fullyRight;
  if (intent === 'count') {
    fullyRight = got.count === expected.count && (named.length === 0 || sameSet(named, wanted));
  } else if (intent === 'yes-no') {
    fullyRight = got.yes === expected.yes;
  } else {
    fullyRight = sameSet(named, wanted);
  }
  const hits = named.filter((key) => wanted.includes(key)).length;
  return {
    fullyRight,
    scoredAsSet: SET_INTENTS.has(intent),
    named: named.length,
    wanted: wanted.length,
    hits,
    falseNobody: got.none === true && expectsSomething(question),
  };
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The figures of a run: rates over questions, set precision and recall, latency. */
export function summarise(results) {
  const rate = (items, test) => (items.length === 0 ? Number.NaN : items.filter(test).length / items.length);
  const sets = results.filter((r) => r.score.scoredAsSet);
  const sum = (items, field) => items.reduce((total, r) => total + r.score[field], 0);
  const byGroup = (field) =>
    Object.fromEntries(
      [...new Set(results.map((r) => r.question[field]))].map((group) => {
        const items = results.filter((r) => r.question[field] === group);
        return [group, { questions: items.length, fullyRight: rate(items, (r) => r.score.fullyRight) }];
      }),
    );
  const counts = results.filter((r) => r.question.intent === 'count');
  const yesNo = results.filter((r) => r.question.intent === 'yes-no');
  const times = results.map((r) => r.ms);
  return {
    questions: results.length,
    fullyRight: rate(results, (r) => r.score.fullyRight),
    byIntent: byGroup('intent'),
    byTheme: byGroup('theme'),
    precision: sum(sets, 'named') === 0 ? Number.NaN : sum(sets, 'hits') / sum(sets, 'named'),
    recall: sum(sets, 'wanted') === 0 ? Number.NaN : sum(sets, 'hits') / sum(sets, 'wanted'),
    countAccuracy: rate(counts, (r) => r.got.count === r.question.expected.count),
    yesNoAccuracy: rate(yesNo, (r) => r.got.yes === r.question.expected.yes),
    falseNobody: results.filter((r) => r.score.falseNobody).length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
  };
}

/** How the answer read its question, on one line (for failures). */
export function readingLine(reading) {
  if (!reading || reading.intent === undefined) return '(no reading)';
  const names = (items) => (items ?? []).map((item) => item.name).join(', ');
  return [
    `intent ${reading.intent}`,
    `themes ${(reading.themes ?? []).join(', ') || '-'}`,
    reading.window ? `${reading.window.sense}: ${reading.window.phrase}` : 'no window',
    reading.people?.length ? `people ${names(reading.people)}` : '',
    reading.mentioned?.length ? `mentioned ${names(reading.mentioned)}` : '',
    reading.teams?.length ? `teams ${names(reading.teams)}` : '',
    reading.moods?.length ? `moods ${reading.moods.join(', ')}` : '',
    reading.activityKinds?.length ? `kinds ${reading.activityKinds.join(', ')}` : '',
    reading.confidenceAtMost !== undefined ? `confidence <= ${reading.confidenceAtMost}` : '',
    reading.terms?.length ? `terms ${reading.terms.join(' ')}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Asks each question of a written history (store.mjs) as its asker and scores the answer; returns the
 * results in order.
 */
export async function askQuestions(store, questions, onResult) {
  const keyOf = new Map();
  for (const [kind, map] of Object.entries(store.ids))
    for (const [key, id] of map) keyOf.set(`${kind}:${id}`, key);
  const toKeys = (kind, ids) => (ids ?? []).map((id) => keyOf.get(`${kind}:${id}`) ?? id);
  // The first answer loads the engine's modules; it is not timed.
  await store.answer(store.history.admin.key, 'What did my team do today?');
  const results = [];
  for (const question of questions) {
    const started = performance.now();
    const answer = await store.answer(question.asker, question.prompt);
    const ms = performance.now() - started;
    const got = {
      ...answer.facts,
      people: toKeys('people', answer.facts.people),
      goals: toKeys('goals', answer.facts.goals),
    };
    const result = { question, got, ms, reading: answer.reading, markdown: answer.markdown };
    result.score = scoreAnswer(question, got);
    results.push(result);
    onResult?.(result);
  }
  return results;
}

/**
 * Generates the history, writes it, and asks the questions. `quick`: the small history and the reduced
 * set of about 40 questions (the test's run). Returns { history, questions, results, summary }.
 */
export async function runEvaluation({ quick = false, seed = 26, reduced = quick, onResult } = {}) {
  const { writeHistory } = await import('./store.mjs');
  const history = generateHistory({ seed, quick });
  const all = buildQuestions(history);
  const questions = reduced ? reducedSet(all) : all;
  const store = await writeHistory(history, { inMemory: quick });
  try {
    const problems = await verifyHistory(store);
    if (problems.length > 0)
      throw new Error(`the store does not hold the generated facts:\n${problems.slice(0, 20).join('\n')}`);
    const results = await askQuestions(store, questions, onResult);
    return { history, questions, results, summary: summarise(results) };
  } finally {
    await store.close();
  }
}

export { INTENTS };

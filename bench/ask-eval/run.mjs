// The ask evaluation (npm run eval:ask): a generated team history with known facts, 200-odd questions in
// natural phrasings with expected answers computed from the facts, and how the answer engine scores.
//   node bench/ask-eval/run.mjs [--quick] [--failures] [--seed N] [--json] [--latency [--people N --days D]]
//   node bench/ask-eval/run.mjs --list [--quick] [--seed N]
// --quick: the small history and the reduced set of about 40 questions (what the test runs).
// --failures: every question not fully right, with what was expected, what the answer stated and how it
// read the question. --latency: also times the questions' phrasings on a seeded year of 200 people
// (bench/ask.mjs's store; --people and --days change its size). No figure fails the run; only an error
// does. --list prints the questions with their expected answers and asks nothing. See README.md for the
// semantics.
import { machineLine, options, printTable } from '../lib.mjs';
import { INTENTS, readingLine, runEvaluation } from './evaluate.mjs';
import { generateHistory } from './history.mjs';
import { buildQuestions, reducedSet } from './questions.mjs';

const args = options();
const quick = args.has('--quick');
const seed = args.number('--seed', 26);
const pct = (value) => (Number.isNaN(value) ? 'n/a' : `${(value * 100).toFixed(1)}%`);
const ms = (value) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(0)} ms`);

try {
  if (args.has('--list')) {
    listQuestions();
    process.exit(0);
  }
  if (!args.has('--json')) console.log(machineLine());
  const started = performance.now();
  const { history, results, summary } = await runEvaluation({ quick, seed });
  if (args.has('--json')) {
    console.log(JSON.stringify({ seed, quick, summary }, null, 2));
  } else {
    const people = history.people.length;
    console.log(
      `history: seed ${seed}, ${people} people in ${history.teams.length} teams, ${history.days.length} days, ` +
        `${history.checkIns.length} check-ins, ${history.missing.length} missing, ${history.absences.length} absences, ` +
        `${history.holidays.length} holidays, ${history.comments.length} comments, ` +
        `${history.activities.length} activities, ${history.goals.length} goals; now ${history.now}`,
    );
    console.log(`${results.length} questions in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    if (args.has('--failures')) printFailures(results, history);
    const rows = [['intent', 'questions', 'fully right']];
    for (const intent of INTENTS) {
      const group = summary.byIntent[intent];
      if (group) rows.push([intent, String(group.questions), pct(group.fullyRight)]);
    }
    printTable(rows);
    console.log('');
    const themes = [['theme', 'questions', 'fully right']];
    for (const [theme, group] of Object.entries(summary.byTheme))
      themes.push([theme, String(group.questions), pct(group.fullyRight)]);
    printTable(themes);
    console.log('');
    printTable([
      ['measure', 'value', 'target'],
      ['fully right', pct(summary.fullyRight), 'at least 95%'],
      ['precision (people, goals named)', pct(summary.precision), ''],
      ['recall (people, goals named)', pct(summary.recall), ''],
      ['count accuracy', pct(summary.countAccuracy), ''],
      ['yes/no accuracy', pct(summary.yesNoAccuracy), ''],
      ['false "nobody" answers', String(summary.falseNobody), '0'],
      ['latency p50', ms(summary.p50), ''],
      ['latency p95', ms(summary.p95), 'under 300 ms on a year of 200 people (--latency)'],
    ]);
  }
  if (args.has('--latency')) {
    const { yearLatency } = await import('./latency.mjs');
    await yearLatency({
      people: args.number('--people', 200),
      days: args.number('--days', 365),
      json: args.has('--json'),
    });
  }
} catch (error) {
  console.error(error.stack ?? error.message);
  process.exitCode = 1;
}

/** Every question with its asker and expected answer, without running anything. */
function listQuestions() {
  const history = generateHistory({ seed, quick });
  const all = buildQuestions(history);
  const nameOf = new Map([...history.people, history.admin].map((p) => [p.key, p.name]));
  const goalOf = new Map(history.goals.map((g) => [g.key, g.title]));
  for (const question of quick ? reducedSet(all) : all) {
    const { expected } = question;
    const parts = [];
    if (expected.people && question.intent !== 'count' && question.intent !== 'yes-no')
      parts.push(`[${expected.people.map((key) => nameOf.get(key)).join(', ')}]`);
    if (expected.goals) parts.push(`[${expected.goals.map((key) => goalOf.get(key)).join(', ')}]`);
    if (expected.count !== undefined) parts.push(`count ${expected.count}`);
    if (expected.yes !== undefined) parts.push(expected.yes ? 'yes' : 'no');
    const asker = question.asker === history.admin.key ? '' : ` (asked by ${nameOf.get(question.asker)})`;
    console.log(
      `#${question.id} [${question.intent}/${question.theme}] ${question.prompt}${asker}: ${parts.join(' ')}`,
    );
  }
}

function printFailures(results, history) {
  const nameOf = new Map([...history.people, history.admin].map((p) => [p.key, p.name]));
  const goalOf = new Map(history.goals.map((g) => [g.key, g.title]));
  const list = (keys, theme) =>
    (keys ?? []).map((key) => (theme === 'goals' ? goalOf : nameOf).get(key) ?? key);
  const describe = (facts, theme) => {
    const parts = [];
    const named = theme === 'goals' ? facts.goals : facts.people;
    if (named) parts.push(`[${list(named, theme).join(', ')}]`);
    if (facts.count !== undefined) parts.push(`count ${facts.count}`);
    if (facts.yes !== undefined) parts.push(facts.yes ? 'yes' : 'no');
    if (facts.none) parts.push('NOBODY');
    if (facts.widened) parts.push(`widened to ${facts.widened.phrase}`);
    return parts.join(' ');
  };
  const failures = results.filter((r) => !r.score.fullyRight || r.score.falseNobody);
  console.log(`failures: ${failures.length}\n`);
  for (const r of failures) {
    const { question } = r;
    const asker = question.asker === history.admin.key ? '' : ` (asked by ${nameOf.get(question.asker)})`;
    console.log(`#${question.id} [${question.intent}/${question.theme}] ${question.prompt}${asker}`);
    console.log(`  expected: ${describe(question.expected, question.theme)}`);
    console.log(
      `  got:      ${describe(r.got, question.theme)}${r.score.falseNobody ? '  <- false "nobody"' : ''}`,
    );
    console.log(`  reading:  ${readingLine(r.reading)}`);
    console.log(`  answer:   ${r.markdown.split('\n', 1)[0].slice(0, 160)}\n`);
  }
}

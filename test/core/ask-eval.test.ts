/**
 * The reduced run of the ask evaluation (bench/ask-eval, README.md there): about 40 questions, spread over
 * the intents and themes, asked in process of a small generated history whose facts are known. It gates
 * quality: no answer may say "nobody" when the facts hold someone, and at least 90% must be fully right.
 */
import { expect, it } from 'vitest';
import { type Result, readingLine, runEvaluation } from '../../bench/ask-eval/evaluate.mjs';

const describeFailure = ({ question, got, reading }: Result) =>
  [
    `#${question.id} ${question.prompt} (asked by ${question.asker})`,
    `  expected ${JSON.stringify(question.expected)}`,
    `  got ${JSON.stringify({ people: got.people, goals: got.goals, count: got.count, yes: got.yes, none: got.none })}`,
    `  reading ${readingLine(reading)}`,
  ].join('\n');

it('answers the reduced evaluation without a false "nobody" and at least 90% fully right', async () => {
  const { questions, results, summary } = await runEvaluation({ quick: true });
  expect(questions.length).toBeGreaterThanOrEqual(36);
  expect(new Set(questions.map((q) => q.intent)).size).toBe(6);

  const falseNobody = results.filter((r) => r.score.falseNobody).map(describeFailure);
  expect(falseNobody, `false "nobody" answers:\n${falseNobody.join('\n')}`).toEqual([]);
  const wrong = results.filter((r) => !r.score.fullyRight).map(describeFailure);
  expect(
    summary.fullyRight,
    `${(summary.fullyRight * 100).toFixed(1)}% fully right; not fully right:\n${wrong.join('\n')}`,
  ).toBeGreaterThanOrEqual(0.9);
});

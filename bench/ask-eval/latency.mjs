// The evaluation's phrasings timed on a year of 200 people (2 teams, 365 days, about 52,000 check-ins:
// bench/ask.mjs's seeded store, cached alike). Its facts are not known, so nothing is scored: each
// question without a person in it is asked in process as the store's administrator, its teams renamed to
// the store's, and the time to the answer is measured. Target: p95 under 300 ms.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile, seededStore } from '../lib.mjs';
import { generateHistory } from './history.mjs';
import { buildQuestions } from './questions.mjs';

const TARGET_MS = 300;

export async function yearLatency({ people = 200, days = 365, json = false } = {}) {
  const { openInstance, answerAs } = await import('../../dist/bench-api.js');
  const history = generateHistory();
  const personWords = history.people.flatMap((p) => [p.first, p.username, p.name]);
  const prompts = buildQuestions(history)
    .map((q) => q.prompt)
    .filter((prompt) => !personWords.some((word) => prompt.includes(word)) && !/\bI\b|\bmy\b/.test(prompt));

  // The year of 200 people is cached for later runs (as bench/ask.mjs's); a smaller store is not.
  const seeded = seededStore({ people, days, teams: 2, seed: 1 }, { cache: people === 200 && days === 365 });
  const dir = mkdtempSync(join(tmpdir(), 'pulse-ask-eval-year-'));
  let instance;
  try {
    // A copy, as bench/ask.mjs does: the cached store stays exactly as seeded.
    const path = join(dir, 'year.db');
    copyFileSync(seeded.path, path);
    instance = await openInstance(path, { clock: { now: () => new Date() }, publicUrl: 'http://127.0.0.1' });
    const admin = (await instance.admin.findPerson('admin@seed.example')).id;
    const teams = (await instance.serviceFor(admin).listTeams({ per_page: 50 })).items.map((t) => t.name);
    const newest = (await instance.serviceFor(admin).listCheckIns({ per_page: 1 })).items[0]?.date;
    // Asked as of the store's newest day, so that "today" and "last week" fall inside its history.
    const askedAt = new Date(`${newest}T15:00:00Z`);
    const renamed = prompts.map((prompt) =>
      history.teams.reduce(
        (text, team, i) =>
          text
            .replaceAll(team.name, teams[i % teams.length])
            .replaceAll(team.key, teams[i % teams.length].toLowerCase()),
        prompt,
      ),
    );
    await answerAs(instance, admin, 'What did my team do today?', askedAt); // loads the engine; not counted
    const times = [];
    const timed = [];
    for (const prompt of renamed) {
      const started = performance.now();
      await answerAs(instance, admin, prompt, askedAt);
      times.push(performance.now() - started);
      timed.push({ prompt, ms: times.at(-1) });
    }
    const slowest = timed.sort((a, b) => b.ms - a.ms).slice(0, 5);
    const figures = {
      store: `${people} people, 2 teams, ${days} days, ${seeded.checkIns} check-ins`,
      questions: times.length,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: Math.max(...times),
      slowest,
    };
    if (json) console.log(JSON.stringify({ latency: figures }, null, 2));
    else {
      console.log(
        `\nlatency on a seeded store (${figures.store}), ${figures.questions} questions without names:`,
      );
      console.log(
        `p50 ${figures.p50.toFixed(0)} ms, p95 ${figures.p95.toFixed(0)} ms, max ${figures.max.toFixed(0)} ms; ` +
          `target p95 under ${TARGET_MS} ms: ${figures.p95 < TARGET_MS ? 'pass' : 'not met'}`,
      );
      console.log(
        `slowest: ${slowest.map(({ prompt, ms }) => `${ms.toFixed(0)} ms "${prompt}"`).join('; ')}`,
      );
    }
    return figures;
  } finally {
    await instance?.close();
    seeded.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}

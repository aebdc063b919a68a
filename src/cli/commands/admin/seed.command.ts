import { defineCommand } from '../define.js';

export const seed = defineCommand('seed', {
  summary: 'fill a new store with a generated team history (benchmarks, demos); prints the admin id',
  examples: [
    {
      command: 'pulse --store demo.db admin seed --people 50 --days 730',
      says: 'two years of history for 50 people in a new store',
    },
  ],
  flags: [
    {
      flags: '--people <n>',
      description: 'how many people (the first is the administrator)',
      required: true,
    },
    {
      flags: '--days <n>',
      description: 'calendar days of history, ending today (730 for two years)',
      required: true,
    },
    { flags: '--teams <n>', description: 'how many teams (default: one per 100 people)' },
    { flags: '--seed <n>', description: 'the random seed: the same seed gives the same store (default 1)' },
  ],
  load: () => import('./seed.js').then((m) => m.seed),
});

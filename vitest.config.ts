import { defineConfig } from 'vitest/config';
import { FULL_TIER_ONLY } from './test/tiers.js';

// Two tiers (test/tiers.ts): `npm test` runs the project "everyday", `npm run test:all` the project "full".
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Separate processes: native SQLite handles and pseudo-terminals stay out of each other's way.
    pool: 'forks',
    // Two test files at a time, whatever the core count: most of them wait on child processes (the real
    // binary, servers), so two keep a two-core machine busy (vitest's default, one less than the cores,
    // ran them one at a time there).
    maxWorkers: 2,
    // Sized for a loaded two-core machine: a test that runs the real binary a dozen times can take a
    // minute there. Tests that wait for something poll with deadlines of their own.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'everyday',
          exclude: FULL_TIER_ONLY,
          provide: { tier: 'everyday', postgresUrl: '' },
        },
      },
      {
        extends: true,
        test: {
          name: 'full',
          // One throwaway PostgreSQL for the run (the contract suite's PostgreSQL targets, the store tests).
          globalSetup: ['test/postgres-global-setup.ts'],
          // The reliability suite at soak size: more generated inputs, more kill -9s, longer slow clients.
          env: { PULSE_SOAK: '1' },
          provide: { tier: 'full' },
        },
      },
    ],
  },
});

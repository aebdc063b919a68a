import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One throwaway PostgreSQL for the run (the contract suite's third target, the PostgreSQL store tests).
    globalSetup: ['test/postgres-global-setup.ts'],
    // Separate processes: native SQLite handles and pseudo-terminals stay out of each other's way.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

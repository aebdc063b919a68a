/**
 * The two tiers of the test suite. `npm test` runs the everyday tier: everything that needs no database
 * server, browser or web server, with the contract suite on the local target and the reliability suite at
 * its everyday size, so a newcomer's run stays under ten minutes on a two-core machine. `npm run test:all`
 * (what CI runs) runs every file, the contract suite on all four targets and the reliability suite at soak
 * size. vitest.config.ts builds one project per tier from these lists.
 */

/**
 * Files that run only in the full tier: each needs PostgreSQL, a browser or nginx throughout, or is long.
 * Files that run on both stores (the robustness suites: test/helpers/stores.ts) or on several contract
 * targets are in both tiers, their PostgreSQL part in the full tier only.
 */
export const FULL_TIER_ONLY = [
  // PostgreSQL: the run's throwaway server (test/postgres-global-setup.ts).
  'test/cli/admin-migrate.test.ts',
  'test/cli/admin-migrate-bad-text.test.ts',
  'test/cli/serve-jobs.test.ts',
  'test/cli/serve-postgres.test.ts',
  'test/cli/serve-shared-rate-limit.test.ts',
  'test/cli/serve-webhooks-postgres.test.ts',
  'test/contract/instances.test.ts',
  'test/postgres-watchdog.test.ts',
  'test/server/close-waits.test.ts',
  'test/server/shared-rate-limit.test.ts',
  'test/store/copy-store.test.ts',
  'test/store/postgres-instances.test.ts',
  'test/store/postgres-store.test.ts',
  'test/store/postgres-text-order.test.ts',
  // A real browser.
  'test/cli/oauth-browser.test.ts',
  'test/server/status-page-browser.test.ts',
  // nginx in front of two instances on PostgreSQL.
  'test/deployment-example.test.ts',
  // A short run of every benchmark: a minute or more of load, and the instances bench needs PostgreSQL.
  'test/bench-smoke.test.ts',
  // The packed tarball installed with its dependencies from the npm registry (on Node before 22.16 with
  // better-sqlite3 as well, whose native module compiles: minutes).
  'test/packed-install.test.ts',
];

export type Tier = 'everyday' | 'full';

/** Which tier of the suite runs this test file (test/tiers.ts, vitest.config.ts's projects). */
import { inject } from 'vitest';
import type { Tier } from '../tiers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    tier: Tier;
  }
}

export function testTier(): Tier {
  return inject('tier');
}

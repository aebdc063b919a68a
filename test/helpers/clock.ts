/** A clock tests can move: the edge of the world the core sees as "now". */
import type { Clock } from '../../src/core/clock.js';

export interface SteppingClock extends Clock {
  set(at: string): void;
  advance(ms: number): void;
}

export function steppingClock(start: string): SteppingClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/** An instant as the interfaces write it (to the whole second, UTC), for expected values. */
export function asWritten(instant: Date | number): string {
  return `${new Date(instant).toISOString().slice(0, 19)}Z`;
}

/**
 * The paths the contract suite runs every scenario on. Each target builds the same fixture and hands out
 * a Service per person; the scenarios cannot tell which path they are on. The remote path (the Service
 * over HTTP to `pulse serve`) joins this list with the server.
 */
import type { Admin } from '../../src/core/admin.js';
import type { Service } from '../../src/core/service.js';
import { type SteppingClock, steppingClock } from '../helpers/clock.js';
import { createFixture } from '../helpers/store.js';

export type PersonKey = 'ana' | 'ben' | 'cy' | 'dee' | 'eve';

export interface World {
  /** The Service as one of the fixture's people. */
  as(person: PersonKey): Service;
  admin: Admin;
  ids: Record<string, string>;
  clock: SteppingClock;
  close(): Promise<void>;
}

export interface Target {
  name: string;
  setup(): Promise<World>;
}

/** Monday 2026-11-23, 10:00 UTC: the fixture's "now" unless a scenario moves it. */
export const START = '2026-11-23T10:00:00.000Z';

export const localTarget: Target = {
  name: 'local',
  async setup() {
    const clock = steppingClock(START);
    const { store, ids } = await createFixture(clock);
    const services: Service[] = [];
    return {
      as(person) {
        const service = store.serviceFor(ids[person] as string);
        services.push(service);
        return service;
      },
      admin: store.admin,
      ids,
      clock,
      close: () => store.close(),
    };
  },
};

export const TARGETS: Target[] = [localTarget];

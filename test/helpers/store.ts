/** A temporary local store with a small account, for tests of the core and the commands. */
import { join } from 'node:path';
import { type Clock, fixedClock } from '../../src/core/clock.js';
import { createInstance, type Instance, type InstanceOptions } from '../../src/core/instance.js';
import { type OpenRepositoryOptions, openRepository } from '../../src/store/open-repository.js';
import { tempDir } from './temp.js';

export const PUBLIC_URL = 'https://pulse.test';

/** The instance over the store at `location`, as `pulse` composes it (a SQLite file or a postgres:// address). */
export async function openInstance(
  location: string,
  options: InstanceOptions & OpenRepositoryOptions,
): Promise<Instance> {
  const { onQuery, versionReadsPerTurn, ...instanceOptions } = options;
  return createInstance(await openRepository(location, { onQuery, versionReadsPerTurn }), instanceOptions);
}

/** The fixture's people and teams by name; other names may be added by a scenario. */
export type FixtureIds = Record<string, string> &
  Record<'ana' | 'ben' | 'cy' | 'dee' | 'eve' | 'core' | 'design' | 'secret', string>;

export interface Fixture {
  store: Instance;
  path: string;
  ids: FixtureIds;
}

/**
 * Ana (administrator) and Ben in Core; Cy in Core and Design; Dee alone in the private team Secret;
 * Eve in no team. Core and Design report monday..friday; Secret reports monday, wednesday. Options
 * of the store (a generative provider) may be added, and its location (a PostgreSQL database's address).
 */
export async function createFixture(
  clock: Clock = fixedClock('2026-11-23T10:00:00Z'),
  options: Pick<InstanceOptions, 'generative'> & { location?: string } = {},
): Promise<Fixture> {
  const { location, ...storeOptions } = options;
  const path = location ?? join(tempDir('pulse-store-'), 'pulse.db');
  const store = await openInstance(path, { ...storeOptions, clock, publicUrl: PUBLIC_URL });
  const { admin } = store;
  const ana = await admin.initialise({
    name: 'Ana Diaz',
    email: 'ana@example.com',
    timeZone: 'UTC',
    teamName: 'Core',
  });
  const design = await admin.addTeam({ name: 'Design' });
  const secret = await admin.addTeam({ name: 'Secret', private: true, reportDays: ['monday', 'wednesday'] });
  const ben = await admin.addPerson({
    name: 'Ben Okafor',
    email: 'ben@example.com',
    timeZone: 'Europe/Berlin',
    teams: ['Core'],
  });
  const cy = await admin.addPerson({
    name: 'Cy Park',
    email: 'cy@example.com',
    timeZone: 'America/New_York',
    teams: ['Core', 'Design'],
  });
  const dee = await admin.addPerson({
    name: 'Dee Roy',
    email: 'dee@example.com',
    timeZone: 'UTC',
    teams: ['Secret'],
  });
  const eve = await admin.addPerson({ name: 'Eve Lund', email: 'eve@example.com', timeZone: 'UTC' });
  const administrator = await admin.findPerson('ana@example.com');
  const core = (await store.serviceFor(administrator.id).me()).teams[0]?.id as string;
  const ids: FixtureIds = { ana, design, secret, ben, cy, dee, eve, core };
  return { store, path, ids };
}

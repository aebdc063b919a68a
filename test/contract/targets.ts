/**
 * The paths the contract suite runs every scenario on. Each target builds the same fixture and hands out
 * a Service per person; the scenarios cannot tell which path they are on: the core on the local store,
 * or the remote Service over real HTTP to `pulse serve`'s app on the same kind of store (SQLite, or
 * PostgreSQL), or to two such apps on one PostgreSQL database taking turns request by request
 * (`remote-postgres-pair`: what a load balancer in front of several instances does).
 */
import { afterEach, beforeEach } from 'vitest';
import type { Admin } from '../../src/core/admin.js';
import type { Service } from '../../src/core/service.js';
import type { StatusAdmin, StatusService } from '../../src/core/status/status-service.js';
import type { TeamService } from '../../src/core/v1/team-service.js';
import { HttpClient } from '../../src/remote/http-client.js';
import { RemoteService } from '../../src/remote/remote-service.js';
import { RemoteStatusAdmin } from '../../src/remote/remote-status-admin.js';
import { RemoteStatusService } from '../../src/remote/remote-status-service.js';
import { RemoteTeamService } from '../../src/remote/remote-team-service.js';
import { buildServer } from '../../src/server/app.js';
import { type SteppingClock, steppingClock } from '../helpers/clock.js';
import { createDatabase, dropDatabase } from '../helpers/postgres.js';
import { startRoundRobin } from '../helpers/round-robin.js';
import { createFixture, type Fixture, type FixtureIds, openInstance, PUBLIC_URL } from '../helpers/store.js';
import { postgresServer } from '../helpers/system-parts.js';
import { testTier } from '../helpers/tier.js';
import { checkingWireTimes } from './wire-times.js';

export type PersonKey = 'ana' | 'ben' | 'cy' | 'dee' | 'eve';
export type TeamKey = 'core' | 'design' | 'secret';

export interface World {
  /** The Service as one of the fixture's people. */
  as(person: PersonKey): Service;
  /** The v1 TeamService with the team's API key (created on first use). */
  team(team: TeamKey): Promise<TeamService>;
  /** The public status page as anyone reads it (no credentials). */
  status(): StatusService;
  /** The operator's writes to the status page: on the store, or over /api/v2/status as Ana (an administrator). */
  statusAdmin: StatusAdmin;
  admin: Admin;
  ids: FixtureIds;
  clock: SteppingClock;
  /** With several instances: the requests each one answered so far (live counts). */
  requestsPerInstance?: readonly number[];
  close(): Promise<void>;
}

export interface Target {
  name: string;
  setup(): Promise<World>;
}

/** Monday 2026-11-23, 10:00 UTC: the fixture's "now" unless a scenario moves it. */
export const START = '2026-11-23T10:00:00Z';

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
      async team(team) {
        await store.admin.teamApiKey(ids[team] as string, { rotate: true });
        return store.teamServiceFor(ids[team] as string);
      },
      status: () => store.statusService(),
      statusAdmin: store.statusAdmin,
      admin: store.admin,
      ids,
      clock,
      close: () => store.close(),
    };
  },
};

/**
 * The fixture, on the store `fixture` makes, behind `pulse serve`'s app on 127.0.0.1, reached through the
 * remote Service. With `instances` above one, each instance is an app over its own store opened on the
 * fixture's database (its own pool and caches, as a separate process would have), and the client reaches
 * them through a round-robin forwarder: each request lands on another instance than the one before.
 */
function served(
  name: string,
  fixture: (clock: SteppingClock) => Promise<Fixture>,
  cleanUp = async () => {},
  instances = 1,
): Target {
  return {
    name,
    async setup() {
      const clock = steppingClock(START);
      const { store, ids, path } = await fixture(clock);
      const tokens: Record<string, string> = {};
      for (const person of ['ana', 'ben', 'cy', 'dee', 'eve']) {
        tokens[person] = (await store.admin.createToken({ person: `${person}@example.com` })).token;
      }
      const stores = [store];
      for (let i = 1; i < instances; i++) {
        stores.push(await openInstance(path, { clock, publicUrl: PUBLIC_URL }));
      }
      const apps = await Promise.all(
        stores.map((each) =>
          buildServer({
            instance: each,
            clock,
            publicUrl: () => PUBLIC_URL,
            rateLimit: null,
            // Every client of the suite is 127.0.0.1, each World's services with their own keep-alive
            // connections: the cap per client address (tested in serve-limits.test.ts) is not the subject.
            limits: { maxConnectionsPerClient: 10_000 },
          }),
        ),
      );
      const urls = await Promise.all(apps.map((app) => app.listen({ host: '127.0.0.1', port: 0 })));
      const forwarder = instances > 1 ? await startRoundRobin(urls) : undefined;
      const url = forwarder?.url ?? (urls[0] as string);
      const services: { close(): Promise<void> }[] = [];
      const statusAdmin = () => {
        const remote = new RemoteStatusAdmin(
          new HttpClient({ baseUrl: `${url}/api/v2/status`, token: tokens.ana as string, maxRetries: 0 }),
        );
        services.push(remote);
        return remote;
      };
      return {
        as(person) {
          const http = new HttpClient({
            baseUrl: `${url}/api/v2`,
            token: tokens[person] as string,
            maxRetries: 0,
          });
          const service = new RemoteService(http);
          services.push(service);
          return service;
        },
        async team(team) {
          const { teamId, apiKey } = await store.admin.teamApiKey(ids[team] as string, { rotate: true });
          const http = new HttpClient({
            baseUrl: `${url}/api/v1`,
            headers: { 'x-team-id': teamId, 'x-api-key': apiKey },
            maxRetries: 0,
          });
          const service = new RemoteTeamService(http, teamId);
          services.push(service);
          return service;
        },
        status() {
          // No status rate limit on this server: the scenarios read as fast as they like.
          const service = new RemoteStatusService(
            new HttpClient({ baseUrl: `${url}/status/api/v1`, maxRetries: 0 }),
          );
          services.push(service);
          return service;
        },
        statusAdmin: statusAdmin(),
        admin: store.admin,
        ids,
        clock,
        requestsPerInstance: forwarder?.counts,
        async close() {
          await Promise.all(services.map((service) => service.close()));
          await forwarder?.close();
          await Promise.all(apps.map((app) => app.close()));
          await Promise.all(stores.map((each) => each.close()));
          await cleanUp();
        },
      };
    },
  };
}

/** The same fixture behind `pulse serve`'s app on a SQLite store. */
export const remoteTarget: Target = served('remote', (clock) => createFixture(clock));

/**
 * The template database every PostgreSQL World copies: migrated once a test file, so a World costs a
 * CREATE DATABASE ... TEMPLATE instead of the migrations.
 */
let template: Promise<string> | undefined;
function migratedTemplate(server: string): Promise<string> {
  template ??= (async () => {
    const url = await createDatabase(server);
    const store = await openInstance(url, { clock: steppingClock(START), publicUrl: PUBLIC_URL });
    await store.close();
    return new URL(url).pathname.slice(1);
  })();
  return template;
}

/**
 * The same fixture behind `pulse serve`'s app on PostgreSQL: a fresh database a World, served by
 * `instances` apps.
 */
function postgresTarget(server: string, name: string, instances = 1): Target {
  let database: string | undefined;
  return served(
    name,
    async (clock) => {
      database = await createDatabase(server, await migratedTemplate(server));
      return createFixture(clock, { location: database });
    },
    async () => {
      if (database) await dropDatabase(database);
    },
    instances,
  );
}

/**
 * The PostgreSQL targets when the test run's server (test/postgres-global-setup.ts) answers; without it
 * the contract suite runs on the other targets, saying why (system-parts.ts); CI requires it.
 */
async function postgresTargets(): Promise<Target[]> {
  const server = await postgresServer();
  if (!server) return [];
  return [postgresTarget(server, 'remote-postgres'), postgresTarget(server, 'remote-postgres-pair', 2)];
}

/**
 * The everyday tier (npm test) runs every scenario on the local target; the full tier (npm run test:all)
 * on all four (test/tiers.ts).
 */
export const TARGETS: Target[] =
  testTier() === 'everyday' ? [localTarget] : [localTarget, remoteTarget, ...(await postgresTargets())];

/**
 * A fresh World before each test of a describe block, closed after it: `use` receives it (and may read
 * more from it, such as a team's TeamService). Every answer of its services is checked for date-times
 * written to the whole second (wire-times.ts).
 */
export function eachWorld(target: Target, use: (world: World) => void | Promise<void>): void {
  let current: World | undefined;
  beforeEach(async () => {
    current = checkingWireTimes(await target.setup());
    await use(current);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
}

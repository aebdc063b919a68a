/** A local standalone store: the core's rules over a SQLite file, for the operator and for any person. */
import { Admin } from '../core/admin.js';
import { Authenticator } from '../core/auth.js';
import type { Clock } from '../core/clock.js';
import { CoreService } from '../core/core-service.js';
import type { Scope } from '../core/tokens.js';
import { openSqliteRepository } from './open.js';

export interface LocalStoreOptions {
  clock: Clock;
  /** Read whenever a Service is made, so `pulse serve` can set it once it knows its address. */
  publicUrl: string;
}

export interface LocalStore {
  readonly path: string;
  readonly options: LocalStoreOptions;
  readonly admin: Admin;
  readonly authenticator: Authenticator;
  /** The Service as seen by one person of the store, with what their credential allows. */
  serviceFor(personId: string, scope?: Scope): CoreService;
  /** Changes whenever the stored data may have changed, whoever wrote it. */
  dataVersion(): string;
  close(): Promise<void>;
}

export async function openLocalStore(path: string, options: LocalStoreOptions): Promise<LocalStore> {
  const repo = await openSqliteRepository(path);
  return {
    path,
    options,
    admin: new Admin(repo, options.clock),
    authenticator: new Authenticator(repo, options.clock),
    serviceFor: (personId, scope = 'write') => new CoreService(repo, personId, { ...options, scope }),
    dataVersion: () => repo.dataVersion(),
    close: () => repo.close(),
  };
}

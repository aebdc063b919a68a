/** A local standalone store: the core's rules over a SQLite file, for the operator and for any person. */
import { Admin } from '../core/admin.js';
import type { Clock } from '../core/clock.js';
import { CoreService } from '../core/core-service.js';
import { openSqliteRepository } from './open.js';

export interface LocalStoreOptions {
  clock: Clock;
  publicUrl: string;
}

export interface LocalStore {
  readonly path: string;
  readonly admin: Admin;
  /** The Service as seen by one person of the store. */
  serviceFor(personId: string): CoreService;
  close(): Promise<void>;
}

export async function openLocalStore(path: string, options: LocalStoreOptions): Promise<LocalStore> {
  const repo = await openSqliteRepository(path);
  return {
    path,
    admin: new Admin(repo, options.clock),
    serviceFor: (personId) => new CoreService(repo, personId, options),
    close: () => repo.close(),
  };
}

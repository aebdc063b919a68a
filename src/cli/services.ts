/**
 * Lazily opens what a command needs: the local store (created on first use) and the Service as the
 * acting person. Heavy modules (SQLite, Kysely) load here, only for commands that reach the service.
 */
import type { Admin } from '../core/admin.js';
import { ConflictError, NotFoundError } from '../core/errors.js';
import type { Service } from '../core/service.js';
import type { LocalStore } from '../store/local.js';
import type { Context } from './context.js';
import { CliError } from './errors.js';
import { ExitCode } from './exit-codes.js';
import { DEFAULT_PUBLIC_URL, type Settings } from './settings.js';

export class ServiceProvider {
  private store?: Promise<LocalStore>;
  private serviceInstance?: Promise<Service>;

  constructor(
    private readonly ctx: Context,
    readonly settings: Settings,
  ) {}

  /** The operator's view of the local store, without creating an account (for `pulse init`). */
  async admin(): Promise<Admin> {
    return (await this.openStore()).admin;
  }

  /** The Service as the acting person; creates the local store's account on first use. */
  service(): Promise<Service> {
    this.serviceInstance ??= this.openService();
    return this.serviceInstance;
  }

  async close(): Promise<void> {
    const store = this.store;
    this.store = undefined;
    if (store) await (await store).close();
  }

  /** The local store itself (for `pulse serve`), opened once; publicUrl defaults as in local mode. */
  localStore(publicUrl = this.settings.publicUrl ?? DEFAULT_PUBLIC_URL): Promise<LocalStore> {
    this.store ??= import('../store/local.js').then(({ openLocalStore }) =>
      openLocalStore(this.settings.storePath, { clock: this.ctx.clock, publicUrl }),
    );
    return this.store;
  }

  private openStore(): Promise<LocalStore> {
    return this.localStore();
  }

  private async openService(): Promise<Service> {
    const store = await this.openStore();
    // An initialised store always has a default person: one query tells both.
    let defaultId = await store.admin.defaultPersonId();
    if (defaultId === undefined && !(await store.admin.isInitialised())) {
      await this.firstUse(store);
      defaultId = await store.admin.defaultPersonId();
    }
    return store.serviceFor(await this.actorId(store.admin, defaultId));
  }

  private async actorId(admin: Admin, defaultId: string | undefined): Promise<string> {
    const email = this.settings.actAs;
    if (email === undefined) {
      if (!defaultId)
        throw new CliError('this store has no default person; name one with --as EMAIL', ExitCode.auth);
      return defaultId;
    }
    try {
      return (await admin.findPerson(email)).id;
    } catch (error) {
      if (error instanceof NotFoundError) {
        throw new CliError(
          `--as: no person with email ${email} in ${this.settings.storePath}`,
          ExitCode.auth,
        );
      }
      throw error;
    }
  }

  /** First use: an account with the local person as administrator and one team. */
  private async firstUse(store: LocalStore): Promise<void> {
    const identity = await this.ctx.localIdentity();
    try {
      await store.admin.initialise({
        name: identity.name,
        email: identity.email,
        timeZone: identity.timeZone,
      });
    } catch (error) {
      if (error instanceof ConflictError) return; // another process created it a moment ago
      throw error;
    }
    this.ctx.streams.stderr.write(
      `Created a local store at ${store.path} with ${identity.name} <${identity.email}> as administrator ` +
        `and a team "Team" reporting monday to friday (time zone ${identity.timeZone}).\n`,
    );
  }
}

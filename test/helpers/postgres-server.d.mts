/** The types of postgres-server.mjs (plain JavaScript, so that the benchmarks can import it). */
export interface PostgresServer {
  /** The server's address with no database: postgres://pulse@127.0.0.1:PORT */
  url: string;
  /** The temporary directory holding its data, socket and log; deleted when it stops. */
  directory: string;
  stop(): Promise<void>;
}

export function postgresInstalled(): boolean;

/**
 * Starts the server, watched over for `owner` (this process unless told): if the owner ends without
 * stopping it, postgres-watchdog.mjs does.
 */
export function startPostgres(options?: { owner?: number }): Promise<PostgresServer>;

/**
 * A new empty database on the server (named after this process, so parallel test files never collide),
 * or one copied from `template`; returns its address.
 */
export function createDatabase(serverUrl: string, template?: string): Promise<string>;

/** Drops a database made by createDatabase, ending the connections still open to it. */
export function dropDatabase(url: string): Promise<void>;

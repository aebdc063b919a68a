/**
 * Runs the store's hand-written reads (list-reads.ts, team-days.ts) straight on its connection's cached
 * statements, without Kysely: the list commands read only through this, so they never load Kysely
 * (about 150 KB of code; docs/performance.md, start-up).
 *
 * Kysely serialises its queries on the one connection, holding it for the whole of a transaction; this
 * keeps the same promise for reads. A transaction runs through exclusive(), and a read from outside it
 * waits for it to end: it must not see the transaction's uncommitted writes. Reads inside it run at once.
 */
import type { StatementCache } from '../statement-cache.js';
import type { Sql } from './sql.js';
import { TransactionContext } from './transaction-context.js';

/** Called with every statement the store runs, after it ran (or failed). */
export type QueryObserver = (sql: string, parameters: readonly unknown[]) => void;

export class RowReader {
  private readonly insideExclusive = new TransactionContext<true>();
  /** Settles when the transaction running now ends; undefined when none runs. */
  private running: Promise<void> | undefined;

  constructor(
    private readonly statements: StatementCache,
    private readonly onQuery?: QueryObserver | undefined,
  ) {}

  async rows<Row>(query: Sql): Promise<Row[]> {
    while (this.running && !this.insideExclusive.get()) await this.running;
    try {
      return this.statements.prepare(query.text).all(query.parameters) as Row[];
    } finally {
      this.onQuery?.(query.text, query.parameters);
    }
  }

  /** Runs fn with the connection to itself: reads from elsewhere wait until it settles. Not reentrant. */
  async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    while (this.running) await this.running;
    let settle = () => {};
    this.running = new Promise<void>((resolve) => {
      settle = resolve;
    });
    try {
      return await this.insideExclusive.run(true, fn);
    } finally {
      this.running = undefined;
      settle();
    }
  }
}

/**
 * SQL written by hand, for the reads that run once per process: Kysely's builder and compiler, cold in
 * a fresh process, cost more than SQLite spends running a small indexed query (docs/performance.md).
 * A fragment is SQL text with its values as positional parameters; fragments nest, so optional
 * conditions compose like the builder's, and the text stays the statement SQLite sees.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

export class Sql {
  constructor(
    readonly text: string,
    readonly parameters: readonly unknown[],
  ) {}
}

/**
 * A fragment from a template: each `${value}` becomes a `?` bound to it, an array becomes `?, ?, ?` (an
 * IN list; the statement cache keeps one statement per length), and a nested fragment is inlined with
 * its parameters in place.
 */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  let text = strings[0] ?? '';
  const parameters: unknown[] = [];
  values.forEach((value, index) => {
    if (value instanceof Sql) {
      text += value.text;
      parameters.push(...value.parameters);
    } else if (Array.isArray(value)) {
      text += value.map(() => '?').join(', ');
      parameters.push(...value);
    } else {
      text += '?';
      parameters.push(value);
    }
    text += strings[index + 1];
  });
  return new Sql(text, parameters);
}

function joined(fragments: readonly Sql[], separator: string): Sql {
  return new Sql(
    fragments.map((fragment) => fragment.text).join(separator),
    fragments.flatMap((fragment) => fragment.parameters),
  );
}

/** `(a OR b ...)`, or the one condition given. */
export function or(conditions: readonly Sql[]): Sql {
  return conditions.length === 1 ? (conditions[0] as Sql) : sql`(${joined(conditions, ' OR ')})`;
}

/** `WHERE a AND b ...`, or nothing without conditions. */
export function where(conditions: readonly Sql[]): Sql {
  return conditions.length === 0 ? sql`` : sql`WHERE ${joined(conditions, ' AND ')}`;
}

/**
 * The rows a statement reads, run by Kysely's executor without its builder: on the store's connection
 * (or the transaction's), through its statement cache, and reported to its query observer.
 */
export async function readRows<Row>(db: Kysely<Database>, query: Sql): Promise<Row[]> {
  return (await db.executeQuery<Row>(CompiledQuery.raw(query.text, [...query.parameters]))).rows;
}

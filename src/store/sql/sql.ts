/**
 * Statements written as SQL rather than built with Kysely, for the reads a short-lived command runs once:
 * in a fresh process Kysely's builder and compiler run cold, and building such a query cost more than
 * SQLite spent running it. A fragment is SQL text with its values as positional parameters; fragments
 * nest, so optional conditions compose as with the builder, and the text is the statement SQLite sees.
 * RowReader (row-reader.ts) runs them.
 */

/** SQL text and the values of its `?` parameters, in order. */
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

/**
 * A value the Service's input types forbid, as an HTTP client or a script may still send it: the tests
 * of run-time validation pass such values through the typed interface on purpose.
 */
export function untyped<T>(value: unknown): T {
  return value as T;
}

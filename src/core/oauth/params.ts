/** Parameters of an OAuth request (query or form): each at most once (RFC 6749 §3.1). */

export type Params = Record<string, unknown>;

/** A parameter sent more than once, or not as text. */
export class RepeatedParameter extends Error {
  constructor(readonly parameter: string) {
    super(`${parameter} is given more than once`);
  }
}

/** The parameter's value; an empty one counts as absent (RFC 6749 §3.1). */
export function param(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new RepeatedParameter(name);
  return value === '' ? undefined : value;
}

/**
 * The named parameters, read in order, each at most once; the first repeated one is returned as its
 * error instead, for the endpoint to answer in its own way.
 */
export function readParams<Name extends string>(
  params: Params,
  names: readonly Name[],
): Partial<Record<Name, string>> | RepeatedParameter {
  const found: Partial<Record<Name, string>> = {};
  try {
    for (const name of names) {
      const value = param(params, name);
      if (value !== undefined) found[name] = value;
    }
  } catch (error) {
    if (error instanceof RepeatedParameter) return error;
    throw error;
  }
  return found;
}

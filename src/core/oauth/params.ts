/** Parameters of an OAuth request (query or form): each at most once (RFC 6749 §3.1). */
import { textError } from '../text.js';

export type Params = Record<string, unknown>;

/** A parameter the request cannot be read with: the endpoint answers invalid_request in its own way. */
export class InvalidParameter extends Error {}

/** A parameter sent more than once, or not as text. */
export class RepeatedParameter extends InvalidParameter {
  constructor(readonly parameter: string) {
    super(`${parameter} is given more than once`);
  }
}

/**
 * The parameter's value; an empty one counts as absent (RFC 6749 §3.1). Text no store accepts (the text
 * rule, text.ts) is invalid: no parameter of OAuth needs a control character.
 */
export function param(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new RepeatedParameter(name);
  const problem = textError(name, value, 'single-line');
  if (problem !== undefined) throw new InvalidParameter(problem);
  return value === '' ? undefined : value;
}

/**
 * The named parameters, read in order, each at most once; the first repeated or invalid one is returned
 * as its error instead, for the endpoint to answer in its own way.
 */
export function readParams<Name extends string>(
  params: Params,
  names: readonly Name[],
): Partial<Record<Name, string>> | InvalidParameter {
  const found: Partial<Record<Name, string>> = {};
  try {
    for (const name of names) {
      const value = param(params, name);
      if (value !== undefined) found[name] = value;
    }
  } catch (error) {
    if (error instanceof InvalidParameter) return error;
    throw error;
  }
  return found;
}

/**
 * `--json FIELDS` and `--jq EXPR`: which fields a command line asks for, and printing only those (through
 * jq when asked). Loaded with the command tree (the rule for `--json WORD` is applied while parsing), so
 * it holds no dependency: jq-web is imported only when --jq is given.
 */
import { CliError, UsageError } from './errors.js';
import { ExitCode } from './exit-codes.js';

const fieldsIn = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** A field name as written, nested or not (`person.name`), is one of `fields` by its first part. */
const known = (field: string, fields: readonly string[]) => fields.includes(field.split('.', 1)[0] as string);

/**
 * The command line with `--json WORD` settled before commander reads it, since commander's optional value
 * would take any word. WORD is fields (`--json=WORD`) only when one of its comma-separated parts is one
 * of the command's field names (so `title,staet` is refused naming staet rather than read as an argument)
 * and it does not name a subcommand; otherwise it stays an argument, and `--json` alone becomes `--json=`
 * (every field). On a command that takes no arguments there is nothing to take the word from, so it is
 * fields whatever it says (`--json titel` is refused naming titel, not as a stray argument).
 * `--json=WORD` always takes fields. Nothing after `--` or a subcommand is touched.
 */
export function settleJsonWord(
  args: readonly string[],
  fields: readonly string[],
  subcommands: readonly string[],
  takesArguments = true,
): string[] {
  const settled: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    // What follows a subcommand's name is the subcommand's to read (positional options).
    if (arg === '--' || subcommands.includes(arg)) {
      settled.push(...args.slice(index));
      break;
    }
    if (arg !== '--json') {
      settled.push(arg);
      continue;
    }
    const next = args[index + 1];
    if (next === undefined || next.startsWith('-')) {
      settled.push(arg);
      continue;
    }
    const parts = fieldsIn(next);
    const takesIt =
      !subcommands.includes(next) && (!takesArguments || parts.some((part) => known(part, fields)));
    if (takesIt) {
      settled.push(`--json=${next}`);
      index++;
    } else settled.push('--json=');
  }
  return settled;
}

/** What --json and --jq ask of the output: undefined fields means every field. */
export interface JsonRequest {
  fields?: string[];
  jq?: string;
}

/**
 * The request of a command line's --json value (true or '' for every field, else the fields) and --jq,
 * or undefined when neither was given. An unknown field is a usage error naming it and the valid ones.
 */
export function jsonRequestOf(
  json: string | boolean | undefined,
  jq: string | undefined,
  fields: readonly string[],
  commandName: string,
): JsonRequest | undefined {
  if (json === undefined && jq === undefined) return undefined;
  const request: JsonRequest = {};
  if (jq !== undefined) request.jq = jq;
  if (typeof json !== 'string' || fieldsIn(json).length === 0) return request;
  const asked = fieldsIn(json);
  if (fields.length === 0)
    throw new UsageError(
      `--json: pulse ${commandName} prints plain values; it has no fields: ${JSON.stringify(json)}`,
    );
  const unknown = asked.filter((field) => !known(field, fields));
  if (unknown.length > 0) {
    const plural = unknown.length === 1 ? 'field' : 'fields';
    throw new UsageError(
      // Quoted as JSON strings: a field as typed may hold line breaks, which must not break the message.
      `--json: unknown ${plural} ${unknown.map((f) => JSON.stringify(f)).join(', ')} for pulse ${commandName}; valid fields: ${fields.join(', ')}`,
    );
  }
  request.fields = asked;
  return request;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The given fields of one object, in the order asked; `a.b` keeps b of a (of each item when a is a list). */
function pick(value: unknown, fields: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => pick(item, fields));
  if (!isRecord(value)) return value;
  const nested = new Map<string, string[]>();
  const picked: Record<string, unknown> = {};
  for (const field of fields) {
    const [head, ...rest] = field.split('.') as [string, ...string[]];
    if (!Object.hasOwn(value, head)) continue;
    if (rest.length === 0) {
      picked[head] = value[head];
      nested.delete(head);
    } else if (!(head in picked) || nested.has(head)) {
      nested.set(head, [...(nested.get(head) ?? []), rest.join('.')]);
      picked[head] = pick(value[head], nested.get(head) as string[]);
    }
  }
  return picked;
}

/** The fields of each object of a list, or of the one object printed. */
export function selectFields(value: unknown, fields: readonly string[]): unknown {
  return pick(value, fields);
}

/** Runs a jq filter over a value and gives what it prints, one result a line, strings raw. */
export type JqFilter = (value: unknown) => string;

/** jq-web's module: a promise of jq compiled to WebAssembly. */
interface JqWeb {
  /** Runs a filter over JSON text with jq's command-line flags; throws with jq's stderr. */
  raw(input: string, filter: string, flags?: string[]): string | undefined;
}

/** jq's own complaint, without its "jq: error:" prefix and the echoed program: one line. */
function jqMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.split('\n').find((l) => l.startsWith('jq: error')) ?? text.split('\n').at(-1) ?? text;
  return line.replace(/^jq: error(?: \(at [^)]*\))?:\s*/, '').replace(/:$/, '');
}

/** jq exits 3 for a program it cannot compile. */
const isCompileError = (error: unknown) => error instanceof Error && /exit code: 3\b/.test(error.message);

/**
 * Loads jq (WebAssembly) and checks the expression compiles: a syntax error is a usage error with jq's
 * message, before the command runs.
 */
export async function loadJq(expression: string): Promise<JqFilter> {
  // Required, not imported: the module's value is a promise, whose `then` an import's namespace would
  // carry and await wrongly.
  const { createRequire } = await import('node:module');
  const jq = await (createRequire(import.meta.url)('jq-web') as Promise<JqWeb>);
  try {
    jq.raw('null', expression, ['-c']);
  } catch (error) {
    if (isCompileError(error)) throw new UsageError(`--jq: ${jqMessage(error)}`);
    // A run-time error on null (iterating it, say) is not the expression's fault.
  }
  return (value) => {
    let printed: string;
    try {
      // jq-web returns undefined, not '', for a filter that yields nothing (`.[]` of an empty list).
      printed = jq.raw(JSON.stringify(value), expression, ['-r', '-c']) ?? '';
    } catch (error) {
      throw new CliError(`--jq: ${jqMessage(error)}`, ExitCode.error);
    }
    return printed === '' || printed.endsWith('\n') ? printed : `${printed}\n`;
  };
}

/**
 * `pulse api PATH`: raw access to an interface with the profile's authentication, like `gh api`. v2 by
 * default, --v1 with the team key, --status without credentials; on a local store through `pulse serve`'s
 * app in this process.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ServiceError } from '../../../core/errors.js';
import { nextLink } from '../../../remote/http-client.js';
import type { CommandContext } from '../../command-context.js';
import { harmless } from '../../control-characters.js';
import { CliError, exitCodeFor, UsageError } from '../../errors.js';
import { buildRequest, collectFields, parseHeader, splitField, targetOf, typedValue } from './request.js';
import { type ApiInterface, type ApiTransport, type RawResponse, transportFor } from './transport.js';

export interface ApiOptions {
  v1?: boolean;
  status?: boolean;
  method?: string;
  rawField?: string[];
  field?: string[];
  /** A file name, or `-` for stdin; `false` (from the global --no-input) or `true` mean no file. */
  input?: string | boolean;
  paginate?: boolean;
  include?: boolean;
  header?: string[];
}

/** The v1 interface's page size: a deployment without Link headers has more while pages are full. */
const V1_PAGE_SIZE = 30;

export async function run(cc: CommandContext, path: string, options: ApiOptions): Promise<void> {
  if (options.v1 && options.status)
    throw new UsageError('--v1 and --status name different interfaces: give one');
  const which: ApiInterface = options.v1 ? 'v1' : options.status ? 'status' : 'v2';
  const input = typeof options.input === 'string' ? await readInput(cc, options.input) : undefined;
  const fields = collectFields([
    ...(options.rawField ?? []).map((field) => splitField('--raw-field (-f)', field)),
    ...(await Promise.all(
      (options.field ?? []).map(async (field) => {
        const [key, raw] = splitField('--field (-F)', field);
        return [
          key,
          raw.startsWith('@') ? await readFileArgument(cc, '--field (-F)', raw.slice(1)) : typedValue(raw),
        ] as [string, ReturnType<typeof typedValue>];
      }),
    )),
  ]);
  const headers = (options.header ?? []).map(parseHeader);
  if (options.paginate && options.method !== undefined && options.method.toUpperCase() !== 'GET')
    throw new UsageError('--paginate follows the pages of a GET request');

  const transport = await transportFor(cc, which);
  try {
    const { target, fromOrigin } = targetOf(path, transport.rootUrl);
    // --paginate reads pages: its fields are query parameters, so its method stays GET.
    const method = options.method ?? (options.paginate ? 'GET' : undefined);
    const request = buildRequest({
      ...(method !== undefined ? { method } : {}),
      path: fromOrigin ? target : `${new URL(transport.rootUrl).pathname.replace(/\/+$/, '')}${target}`,
      fields,
      ...(input !== undefined ? { input } : {}),
      headers,
    });
    if (options.paginate) {
      if (request.method !== 'GET') throw new UsageError('--paginate follows the pages of a GET request');
      await paginate(cc, transport, which, request.target, request.headers, options.include === true);
      return;
    }
    const response = await transport.send(request.method, request.target, request.headers, request.body);
    if (options.include) printHead(cc, response);
    printBody(cc, response);
    failOnStatus(response, request.method, request.target);
  } finally {
    await transport.close();
  }
}

/**
 * Follows the next-page links from `first` and prints every page's items as one JSON array: v2 and v1
 * link the next page in `Link`, the status interface in `meta.next_page`; a v1 deployment without Link
 * has more while a page is full. Links are followed by their path and query, on the configured origin.
 * The array is written page by page as read (with --include, whose heads come first, once all are read).
 */
async function paginate(
  cc: CommandContext,
  transport: ApiTransport,
  which: ApiInterface,
  first: string,
  headers: Record<string, string>,
  include: boolean,
): Promise<void> {
  async function* pages(): AsyncGenerator<unknown[]> {
    const seen = new Set<string>();
    for (let target: string | undefined = first; target !== undefined && !seen.has(target); ) {
      seen.add(target);
      const response = await transport.send('GET', target, headers);
      if (include) printHead(cc, response);
      if (response.status >= 300) {
        printBody(cc, response);
        failOnStatus(response, 'GET', target);
      }
      const body = parseJson(response);
      const page = itemsOf(body);
      if (page === undefined) {
        printBody(cc, response);
        throw new CliError(`--paginate: the answer to GET ${target} is not a list`);
      }
      yield page;
      target = nextTarget(transport, which, target, response, body, page.length);
    }
  }
  const indent = cc.ctx.streams.stdout.isTTY === true ? 2 : undefined;
  if (include) {
    const items: unknown[] = [];
    for await (const page of pages()) items.push(...page);
    cc.ctx.streams.stdout.write(`${JSON.stringify(items, null, indent)}\n`);
    return;
  }
  await cc.out.jsonArrayWalk(pages(), indent, cc.ctx.shutdownSignal());
}

function nextTarget(
  transport: ApiTransport,
  which: ApiInterface,
  current: string,
  response: RawResponse,
  body: unknown,
  count: number,
): string | undefined {
  const base = new URL(current, transport.rootUrl);
  const link = nextLink(response.headers.link as string | string[] | undefined);
  const metaNext = (body as { meta?: { next_page?: unknown } } | null)?.meta?.next_page;
  const next = link ?? (typeof metaNext === 'string' && metaNext !== '' ? metaNext : undefined);
  if (next !== undefined) {
    const url = new URL(next, base);
    return `${url.pathname}${url.search}`;
  }
  if (which === 'v1' && response.headers.link === undefined && count === V1_PAGE_SIZE) {
    base.searchParams.set('page', String(Number(base.searchParams.get('page') ?? 1) + 1));
    return `${base.pathname}${base.search}`;
  }
  return undefined;
}

/** A page's items: the array itself (v2), or the one array beside `meta` in a wrapper (v1, status). */
function itemsOf(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (body === null || typeof body !== 'object') return undefined;
  const arrays = Object.entries(body).filter(([key, value]) => key !== 'meta' && Array.isArray(value));
  return arrays.length === 1 ? (arrays[0]?.[1] as unknown[]) : undefined;
}

const isJson = (response: RawResponse) => /json/i.test(String(response.headers['content-type'] ?? ''));

function parseJson(response: RawResponse): unknown {
  if (!isJson(response)) return undefined;
  try {
    return JSON.parse(response.text);
  } catch {
    return undefined;
  }
}

/** The status line and the headers as received (the request's own headers, credentials included, never). */
function printHead(cc: CommandContext, response: RawResponse): void {
  const lines = [`HTTP/1.1 ${response.status} ${response.statusText}`.trimEnd()];
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
  }
  cc.ctx.streams.stdout.write(`${lines.join('\n')}\n\n`);
}

/**
 * Piped: the body exactly as received. On a terminal: JSON pretty-printed, other text with its control
 * characters made harmless (a body must not drive the terminal), each ending with a line break so the
 * prompt starts on a line of its own.
 */
function printBody(cc: CommandContext, response: RawResponse): void {
  const stdout = cc.ctx.streams.stdout;
  if (response.text === '') return;
  if (!stdout.isTTY) {
    stdout.write(response.text);
    return;
  }
  const parsed = parseJson(response);
  const text = parsed === undefined ? harmless(response.text) : JSON.stringify(parsed, null, 2);
  stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

/** A status past 2xx exits with the code the CLI gives that status everywhere else. */
function failOnStatus(response: RawResponse, method: string, target: string): void {
  if (response.status < 300) return;
  const code = exitCodeFor(new ServiceError(response.status, [], ''));
  const shown = target.length > 100 ? `${target.slice(0, 100)}...` : target;
  throw new CliError(
    `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''} for ${method} path ${shown}`,
    code,
  );
}

async function readInput(cc: CommandContext, file: string): Promise<string> {
  if (file !== '-') return readFileArgument(cc, '--input', file);
  const chunks: Buffer[] = [];
  for await (const chunk of cc.ctx.streams.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

async function readFileArgument(cc: CommandContext, flag: string, file: string): Promise<string> {
  try {
    return await readFile(resolve(cc.ctx.cwd, file), 'utf8');
  } catch (error) {
    throw new UsageError(
      `${flag}: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
}

/** Reading lists page by page through the Service, and the --limit/--all flags that bound it. */

import { MAX_PER_PAGE } from '../core/page-size.js';
import type { Walk } from '../core/service.js';
import type { OutputStream } from './context.js';
import { UsageError } from './errors.js';
import { withSpinner } from './spinner.js';

export const DEFAULT_LIMIT = 30;

/** --limit N (a whole number of at least 1, default 30) or --all (no limit); not both. */
export function parseLimit(value: string | undefined, all: boolean | undefined): number {
  if (all && value !== undefined) throw new UsageError('--limit and --all cannot be used together');
  if (all) return Number.POSITIVE_INFINITY;
  if (value === undefined) return DEFAULT_LIMIT;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`--limit must be a whole number of at least 1: ${value}`);
  return Number(value);
}

/** A page of any interface's list (v2 pages, v1 pages of 30): its items and whether more follow. */
interface AnyPage<T> {
  items: T[];
  hasNext: boolean;
}

/**
 * The first `limit` items of a list, reading pages (as large as the interface allows; v1 pages are fixed
 * at 30 and ignore perPage) until enough. With `spinnerOn` (stderr), a walk that lasts shows a spinner.
 */
export async function firstItems<T>(
  fetch: (page: number, perPage: number) => Promise<AnyPage<T>>,
  limit: number,
  spinnerOn?: OutputStream,
): Promise<T[]> {
  const perPage = Math.min(MAX_PER_PAGE, limit);
  const items: T[] = [];
  await withSpinner(spinnerOn, 'Reading pages…', async () => {
    for (let page = 1; items.length < limit; page++) {
      const result = await fetch(page, perPage);
      items.push(...result.items);
      if (!result.hasNext) break;
    }
  });
  return items.slice(0, limit);
}

/** Walks every page of a list (with a spinner on `spinnerOn` when it lasts, as firstItems). */
export function allPages<T>(
  fetch: (page: number) => Promise<AnyPage<T>>,
  spinnerOn?: OutputStream,
): Promise<T[]> {
  return firstItems((page) => fetch(page), Number.POSITIVE_INFINITY, spinnerOn);
}

/**
 * The first `limit` items of a walk, batch by batch, as read (Infinity: all of them). Reading stops at
 * the limit, so a walk is read no further than it is shown.
 */
export async function* upTo<T>(walk: Walk<T>, limit: number): AsyncGenerator<T[]> {
  let left = limit;
  for await (const batch of walk) {
    const taken = batch.length > left ? batch.slice(0, left) : batch;
    left -= taken.length;
    if (taken.length > 0) yield taken;
    if (left <= 0) return;
  }
}

/** The first `limit` items of a numbered-page list, page by page as read, as a Walk. */
export async function* pagesUpTo<T>(
  fetch: (page: number, perPage: number) => Promise<AnyPage<T>>,
  limit: number,
): AsyncGenerator<T[]> {
  const perPage = Math.min(MAX_PER_PAGE, limit);
  let left = limit;
  for (let page = 1; left > 0; page++) {
    const result = await fetch(page, perPage);
    const taken = result.items.slice(0, left);
    left -= taken.length;
    if (taken.length > 0) yield taken;
    if (!result.hasNext) return;
  }
}

/** Pages of a list: page and per_page, the rows to read for a page, and the page made from them. */
import { DEFAULT_PER_PAGE } from './page-size.js';
import { pageParams, parseQuery } from './query-params.js';
import type { Window } from './repository.js';
import type { Page } from './types.js';

export interface Paging {
  page: number;
  perPage: number;
}

/** page and per_page with their defaults; anything out of range is a 400. */
export function toPaging(query: { page?: number | undefined; per_page?: number | undefined }): Paging {
  return { page: query.page ?? 1, perPage: query.per_page ?? DEFAULT_PER_PAGE };
}

/** The rows to read for a page: one past it tells whether another page follows, without counting. */
export function windowOf(paging: Paging): Window {
  return { offset: (paging.page - 1) * paging.perPage, limit: paging.perPage + 1 };
}

/** The page of rows read through windowOf, its items made from the rows that belong to it. */
export async function pageOf<Row, Item>(
  rows: Row[],
  paging: Paging,
  items: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<Page<Item>> {
  return {
    items: await items(rows.slice(0, paging.perPage)),
    ...paging,
    hasNext: rows.length > paging.perPage,
  };
}

export function parsePaging(input: unknown): Paging {
  return toPaging(parseQuery(pageParams, input));
}

/**
 * A Walk over a numbered-page list (an HTTP interface's): page after page until one says none follows.
 * A row written meanwhile can shift the pages, which only a cursor would avoid; a row seen twice that way
 * is dropped (by id), so a walk never repeats one.
 */
export async function* walkPages<T extends { id: string }>(
  fetch: (paging: { page: number; per_page: number }) => Promise<Page<T>>,
  perPage: number,
): AsyncGenerator<T[]> {
  let previous = new Set<string>();
  for (let page = 1; ; page++) {
    const result = await fetch({ page, per_page: perPage });
    const fresh = result.items.filter((item) => !previous.has(item.id));
    previous = new Set(result.items.map((item) => item.id));
    if (fresh.length > 0) yield fresh;
    if (!result.hasNext) return;
  }
}

/**
 * Reads of personal things (asks, Echo questions): a person reads only their own (ownedBy), and anyone
 * else's is a 404, as if it did not exist.
 */
import { NotFoundError } from './errors.js';
import { isUuid } from './ids.js';
import { pageOf, parsePaging, windowOf } from './paging.js';
import type { Window } from './repository.js';
import type { ServiceContext } from './service-context.js';
import type { Page } from './types.js';
import { ownedBy } from './visibility.js';

/** One page of the caller's own rows, in the order the store reads them (newest first). */
export async function ownPage<Row, Item>(
  context: ServiceContext,
  query: unknown,
  read: (personId: string, window: Window) => Promise<Row[]>,
  serialize: (row: Row) => Item,
): Promise<Page<Item>> {
  const paging = parsePaging(query);
  const viewer = await context.viewer();
  const rows = await read(viewer.person.id, windowOf(paging));
  return pageOf(rows, paging, (page) => page.map(serialize));
}

/** One of the caller's own rows by id; otherwise a 404 with the message notFound. */
export async function ownRow<Row extends { person_id: string }>(
  context: ServiceContext,
  id: string,
  find: (id: string) => Promise<Row | undefined>,
  notFound: string,
): Promise<Row> {
  const viewer = await context.viewer();
  const row = isUuid(id) ? await find(id.toLowerCase()) : undefined;
  if (!row || !ownedBy(viewer, row.person_id)) throw new NotFoundError(notFound);
  return row;
}

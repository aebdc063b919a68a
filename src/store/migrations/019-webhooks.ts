/**
 * Webhook subscribers (issue 29): `webhooks` are the URLs an administrator registered (with the secret
 * that signs each request, the events they want and the body's format); `pulse_webhook_events` is the
 * outbox, one row per event written in the transaction of the change it tells of; and
 * `pulse_webhook_deliveries` one row per event and subscriber, which an instance claims with a lease
 * like the answer jobs (014), posts, and records the outcome of. The outbox and its deliveries are
 * bookkeeping (pulse_*: no data-version trigger on PostgreSQL), so claiming and recording attempts empty
 * no response cache. Removing a webhook removes its deliveries.
 */
import type { Kysely } from 'kysely';
import * as column from './columns.js';
import { onPostgres } from './dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = onPostgres(db);
  const serial = postgres ? 'serial' : 'integer';
  const autoKey = <C extends { autoIncrement(): C }>(col: C) => (postgres ? col : col.autoIncrement());

  await db.schema
    .createTable('webhooks')
    .addColumn('id', serial, (col) => autoKey(col.primaryKey()))
    // events: the event types it receives, comma-separated; null for every type.
    .$call(column.required('url', 'secret', 'format'))
    .$call(column.optional('events'))
    .$call(column.required('created_at'))
    .execute();

  await db.schema
    .createTable('pulse_webhook_events')
    .$call(column.id)
    // body: the event as every JSON subscriber receives it ({id, type, created_at, data}).
    .$call(column.required('type', 'body', 'created_at'))
    .execute();

  await db.schema
    .createTable('pulse_webhook_deliveries')
    .addColumn('id', serial, (col) => autoKey(col.primaryKey()))
    .$call(column.reference('webhook_id', 'webhooks.id', 'integer'))
    .$call(column.reference('event_id', 'pulse_webhook_events.id'))
    // 'pending', 'delivered' or 'failed'.
    .$call(column.required('state', 'next_attempt_at', 'expires_at'))
    .$call(column.optional('leased_until'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_status', 'integer')
    .$call(column.optional('last_error', 'delivered_at'))
    .$call(column.required('created_at'))
    .execute();
  await column.index(db, 'pulse_webhook_deliveries_due', 'pulse_webhook_deliveries', [
    'state',
    'next_attempt_at',
  ]);
  await column.index(db, 'pulse_webhook_deliveries_by_webhook', 'pulse_webhook_deliveries', [
    'webhook_id',
    'id',
  ]);
}

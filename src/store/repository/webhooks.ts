/**
 * Webhooks, their outbox and deliveries (WebhookRepository). The webhooks are data; the outbox and the
 * deliveries are bookkeeping (pulse_*), written with raw statements as the answer jobs are
 * (answers.ts): on PostgreSQL no data-version trigger, and not counted as this instance's writes, so
 * claiming and recording attempts empty no response cache.
 */
import { sql } from 'kysely';
import type {
  ClaimedDelivery,
  DeliveryFilter,
  DeliveryLogRow,
  DeliveryRow,
  WebhookEventRow,
  WebhookRepository,
  WebhookRow,
} from '../../core/webhooks/repository.js';
import type { Store } from './store.js';

/** Counts and codes come back from PostgreSQL as text or bigint; the rows carry numbers. */
function toDelivery<Row extends DeliveryRow>(row: Row): Row {
  return {
    ...row,
    id: Number(row.id),
    webhook_id: Number(row.webhook_id),
    attempts: Number(row.attempts),
    last_status: row.last_status === null ? null : Number(row.last_status),
  };
}

const COLUMNS = [
  'id',
  'webhook_id',
  'event_id',
  'state',
  'next_attempt_at',
  'expires_at',
  'leased_until',
  'attempts',
  'last_status',
  'last_error',
  'delivered_at',
  'created_at',
];
const DELIVERY_COLUMNS = sql.raw(COLUMNS.join(', '));
const LOG_COLUMNS = sql.raw(COLUMNS.map((column) => `d.${column}`).join(', '));

/** Deliveries to the status page's webhooks (no owner), or to people's and teams' channels. */
function ownerCondition(owner: DeliveryFilter['owner']) {
  if (owner === 'status') return sql`w.person_id IS NULL AND w.team_id IS NULL`;
  if (owner === 'channels') return sql`(w.person_id IS NOT NULL OR w.team_id IS NOT NULL)`;
  return sql`1 = 1`;
}

export function webhookRepository(store: Store): WebhookRepository {
  return {
    async insertWebhook(webhook) {
      const row = await store.db
        .insertInto('webhooks')
        .values(webhook)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async listWebhooks() {
      const rows = await store.db.selectFrom('webhooks').selectAll().orderBy('id').execute();
      return rows.map((row) => ({ ...row, id: Number(row.id) }));
    },

    async deleteWebhook(id) {
      const result = await store.db.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async addEvent(event, webhookIds, dueAt, expiresAt) {
      await sql`INSERT INTO pulse_webhook_events (id, type, body, created_at)
        VALUES (${event.id}, ${event.type}, ${event.body}, ${event.created_at})`.execute(store.db);
      for (const webhookId of webhookIds) {
        await sql`INSERT INTO pulse_webhook_deliveries
          (webhook_id, event_id, state, next_attempt_at, expires_at, attempts, created_at)
          VALUES (${webhookId}, ${event.id}, 'pending', ${dueAt}, ${expiresAt}, 0, ${event.created_at})`.execute(
          store.db,
        );
      }
    },

    async claimNextDelivery(now, leaseUntil) {
      const claimed = await sql<DeliveryRow>`UPDATE pulse_webhook_deliveries
        SET leased_until = ${leaseUntil}, attempts = attempts + 1
        WHERE id = (
          SELECT id FROM pulse_webhook_deliveries
          WHERE state = 'pending' AND next_attempt_at <= ${now} AND (leased_until IS NULL OR leased_until <= ${now})
          ORDER BY next_attempt_at, id LIMIT 1 ${store.dialect.claimLock})
        RETURNING ${DELIVERY_COLUMNS}`.execute(store.db);
      const row = claimed.rows[0];
      if (!row) return undefined;
      const delivery = toDelivery(row);
      const [event, webhook] = await Promise.all([
        sql<WebhookEventRow>`SELECT id, type, body, created_at FROM pulse_webhook_events WHERE id = ${delivery.event_id}`.execute(
          store.db,
        ),
        sql<WebhookRow>`SELECT id, url, secret, format, events, created_at, person_id, team_id FROM webhooks WHERE id = ${delivery.webhook_id}`.execute(
          store.db,
        ),
      ]);
      const [eventRow] = event.rows;
      const [webhookRow] = webhook.rows;
      // Both are deleted with the delivery (a webhook removed since the claim took its deliveries along).
      if (!eventRow || !webhookRow) return undefined;
      const result: ClaimedDelivery = {
        delivery,
        event: eventRow,
        webhook: { ...webhookRow, id: Number(webhookRow.id) },
      };
      return result;
    },

    async recordAttempt(id, attempts, outcome) {
      const result = await sql`UPDATE pulse_webhook_deliveries
        SET state = ${outcome.state}, last_status = ${outcome.status}, last_error = ${outcome.error},
          next_attempt_at = ${outcome.next_attempt_at}, delivered_at = ${outcome.delivered_at}, leased_until = NULL
        WHERE id = ${id} AND attempts = ${attempts}`.execute(store.db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },

    async listDeliveries(filter) {
      const rows = await sql<DeliveryLogRow>`SELECT ${LOG_COLUMNS}, w.url AS url, w.format AS format,
          w.person_id AS person_id, w.team_id AS team_id, e.type AS event_type
        FROM pulse_webhook_deliveries AS d
        JOIN webhooks AS w ON w.id = d.webhook_id
        JOIN pulse_webhook_events AS e ON e.id = d.event_id
        WHERE ${filter.state === undefined ? sql`1 = 1` : sql`d.state = ${filter.state}`}
          AND ${filter.webhookId === undefined ? sql`1 = 1` : sql`d.webhook_id = ${filter.webhookId}`}
          AND ${ownerCondition(filter.owner)}
        ORDER BY d.id DESC LIMIT ${filter.limit}`.execute(store.db);
      return rows.rows.map(toDelivery);
    },
  };
}

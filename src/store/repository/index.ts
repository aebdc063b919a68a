/**
 * The Repository on either database: one Kysely implementation per aggregate, composed over one store
 * (the connection and its transactions) and a dialect (dialect.ts) for what differs between SQLite and
 * PostgreSQL. Plain data access: no rule of the service is decided here.
 */
import type { Kysely } from 'kysely';
import type { Repository } from '../../core/repository.js';
import type { Database } from '../schema.js';
import { absenceRepository } from './absences.js';
import { activityRepository } from './activities.js';
import { answerRepository } from './answers.js';
import { checkInRepository } from './check-ins.js';
import { conversationRepository } from './conversations.js';
import type { Dialect } from './dialect.js';
import { goalRepository } from './goals.js';
import { listReads } from './list-reads.js';
import { notificationSettingsRepository } from './notification-settings.js';
import { notificationScheduleRepository } from './notifications-schedule.js';
import { peopleRepository } from './people.js';
import { statusRepository } from './status.js';
import { scopedStore } from './store.js';
import { tokenRepository } from './tokens.js';
import { webhookRepository } from './webhooks.js';

export function kyselyRepository(
  database: Kysely<Database>,
  dialect: Dialect,
  /** A token that changes whenever the stored data may have changed. */
  dataVersion: () => string,
): Repository {
  const store = scopedStore(database, dialect);
  return {
    ...listReads(store.rows, dialect.listAggregate, dialect.textMatch),
    ...peopleRepository(store),
    ...checkInRepository(store),
    ...absenceRepository(store),
    ...goalRepository(store),
    ...conversationRepository(store),
    ...answerRepository(store),
    ...activityRepository(store),
    ...statusRepository(store),
    ...tokenRepository(store),
    ...webhookRepository(store),
    ...notificationSettingsRepository(store),
    ...notificationScheduleRepository(store),
    dataVersion,
    transaction: (fn) => store.transaction(fn),
    close: () => database.destroy(),
  };
}

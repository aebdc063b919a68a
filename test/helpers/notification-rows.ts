/**
 * Reminder and notification settings written straight into a store (SQLite file or PostgreSQL
 * database), as the settings' service would store them: tests of the scheduler need the rows, not the
 * commands that write them. Each statement runs on a connection of its own, outside pulse.
 */
import { openSqlite } from '../../src/store/sqlite-driver.js';
import { queryRows } from './postgres.js';

type Value = string | number | null;

const literal = (value: Value) =>
  value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`;

/** Runs one statement on the store at `location`; its rows. */
export async function storeRows<T>(location: string, text: string): Promise<T[]> {
  if (/^postgres(ql)?:/.test(location)) return queryRows<T>(location, text);
  const db = openSqlite(location);
  try {
    const statement = db.prepare(text);
    if (statement.reader) return statement.all() as T[];
    statement.run();
    return [];
  } finally {
    db.close();
  }
}

function insert(location: string, table: string, row: Record<string, Value>): Promise<unknown> {
  const columns = Object.keys(row);
  return storeRows(
    location,
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((column) => literal(row[column] ?? null)).join(', ')})`,
  );
}

/** A person's or a team's channel: a webhook row with an owner. */
export function addChannel(
  location: string,
  channel: {
    url: string;
    secret: string;
    person_id?: string;
    team_id?: string;
    events?: string | null;
    format?: string;
  },
): Promise<unknown> {
  return insert(location, 'webhooks', {
    url: channel.url,
    secret: channel.secret,
    format: channel.format ?? 'json',
    events: channel.events ?? null,
    created_at: '2026-01-01T00:00:00.000Z',
    person_id: channel.person_id ?? null,
    team_id: channel.team_id ?? null,
  });
}

/** A team's reminder and summary times. */
export function setTeamTimes(
  location: string,
  teamId: string,
  times: {
    remind_at?: string | null;
    remind_again_at?: string | null;
    summary_at?: string | null;
    summary_time_zone?: string | null;
  },
  updatedAt = '2026-01-01T00:00:00.000Z',
): Promise<unknown> {
  return insert(location, 'team_notifications', {
    team_id: teamId,
    remind_at: times.remind_at ?? null,
    remind_again_at: times.remind_again_at ?? null,
    summary_at: times.summary_at ?? null,
    summary_time_zone: times.summary_time_zone ?? null,
    updated_at: updatedAt,
  });
}

/** A person's reminder choice. */
export function setReminderChoice(
  location: string,
  personId: string,
  choice: { mode: 'team' | 'own' | 'off'; remind_at?: string | null; remind_again_at?: string | null },
  updatedAt = '2026-01-01T00:00:00.000Z',
): Promise<unknown> {
  return insert(location, 'reminder_preferences', {
    person_id: personId,
    mode: choice.mode,
    remind_at: choice.remind_at ?? null,
    remind_again_at: choice.remind_again_at ?? null,
    updated_at: updatedAt,
  });
}

/** The events written to the outbox, oldest first, as subscribers receive them. */
export async function outboxEvents<Data = Record<string, unknown>>(
  location: string,
): Promise<{ type: string; data: Data }[]> {
  const rows = await storeRows<{ body: string }>(
    location,
    'SELECT body FROM pulse_webhook_events ORDER BY created_at, id',
  );
  return rows.map((row) => JSON.parse(row.body));
}

/** The scheduler's slots, by key. */
export async function slotOutcomes(location: string): Promise<Record<string, string>> {
  const rows = await storeRows<{ key: string; outcome: string }>(
    location,
    'SELECT key, outcome FROM pulse_notification_slots ORDER BY key',
  );
  return Object.fromEntries(rows.map((row) => [row.key, row.outcome]));
}

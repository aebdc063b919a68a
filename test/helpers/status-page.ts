/**
 * A status page with a past to show, for the HTML page's tests: components in a group, an incident and a
 * maintenance that ran earlier this month (the history links them), and a maintenance scheduled ahead.
 * The clock ends at MONDAY, 10:00 UTC, with nothing open: the page is operational.
 */
import type { StatusAdmin } from '../../src/core/status/status-service.js';
import type { SteppingClock } from './clock.js';

export const PAST_INCIDENT_DAY = '2026-11-10';
export const PAST_MAINTENANCE_DAY = '2026-11-15';
export const MONDAY = '2026-11-23T10:00:00.000Z';

export interface SeededPage {
  web: number;
  api: number;
  dashboard: number;
  email: number;
  pastIncident: number;
  pastMaintenance: number;
  scheduled: number;
}

export async function seedStatusPage(admin: StatusAdmin, clock: SteppingClock): Promise<SeededPage> {
  clock.set(`${PAST_INCIDENT_DAY}T08:00:00Z`);
  await admin.setPage({ name: 'Acme', url: 'https://status.acme.test' });
  const web = await admin.addComponent({ name: 'Web', description: 'The website and its API' });
  const api = await admin.addComponent({ name: 'API', parent_id: web.id });
  const dashboard = await admin.addComponent({ name: 'Dashboard', parent_id: web.id });
  const email = await admin.addComponent({ name: 'Email', description: 'Notifications by email' });
  const pastIncident = await admin.addNotice({
    type: 'unplanned',
    subject: 'Login errors',
    content: 'Some sign-ins fail.',
    component_ids: [api.id],
  });
  clock.advance(2 * 3_600_000);
  await admin.updateNotice(pastIncident.id, { state: 'resolved', content: 'A bad deploy, rolled back.' });

  clock.set(`${PAST_MAINTENANCE_DAY}T01:00:00Z`);
  const pastMaintenance = await admin.addNotice({
    type: 'planned',
    subject: 'Database upgrade',
    begins_at: `${PAST_MAINTENANCE_DAY}T02:00:00Z`,
    ends_at: `${PAST_MAINTENANCE_DAY}T04:00:00Z`,
    component_ids: [email.id],
  });
  clock.set(`${PAST_MAINTENANCE_DAY}T02:00:00Z`);
  await admin.updateNotice(pastMaintenance.id, { state: 'underway' });
  clock.set(`${PAST_MAINTENANCE_DAY}T03:30:00Z`);
  await admin.updateNotice(pastMaintenance.id, { state: 'complete', content: 'Done early.' });

  clock.set('2026-11-20T12:00:00Z');
  const scheduled = await admin.addNotice({
    type: 'planned',
    subject: 'Network maintenance',
    begins_at: '2026-11-25T01:00:00Z',
    ends_at: '2026-11-25T03:00:00Z',
    component_ids: [api.id, dashboard.id],
    content: 'Switches are replaced; the API may drop connections.',
  });
  clock.set(MONDAY);
  return {
    web: web.id,
    api: api.id,
    dashboard: dashboard.id,
    email: email.id,
    pastIncident: pastIncident.id,
    pastMaintenance: pastMaintenance.id,
    scheduled: scheduled.id,
  };
}

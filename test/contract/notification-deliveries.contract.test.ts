/**
 * The notification channels' delivery log on every target (GET /api/v2/notifications/deliveries
 * remotely): administrators only, the same 403 and 400s locally and over HTTP, and the status page's
 * webhooks' deliveries never in it. Deliveries to people's and teams' channels are read back in
 * test/server/notification-channels.test.ts and through the binary in test/cli/serve-notifications.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/core/errors.js';
import { eachWorld, TARGETS, type World } from './targets.js';

async function failure(pending: Promise<unknown>) {
  try {
    await pending;
  } catch (error) {
    if (error instanceof ServiceError) return { name: error.name, status: error.status };
    throw error;
  }
  throw new Error('expected a failure');
}

describe.each(TARGETS)('notification deliveries ($name)', (target) => {
  let world: World;
  eachWorld(target, (fresh) => {
    world = fresh;
  });

  it("lists channels' deliveries only: a status webhook's are not among them", async () => {
    await world.statusAdmin.addWebhook({ url: 'https://hooks.example.com/status' });
    const component = await world.statusAdmin.addComponent({ name: 'API' });
    await world.statusAdmin.setComponentState(component.id, 'degraded');
    expect((await world.statusAdmin.listDeliveries()).items).toHaveLength(1);
    const log = await world.as('ana').listNotificationDeliveries();
    expect(log.items).toEqual([]);
    expect(log.hasNext).toBe(false);
    expect((await world.as('ana').listNotificationDeliveries({ failed: true, limit: 5 })).items).toEqual([]);
  });

  it('is refused to anyone but an administrator, and for a bad parameter', async () => {
    expect(await failure(world.as('ben').listNotificationDeliveries())).toEqual({
      name: 'ForbiddenError',
      status: 403,
    });
    expect(await failure(world.as('ana').listNotificationDeliveries({ limit: 0 }))).toEqual({
      name: 'BadRequestError',
      status: 400,
    });
    expect(await failure(world.as('ana').listNotificationDeliveries({ channel_id: 'seven' }))).toEqual({
      name: 'BadRequestError',
      status: 400,
    });
  });
});

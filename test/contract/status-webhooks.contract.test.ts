/**
 * The status page's webhooks administration on every target: the same answers locally and over
 * /api/v2/status (added with a secret made or given, listed without it, removed, refused with the same
 * 400s and 404s), and a status change writing one pending delivery per subscriber, read back from the log.
 */
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/core/errors.js';
import { eachWorld, START, TARGETS, type World } from './targets.js';

async function failure(pending: Promise<unknown>) {
  try {
    await pending;
  } catch (error) {
    if (error instanceof ServiceError)
      return { name: error.name, status: error.status, errors: error.errors };
    throw error;
  }
  throw new Error('expected a failure');
}

describe.each(TARGETS)('status webhooks ($name)', (target) => {
  let world: World;
  eachWorld(target, (fresh) => {
    world = fresh;
  });

  it('adds, lists and removes webhooks; the secret is shown once', async () => {
    const made = await world.statusAdmin.addWebhook({ url: 'https://hooks.example.com/a' });
    expect(made).toEqual({
      id: 1,
      url: 'https://hooks.example.com/a',
      format: 'json',
      events: null,
      created_at: START,
      secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/),
    });
    const given = await world.statusAdmin.addWebhook({
      url: 'https://hooks.example.com/b',
      secret: 'a-secret-of-our-own',
      events: ['notice.resolved', 'notice.created', 'notice.resolved'],
      format: 'slack',
    });
    expect([given.secret, given.events, given.format]).toEqual([
      'a-secret-of-our-own',
      ['notice.resolved', 'notice.created'],
      'slack',
    ]);
    const listed = (await world.statusAdmin.listWebhooks()).items;
    expect(listed.map((webhook) => [webhook.id, webhook.url, 'secret' in webhook])).toEqual([
      [1, 'https://hooks.example.com/a', false],
      [2, 'https://hooks.example.com/b', false],
    ]);
    await world.statusAdmin.removeWebhook(1);
    expect((await world.statusAdmin.listWebhooks()).items.map((webhook) => webhook.id)).toEqual([2]);
    expect(await failure(world.statusAdmin.removeWebhook(1))).toMatchObject({
      name: 'NotFoundError',
      status: 404,
    });
  });

  it('refuses bad input with the same 400s, adding nothing', async () => {
    const refused = (input: Parameters<World['statusAdmin']['addWebhook']>[0]) =>
      failure(world.statusAdmin.addWebhook(input));
    expect(await refused({ url: 'mailto:ops@example.com' })).toEqual({
      name: 'BadRequestError',
      status: 400,
      errors: ['url must be an absolute http(s) URL without credentials'],
    });
    expect(await refused({ url: 'https://user:pw@hooks.example.com' })).toMatchObject({ status: 400 });
    expect(await refused({ url: 'https://h.example.com', events: ['notice.deleted'] })).toEqual({
      name: 'BadRequestError',
      status: 400,
      errors: [
        'events must be among notice.created, notice.updated, notice.resolved, component.state_changed',
      ],
    });
    expect(await refused({ url: 'https://h.example.com', format: 'xml' })).toEqual({
      name: 'BadRequestError',
      status: 400,
      errors: ['format must be one of json, slack'],
    });
    expect(await refused({ url: 'https://h.example.com', secret: 'has spaces in it, too' })).toMatchObject({
      status: 400,
    });
    expect((await world.statusAdmin.listWebhooks()).items).toEqual([]);
    expect(await failure(world.statusAdmin.listDeliveries({ limit: 0 }))).toEqual({
      name: 'BadRequestError',
      status: 400,
      errors: ['limit must be an integer from 1 to 500'],
    });
  });

  it('logs a pending delivery per subscriber of each change', async () => {
    await world.statusAdmin.addWebhook({ url: 'https://hooks.example.com/all' });
    await world.statusAdmin.addWebhook({
      url: 'https://hooks.example.com/notices',
      events: ['notice.created'],
    });
    const api = await world.statusAdmin.addComponent({ name: 'API' });
    await world.statusAdmin.setComponentState(api.id, 'degraded');
    await world.statusAdmin.addNotice({ type: 'unplanned', subject: 'API slow' });
    const log = (await world.statusAdmin.listDeliveries()).items;
    expect(log.map((d) => [d.webhook_id, d.event_type, d.state, d.attempts, d.next_attempt_at])).toEqual([
      [2, 'notice.created', 'pending', 0, START],
      [1, 'notice.created', 'pending', 0, START],
      [1, 'component.state_changed', 'pending', 0, START],
    ]);
    expect((await world.statusAdmin.listDeliveries({ webhook_id: 2 })).items.map((d) => d.url)).toEqual([
      'https://hooks.example.com/notices',
    ]);
    expect((await world.statusAdmin.listDeliveries({ failed: true })).items).toEqual([]);
    expect((await world.statusAdmin.listDeliveries({ limit: 1 })).items).toHaveLength(1);
  });
});

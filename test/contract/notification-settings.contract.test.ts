/**
 * Reminder and notification settings (v2 extensions of pulse serve, issue 31) on every target: who may
 * read and change a team's times and channels, a person's own choice and channels, and the rules of
 * their values. Refusals change nothing.
 */
import { describe, expect, it } from 'vitest';
import { eachWorld, TARGETS, type World } from './targets.js';

describe.each(TARGETS)('reminder and notification settings ($name)', (target) => {
  let world: World;
  eachWorld(target, (fresh) => {
    world = fresh;
  });
  const core = () => world.ids.core as string;

  it('starts empty: no team times, people following their teams', async () => {
    expect(await world.as('ben').getTeamNotifications(core())).toEqual({
      team: { id: core(), name: 'Core' },
      remind_at: null,
      remind_again_at: null,
      summary_at: null,
      summary_time_zone: null,
      updated_at: null,
    });
    expect(await world.as('cy').getMyReminders()).toEqual({
      mode: 'team',
      remind_at: null,
      remind_again_at: null,
      time_zone: 'America/New_York',
      updated_at: null,
    });
    expect((await world.as('ben').listMyChannels()).items).toEqual([]);
  });

  it('lets an administrator set the times; the summary is read in the setter’s zone unless given', async () => {
    const set = await world.as('ana').updateTeamNotifications(core(), {
      remind_at: '09:30',
      remind_again_at: '11:00',
      summary_at: '17:00',
    });
    expect(set).toEqual({
      team: { id: core(), name: 'Core' },
      remind_at: '09:30',
      remind_again_at: '11:00',
      summary_at: '17:00',
      summary_time_zone: 'UTC',
      updated_at: '2026-11-23T10:00:00Z',
    });
    expect(await world.as('cy').getTeamNotifications(core())).toEqual(set);
    const moved = await world.as('ana').updateTeamNotifications(core(), {
      remind_again_at: null,
      summary_time_zone: 'Europe/Berlin',
    });
    expect(moved).toMatchObject({
      remind_at: '09:30',
      remind_again_at: null,
      summary_time_zone: 'Europe/Berlin',
    });
    const off = await world.as('ana').updateTeamNotifications(core(), { summary_at: null });
    expect(off).toMatchObject({ remind_at: '09:30', summary_at: null, summary_time_zone: null });
  });

  it('lets a manager (Eve, who joined Core as one) change their team; other members get 403, outsiders of a private team 404', async () => {
    await world.admin.joinTeam(core(), world.ids.eve as string, { manager: true });
    await world.as('eve').updateTeamNotifications(core(), { remind_at: '08:45' });
    expect(
      (await world.as('eve').addTeamChannel(core(), { format: 'slack', url: 'https://hooks.example.com/c' }))
        .format,
    ).toBe('slack');
    await expect(
      world.as('cy').updateTeamNotifications(core(), { remind_at: '10:00' }),
    ).rejects.toMatchObject({
      status: 403,
    });
    await expect(world.as('cy').listTeamChannels(core())).rejects.toMatchObject({ status: 403 });
    await expect(world.as('ben').getTeamNotifications(world.ids.secret as string)).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      world.as('ben').updateTeamNotifications(world.ids.secret as string, { remind_at: '10:00' }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await world.as('ana').getTeamNotifications(core())).toMatchObject({ remind_at: '08:45' });
  });

  it('refuses bad times and zones with a message naming them, changing nothing', async () => {
    await world.as('ana').updateTeamNotifications(core(), { remind_at: '09:30' });
    const refused = async (body: Record<string, unknown>, status: number, message: string) => {
      await expect(world.as('ana').updateTeamNotifications(core(), body)).rejects.toMatchObject({
        status,
        message: expect.stringContaining(message),
      });
    };
    await refused({ remind_at: '24:00' }, 400, 'remind_at must be a time HH:MM');
    await refused({ remind_at: '9:30' }, 400, 'remind_at must be a time HH:MM');
    await refused({ summary_at: 17 }, 400, 'summary_at must be a time HH:MM or null');
    await refused(
      { remind_again_at: '09:00' },
      422,
      'remind_again_at (09:00) must be later than remind_at (09:30)',
    );
    await refused({ remind_at: null, remind_again_at: '11:00' }, 422, 'remind_again_at needs remind_at');
    await refused({ summary_at: '17:00', summary_time_zone: 'Mars/Base' }, 422, 'summary_time_zone');
    expect(await world.as('ana').getTeamNotifications(core())).toMatchObject({
      remind_at: '09:30',
      remind_again_at: null,
      summary_at: null,
    });
  });

  it('keeps a person’s own choice: own times, back to the team’s, or off', async () => {
    const own = await world.as('ben').updateMyReminders({ remind_at: '08:00', remind_again_at: '10:15' });
    expect(own).toEqual({
      mode: 'own',
      remind_at: '08:00',
      remind_again_at: '10:15',
      time_zone: 'Europe/Berlin',
      updated_at: '2026-11-23T10:00:00Z',
    });
    expect(await world.as('ben').updateMyReminders({ mode: 'off' })).toMatchObject({
      mode: 'off',
      remind_at: '08:00',
    });
    expect(await world.as('ben').updateMyReminders({ mode: 'team' })).toMatchObject({ mode: 'team' });
    expect(await world.as('cy').getMyReminders()).toMatchObject({ mode: 'team', remind_at: null });
    await expect(world.as('cy').updateMyReminders({ mode: 'own' })).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining("mode 'own' needs remind_at"),
    });
    await expect(world.as('cy').updateMyReminders({ mode: 'sometimes' })).rejects.toMatchObject({
      status: 400,
    });
    expect(await world.as('cy').getMyReminders()).toMatchObject({ mode: 'team', updated_at: null });
  });

  it('adds, lists and removes a person’s channels: webhooks with a secret shown once, email to their own address', async () => {
    const hook = await world
      .as('ben')
      .addMyChannel({ format: 'slack', url: 'https://hooks.example.com/T1/B2' });
    expect(hook).toMatchObject({ url: 'https://hooks.example.com/T1/B2', format: 'slack', events: null });
    expect(hook.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const mail = await world.as('ben').addMyChannel({ format: 'email' });
    expect(mail).toMatchObject({ url: 'mailto:ben@example.com', format: 'email', secret: null });
    const listed = (await world.as('ben').listMyChannels()).items;
    expect(listed.map((channel) => channel.url)).toEqual([
      'https://hooks.example.com/T1/B2',
      'mailto:ben@example.com',
    ]);
    expect(listed.every((channel) => !('secret' in channel))).toBe(true);
    expect((await world.as('cy').listMyChannels()).items).toEqual([]);

    await expect(
      world.as('ben').addMyChannel({ format: 'email', email: 'boss@example.com' }),
    ).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('your own account'),
    });
    await expect(world.as('ben').addMyChannel({ url: 'ftp://example.com/x' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(world.as('ben').addMyChannel({ format: 'email' })).rejects.toMatchObject({ status: 409 });
    await expect(world.as('cy').removeMyChannel(String(hook.id))).rejects.toMatchObject({ status: 404 });
    await world.as('ben').removeMyChannel(String(hook.id));
    expect((await world.as('ben').listMyChannels()).items.map((channel) => channel.format)).toEqual([
      'email',
    ]);
    await expect(world.as('ben').removeMyChannel(String(hook.id))).rejects.toMatchObject({ status: 404 });
  });

  it('adds a team’s channels with the events they take; status webhooks and people never see them', async () => {
    const blocked = await world.as('ana').addTeamChannel(core(), {
      url: 'http://127.0.0.1:9/hook',
      events: ['checkin.blocked', 'checkin.blocked'],
    });
    expect(blocked).toMatchObject({ format: 'json', events: ['checkin.blocked'] });
    const mail = await world.as('ana').addTeamChannel(core(), { format: 'email', email: 'team@example.org' });
    expect(mail).toMatchObject({ url: 'mailto:team@example.org', events: null });
    expect((await world.as('ana').listTeamChannels(core())).items.map((channel) => channel.id)).toEqual([
      blocked.id,
      mail.id,
    ]);
    expect((await world.statusAdmin.listWebhooks()).items).toEqual([]);
    expect((await world.as('ana').listMyChannels()).items).toEqual([]);
    await expect(
      world.as('ana').addTeamChannel(core(), { url: 'https://x.example.com', events: ['reminder.due'] }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('events must be among') });
    await expect(world.as('ana').addTeamChannel(core(), { format: 'email' })).rejects.toMatchObject({
      status: 422,
    });
    await expect(
      world.as('ana').addTeamChannel(core(), { url: 'https://x.example.com', email: 'team@example.org' }),
    ).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('email goes with format email'),
    });
    await expect(
      world.as('ana').removeTeamChannel(world.ids.design as string, String(blocked.id)),
    ).rejects.toMatchObject({ status: 404 });
    await world.as('ana').removeTeamChannel(core(), String(blocked.id));
    expect((await world.as('ana').listTeamChannels(core())).items.map((channel) => channel.id)).toEqual([
      mail.id,
    ]);
  });

  it('lets a person in no team keep a choice too', async () => {
    await world.as('eve').updateMyReminders({ mode: 'off' });
    expect(await world.as('eve').getMyReminders()).toMatchObject({ mode: 'off' });
  });
});

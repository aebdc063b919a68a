/**
 * `pulse admin notifications deliveries`: the log of what pulse serve sent to people's and teams'
 * channels, through the Service (the local store, or a deployment with an administrator's credential).
 */
import type { NotificationDelivery } from '../../../../core/notifications/delivery-log.js';
import type { CommandContext } from '../../../command-context.js';
import { UsageError } from '../../../errors.js';
import { parseId } from '../../status/flags.js';

export interface DeliveriesOptions {
  failed?: boolean;
  channel?: string;
  limit?: string;
  json?: boolean;
}

/** Whose channel, as the table shows it: `Ana Diaz` or `team Core`. */
export const ownerLabel = (delivery: Pick<NotificationDelivery, 'owner'>) =>
  delivery.owner.kind === 'team' ? `team ${delivery.owner.name}` : delivery.owner.name;

export async function deliveries(cc: CommandContext, options: DeliveriesOptions): Promise<void> {
  const limit = options.limit === undefined ? undefined : Number(options.limit);
  if (limit !== undefined && (!/^\d+$/.test(options.limit ?? '') || limit < 1 || limit > 500))
    throw new UsageError(`--limit must be a whole number from 1 to 500: ${options.limit}`);
  const service = await cc.backends.service();
  const { items: log } = await service.listNotificationDeliveries({
    ...(options.failed ? { failed: true } : {}),
    ...(options.channel !== undefined ? { channel_id: parseId(options.channel, '--channel') } : {}),
    ...(limit !== undefined ? { limit } : {}),
  });
  if (options.json) return cc.out.json(log);
  await cc.out.table(log, [
    { header: 'ID', cell: (d) => String(d.id) },
    { header: 'CHANNEL', cell: (d) => String(d.channel_id) },
    { header: 'OWNER', cell: ownerLabel },
    { header: 'TO', cell: (d) => (d.format === 'email' ? d.destination : `${d.format} ${d.destination}`) },
    { header: 'EVENT', cell: (d) => d.event_type },
    { header: 'STATE', cell: (d) => d.state },
    { header: 'ATTEMPTS', cell: (d) => String(d.attempts) },
    {
      header: 'LAST',
      cell: (d) => d.last_error ?? (d.last_status === null ? '' : String(d.last_status)),
    },
    {
      header: 'NEXT OR DELIVERED',
      cell: (d) =>
        d.delivered_at
          ? cc.out.time(d.delivered_at)
          : d.next_attempt_at
            ? `next ${cc.out.time(d.next_attempt_at)}`
            : '',
    },
    { header: 'CREATED', cell: (d) => cc.out.time(d.created_at) },
  ]);
}

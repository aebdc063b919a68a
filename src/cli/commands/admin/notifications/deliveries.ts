/**
 * `pulse admin notifications deliveries`: the log of what pulse serve sent to people's and teams'
 * channels, through the Service (the local store, or a deployment with an administrator's credential).
 */
import type { NotificationDelivery } from '../../../../core/notifications/delivery-log.js';
import type { CommandContext } from '../../../command-context.js';
import { UsageError } from '../../../errors.js';
import { parseId } from '../../status/flags.js';
import { attemptColumns } from '../delivery-columns.js';

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
    ...attemptColumns(cc),
  ]);
}

/**
 * The columns the two delivery logs share (`pulse admin status webhook deliveries`, `pulse admin
 * notifications deliveries`): what was sent, and how its attempts went.
 */
import type { DeliveryAttempts } from '../../../core/webhooks/types.js';
import type { CommandContext } from '../../command-context.js';
import type { Column } from '../../output.js';

export function attemptColumns<D extends DeliveryAttempts>(cc: CommandContext): Column<D>[] {
  return [
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
  ];
}

/** `pulse checkin clear KEY [--person P] [--yes]`: a check-in emptied back to pending. */
import type { ResourceRef } from '../../../core/types.js';
import type { CommandContext } from '../../command-context.js';
import { confirmRemoval } from '../../confirm.js';
import { allPages } from '../../paging.js';
import { findCheckIn, type PersonOption } from './key.js';
import { longDate } from './render.js';

export interface ClearOptions extends PersonOption {
  yes?: boolean;
  json?: boolean;
}

const counted = (count: number, what: string) => `${count} ${what}${count === 1 ? '' : 's'}`;

export async function run(cc: CommandContext, key: string, options: ClearOptions): Promise<void> {
  const service = await cc.backends.service();
  const [checkIn, me] = await Promise.all([findCheckIn(cc, service, key, options), service.me()]);
  const whose = checkIn.person.id === me.id ? 'your check-in' : `${checkIn.person.name}'s check-in`;
  const which = `${whose} of ${longDate(checkIn.date)}`;
  if (checkIn.completed_at === null) {
    if (options.json) return cc.out.json(checkIn);
    return cc.out.note(`${capitalised(which)} is not filled in: nothing to clear.`);
  }
  await confirmRemoval(cc, options, 'clearing a check-in', async () => {
    const item: ResourceRef = { type: 'check-in', id: checkIn.id };
    const [comments, reactions] = await Promise.all([
      allPages((page) => service.listComments(item, { page, per_page: 50 })),
      allPages((page) => service.listReactions(item, { page, per_page: 50 })),
    ]);
    return `Clear ${which}: its answers, ${counted(comments.length, 'comment')} and ${counted(reactions.length, 'reaction')}?`;
  });
  const cleared = await service.clearCheckIn(checkIn.id);
  if (options.json) return cc.out.json(cleared);
  cc.out.note(`Cleared ${which}: it is pending again.`);
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Comments and reactions on a check-in: `pulse checkin comments|comment|reactions|react KEY`. */
import { isUuid } from '../../../core/ids.js';
import type { ResourceRef } from '../../../core/types.js';
import type { CommandContext } from '../../command-context.js';
import { parseDateWord, todayIn } from '../../dates.js';
import * as conversation from '../conversation.js';

/** A check-in id, or a date meaning the caller's own check-in that day. */
async function item(cc: CommandContext, key: string): Promise<ResourceRef> {
  if (isUuid(key)) return { type: 'check-in', id: key };
  const service = await cc.backends.service();
  const zone = (await service.me()).time_zone;
  const date = parseDateWord(key, () => todayIn(zone, cc.ctx.clock.now()), 'KEY');
  return { type: 'check-in', id: (await service.getCheckIn(date)).id };
}

export const comments = async (cc: CommandContext, key: string, o: { json?: boolean }) =>
  conversation.listComments(cc, await item(cc, key), o);
export const comment = async (cc: CommandContext, key: string, o: { body?: string; json?: boolean }) =>
  conversation.addComment(cc, await item(cc, key), o);
export const reactions = async (cc: CommandContext, key: string, o: { json?: boolean }) =>
  conversation.listReactions(cc, await item(cc, key), o);
export const react = async (
  cc: CommandContext,
  key: string,
  name: string,
  o: { remove?: boolean; json?: boolean },
) => conversation.react(cc, await item(cc, key), name, o);

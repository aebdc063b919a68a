/** Comments and reactions on a check-in: `pulse checkin comments|comment|reactions|react KEY`. */
import { isUuid } from '../../../core/ids.js';
import type { ResourceRef } from '../../../core/types.js';
import type { CommandContext } from '../../command-context.js';
import * as conversation from '../conversation.js';
import { findCheckIn, type PersonOption } from './key.js';

/** A check-in id as it is, or a date meaning the caller's check-in that day (with --person, P's). */
async function item(cc: CommandContext, key: string, options: PersonOption): Promise<ResourceRef> {
  if (isUuid(key) && options.person === undefined) return { type: 'check-in', id: key };
  const service = await cc.backends.service();
  return { type: 'check-in', id: (await findCheckIn(cc, service, key, options)).id };
}

type Json = { json?: boolean } & PersonOption;

export const comments = async (cc: CommandContext, key: string, o: Json) =>
  conversation.listComments(cc, await item(cc, key, o), o);
export const comment = async (cc: CommandContext, key: string, o: Json & { body?: string }) =>
  conversation.addComment(cc, await item(cc, key, o), o);
export const reactions = async (cc: CommandContext, key: string, o: Json) =>
  conversation.listReactions(cc, await item(cc, key, o), o);
export const react = async (cc: CommandContext, key: string, name: string, o: Json & { remove?: boolean }) =>
  conversation.react(cc, await item(cc, key, o), name, o);

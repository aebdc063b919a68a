/** `pulse checkin view KEY [--person P]`: one check-in by id, or by date (your own, or P's). */
import type { CommandContext } from '../../command-context.js';
import { findCheckIn, type PersonOption } from './key.js';
import { renderCheckIn } from './render.js';

export interface ViewOptions extends PersonOption {
  json?: boolean;
}

export async function run(cc: CommandContext, key: string, options: ViewOptions): Promise<void> {
  const service = await cc.backends.service();
  const checkIn = await findCheckIn(cc, service, key, options);
  if (options.json) return cc.out.json(checkIn);
  await renderCheckIn(cc.out, checkIn);
}

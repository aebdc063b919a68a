/** `pulse checkin view KEY`: one check-in by id, or your own by date. */
import { isUuid } from '../../../core/ids.js';
import { isCalendarDate } from '../../../core/time.js';
import type { CommandContext } from '../../command-context.js';
import { parseDateWord, todayIn } from '../../dates.js';
import { renderCheckIn } from './render.js';

export interface ViewOptions {
  json?: boolean;
}

export async function run(cc: CommandContext, key: string, options: ViewOptions): Promise<void> {
  const service = await cc.backends.service();
  let resolved = key;
  if (!isUuid(key)) {
    const zone = isCalendarDate(key) ? 'UTC' : (await service.me()).time_zone;
    resolved = parseDateWord(key, () => todayIn(zone, cc.ctx.clock.now()), 'KEY');
  }
  const checkIn = await service.getCheckIn(resolved);
  if (options.json) return cc.out.json(checkIn);
  await renderCheckIn(cc.out, checkIn);
}

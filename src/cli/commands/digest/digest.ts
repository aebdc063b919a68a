/** `pulse digest` and `pulse digest read`: what was published to you, grouped by category. */
import type { DigestQuery } from '../../../core/service.js';
import type { DigestEntry } from '../../../core/types.js';
import type { CommandContext } from '../../command-context.js';
import { parseMomentWord } from '../../dates.js';
import { UsageError } from '../../errors.js';
import { viewCommand } from '../../item-commands.js';
import { firstItems, parseLimit } from '../../paging.js';

export interface DigestOptions {
  all?: boolean;
  category?: string;
  since?: string;
  limit?: string;
  json?: boolean;
}

const CATEGORIES = ['check-in', 'comment', 'echo', 'goal'];
const HEADINGS: Record<string, string> = {
  'check-in': 'Check-ins',
  comment: 'Comments',
  echo: 'Echoes',
  goal: 'Goals',
};

/** One line about an entry's resource, whatever its type. */
export function summary(entry: DigestEntry): string {
  const resource = entry.resource as unknown as Record<string, unknown> & { type: string };
  const person = (resource.person ?? resource.owner) as { name: string } | undefined;
  switch (resource.type) {
    case 'check-in':
      return `${person?.name}'s check-in for ${resource.date}${resource.blocked ? ' (blocked)' : ''}`;
    case 'comment':
      return `${person?.name} commented: ${String(resource.body).split('\n', 1)[0]}`;
    case 'goal':
      return `${person?.name}'s goal "${resource.title}"`;
    case 'echo-answer':
      return `Echo answer: ${resource.title}${resource.body === null ? ' (being written)' : ''}`;
    case 'goal-update':
      return `${person?.name} updated "${(resource.goal as { title: string }).title}": ${resource.progress}%, ${resource.confidence_description}`;
    default:
      return String(resource.title ?? resource.type);
  }
}

/**
 * The command that shows an entry's item (`pulse checkin view ID`; a comment's: the comments of what it is
 * on), printed where a person reads the digest. The resource's `url` is its v2 address, which points
 * nowhere in local mode and answers JSON remotely; no deployment has a human page of these items.
 */
export function commandShowing(resource: DigestEntry['resource']): string {
  switch (resource.type) {
    case 'check-in':
      return viewCommand('check-ins', resource.id);
    case 'goal':
      return viewCommand('goals', resource.id);
    case 'goal-update':
      return viewCommand('goal-updates', resource.id);
    case 'echo-answer':
      return viewCommand('echo/answers', resource.id);
    case 'comment':
      return resource.resource.type === 'check-in'
        ? `pulse checkin comments ${resource.resource.id}`
        : `pulse goal update comments ${resource.resource.id}`;
  }
}

export async function show(cc: CommandContext, options: DigestOptions): Promise<void> {
  if (options.category !== undefined && !CATEGORIES.includes(options.category)) {
    throw new UsageError(`--category must be one of ${CATEGORIES.join(', ')}`);
  }
  const limit = options.limit === undefined ? 50 : parseLimit(options.limit, false);
  const service = await cc.backends.service();
  const query: DigestQuery = {};
  if (!options.all) query.unread = 'true';
  if (options.category) query.category = options.category;
  if (options.since !== undefined) {
    const zone = (await service.me()).time_zone;
    query.since = await parseMomentWord(options.since, zone, cc.ctx.clock.now(), '--since');
  }
  const shown = await firstItems(
    (page, per_page) => service.listDigest({ ...query, page, per_page }),
    limit,
    cc.ctx.streams.stderr,
  );
  if (options.json) return cc.out.json(shown);
  if (!cc.out.isTerminal) {
    for (const entry of shown) {
      cc.out.line(
        [
          entry.id,
          entry.category,
          entry.published_at,
          entry.read_at ?? '',
          summary(entry),
          commandShowing(entry.resource),
        ]
          .map((f) => f.replace(/[\t\n]+/g, ' '))
          .join('\t'),
      );
    }
    return;
  }
  if (shown.length === 0)
    return cc.out.note(
      options.all ? 'Your digest is empty.' : 'Nothing unread. (--all shows read entries too)',
    );
  for (const category of CATEGORIES) {
    const inCategory = shown.filter((entry) => entry.category === category);
    if (inCategory.length === 0) continue;
    cc.out.line(cc.out.style.bold(HEADINGS[category] as string));
    for (const entry of inCategory) {
      const marker = entry.read_at ? ' ' : cc.out.style.cyan('•');
      cc.out.line(`${marker} ${summary(entry)}${cc.out.style.dim(`  ${commandShowing(entry.resource)}`)}`);
    }
  }
}

export async function read(
  cc: CommandContext,
  id: string | undefined,
  options: { all?: boolean },
): Promise<void> {
  if ((id === undefined) === !options.all) throw new UsageError('give an entry ID or --all');
  const service = await cc.backends.service();
  if (options.all) {
    const marked = await service.markAllDigestRead();
    return cc.out.note(`Marked ${marked} ${marked === 1 ? 'entry' : 'entries'} read.`);
  }
  await service.markDigestRead(id as string);
  cc.out.note('Marked read.');
}

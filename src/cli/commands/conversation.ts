/** Comments and reactions on a check-in or a goal update: shared by `pulse checkin` and `pulse goal update`. */
import { isReactionName, REACTIONS } from '../../core/goal-rules.js';
import type { ResourceRef } from '../../core/types.js';
import type { CommandContext, JsonOption } from '../command-context.js';
import { UsageError } from '../errors.js';
import { allPages } from '../paging.js';

export async function listComments(
  cc: CommandContext,
  item: ResourceRef,
  options: JsonOption,
): Promise<void> {
  const service = await cc.backends.service();
  const comments = await allPages((page) => service.listComments(item, { page, per_page: 50 }));
  if (options.json) return cc.out.json(comments);
  if (comments.length === 0 && cc.out.isTerminal) return cc.out.note('No comments yet.');
  if (!cc.out.isTerminal) {
    await cc.out.table(comments, [
      { header: 'ID', cell: (c) => c.id },
      { header: 'AT', cell: (c) => c.created_at },
      { header: 'BY', cell: (c) => c.person.name },
      { header: 'BODY', cell: (c) => c.body },
    ]);
    return;
  }
  for (const comment of comments) {
    cc.out.line(
      cc.out.style.bold(`${comment.person.name}`) + cc.out.style.dim(` · ${cc.out.time(comment.created_at)}`),
    );
    cc.out.line(await cc.out.markdownText(comment.body, 2));
  }
}

export async function addComment(
  cc: CommandContext,
  item: ResourceRef,
  options: { body?: string; json?: boolean },
): Promise<void> {
  let body = options.body;
  if (body === undefined) {
    if (!cc.settings.interactive)
      throw new UsageError('missing --body (prompts need a terminal and no --no-input)');
    const { editText } = await import('../editor.js');
    body = await editText(cc, '', 'comment');
  }
  const comment = await (await cc.backends.service()).createComment(item, { body });
  if (options.json) return cc.out.json(comment);
  // The id on stdout, for the next step of a script (edit, delete); the message for people on stderr.
  cc.out.line(comment.id);
  cc.out.note('Comment added.');
}

export async function listReactions(
  cc: CommandContext,
  item: ResourceRef,
  options: JsonOption,
): Promise<void> {
  const service = await cc.backends.service();
  const reactions = await allPages((page) => service.listReactions(item, { page, per_page: 50 }));
  if (options.json) return cc.out.json(reactions);
  await cc.out.table(reactions, [
    { header: 'ID', cell: (r) => r.id, plainOnly: true },
    { header: 'REACTION', cell: (r) => `${r.emoji} ${r.name}`, plain: (r) => r.name },
    { header: 'BY', cell: (r) => r.person.name },
    { header: 'AT', cell: (r) => cc.out.time(r.created_at), plain: (r) => r.created_at },
  ]);
}

export async function react(
  cc: CommandContext,
  item: ResourceRef,
  name: string,
  options: { remove?: boolean; json?: boolean },
): Promise<void> {
  const wanted = name.trim().toLowerCase();
  if (!isReactionName(wanted))
    throw new UsageError(`NAME must be one of ${Object.keys(REACTIONS).join(', ')}`);
  const service = await cc.backends.service();
  if (options.remove) {
    await service.removeReaction(item, { name: wanted });
    return cc.out.note(`Removed ${REACTIONS[wanted]} ${wanted}.`);
  }
  const { reaction, created } = await service.addReaction(item, { name: wanted });
  if (options.json) return cc.out.json(reaction);
  cc.out.line(reaction.id);
  cc.out.note(
    created ? `Reacted ${reaction.emoji} ${wanted}.` : `You had already reacted ${reaction.emoji} ${wanted}.`,
  );
}

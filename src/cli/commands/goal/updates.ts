/** `pulse goal update create|list|view|edit|delete` and the comments and reactions of an update. */
import { confidenceFromWords } from '../../../core/goal-rules.js';
import type { ResourceRef } from '../../../core/types.js';
import type { CommandContext, JsonOption } from '../../command-context.js';
import { confirmRemoval } from '../../confirm.js';
import { requireChanges, UsageError } from '../../errors.js';
import { allPages } from '../../paging.js';
import * as conversation from '../conversation.js';
import { confidenceLabel, updateColumns } from './render.js';
import { resolveGoal } from './resolve-goal.js';

export interface UpdateFields {
  progress?: string;
  confidence?: string;
  title?: string;
  body?: string;
  json?: boolean;
}

function parsePercent(value: string, flag: string): number {
  const number = Number(value.trim().replace(/%$/, ''));
  if (!/^\d+%?$/.test(value.trim()) || number > 100)
    throw new UsageError(`${flag} must be a whole number from 0 to 100: ${value}`);
  return number;
}

function toInput(fields: UpdateFields): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  if (fields.progress !== undefined) input.progress = parsePercent(fields.progress, '--progress');
  if (fields.confidence !== undefined) {
    input.confidence =
      confidenceFromWords(fields.confidence) ??
      (/^\d/.test(fields.confidence.trim()) ? parsePercent(fields.confidence, '--confidence') : Number.NaN);
    if (Number.isNaN(input.confidence)) {
      throw new UsageError(
        `--confidence must be 0 to 100 or off-track, at-risk, on-track: ${fields.confidence}`,
      );
    }
  }
  if (fields.title !== undefined) input.title = fields.title;
  if (fields.body !== undefined) input.body = fields.body;
  return input;
}

export async function create(cc: CommandContext, reference: string, fields: UpdateFields): Promise<void> {
  const service = await cc.backends.service();
  const goal = await resolveGoal(service, reference);
  const input = toInput(fields);
  if (Object.keys(input).length === 0) {
    if (!cc.settings.interactive)
      throw new UsageError('give at least one of --progress, --confidence, --title, --body');
    const { editText } = await import('../../editor.js');
    input.body = await editText(cc, '', 'goal-update');
  }
  const update = await service.createGoalUpdate(goal.id, input);
  if (fields.json) return cc.out.json(update);
  cc.out.line(update.id);
  cc.out.note(
    `Posted an update to "${goal.title}": ${update.progress}%, ${confidenceLabel(cc.out, update)}.`,
  );
}

export async function list(cc: CommandContext, reference: string, options: JsonOption): Promise<void> {
  const service = await cc.backends.service();
  const goal = await resolveGoal(service, reference);
  const updates = await allPages(
    (page) => service.listGoalUpdates(goal.id, { page, per_page: 50 }),
    cc.ctx.streams.stderr,
  );
  await cc.out.list(updates, options.json, `No updates on "${goal.title}" yet.`, updateColumns(cc.out));
}

export async function view(cc: CommandContext, id: string, options: JsonOption): Promise<void> {
  const update = await (await cc.backends.service()).getGoalUpdate(id);
  if (options.json) return cc.out.json(update);
  const { out } = cc;
  out.line(`${out.style.bold(update.goal.title)} — ${update.person.name}, ${update.created_at.slice(0, 10)}`);
  out.line(`${update.progress}%  ${confidenceLabel(out, update)}`);
  if (update.title) out.line(out.style.bold(update.title));
  if (update.body?.trim()) out.line(await out.markdownText(update.body));
  out.reference(update.id, 'pulse goal update view');
}

export async function edit(cc: CommandContext, id: string, fields: UpdateFields): Promise<void> {
  const input = requireChanges(toInput(fields), ['--progress', '--confidence', '--title', '--body']);
  const update = await (await cc.backends.service()).updateGoalUpdate(id, input);
  if (fields.json) return cc.out.json(update);
  cc.out.line(update.id);
  cc.out.note(`Updated: ${update.progress}%, ${confidenceLabel(cc.out, update)}.`);
}

export async function remove(cc: CommandContext, id: string, options: { yes?: boolean }): Promise<void> {
  const service = await cc.backends.service();
  const update = await service.getGoalUpdate(id);
  await confirmRemoval(
    cc,
    options,
    'deleting an update',
    () => `Delete this update to "${update.goal.title}" and its comments?`,
  );
  await service.deleteGoalUpdate(update.id);
  cc.out.note('Deleted the update.');
}

const item = (id: string): ResourceRef => ({ type: 'goal-update', id });
export const comments = (cc: CommandContext, id: string, o: { json?: boolean }) =>
  conversation.listComments(cc, item(id), o);
export const comment = (cc: CommandContext, id: string, o: { body?: string; json?: boolean }) =>
  conversation.addComment(cc, item(id), o);
export const reactions = (cc: CommandContext, id: string, o: { json?: boolean }) =>
  conversation.listReactions(cc, item(id), o);
export const react = (
  cc: CommandContext,
  id: string,
  name: string,
  o: { remove?: boolean; json?: boolean },
) => conversation.react(cc, item(id), name, o);

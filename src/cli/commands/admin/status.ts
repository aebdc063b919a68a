/**
 * `pulse admin status ...`: the operator's writes to the status page, on the local store or, with a
 * base_url and an administrator's credential, on the deployment (/api/v2/status). Adding a component or
 * a notice, or setting a component's state, prints the id alone on stdout (for scripts); naming the page
 * and updating a notice confirm on stderr. --json prints the resource instead.
 */
import type { NoticeInput } from '../../../core/status/status-service.js';
import type { CommandContext, JsonOption } from '../../command-context.js';
import { parseMomentWord } from '../../dates.js';
import { UsageError } from '../../errors.js';
import { parseId } from '../status/flags.js';
import { allComponents, findComponent } from '../status/read.js';

export interface PageOptions {
  name: string;
  url?: string;
  json?: boolean;
}

export interface ComponentAddOptions {
  name: string;
  description?: string;
  parent?: string;
  state?: string;
  json?: boolean;
}

export interface ComponentSetOptions {
  state: string;
  json?: boolean;
}

export interface ComponentMoveOptions {
  to: string;
  json?: boolean;
}

export interface NoticeAddOptions {
  type: string;
  subject: string;
  beginsAt?: string;
  endsAt?: string;
  component?: string[];
  content?: string;
  json?: boolean;
}

export interface NoticeUpdateOptions {
  state?: string;
  content?: string;
  json?: boolean;
}

function checkUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {}
  throw new UsageError(`--url must be an absolute http(s) URL: ${value}`);
}

export async function page(cc: CommandContext, options: PageOptions): Promise<void> {
  const url = options.url === undefined ? undefined : checkUrl(options.url);
  const admin = await cc.backends.statusAdmin();
  const saved = await admin.setPage({ name: options.name, ...(url !== undefined ? { url } : {}) });
  if (options.json) return cc.out.json(saved);
  cc.out.note(`Status page "${saved.name}" (${saved.url}) is ${saved.state}.`);
}

/**
 * The id of each component named as the status readers name them: an id, or a name (case-insensitive).
 * The page's components are read only when a name is among `keys`.
 */
async function componentLookup(
  cc: CommandContext,
  keys: string[],
): Promise<(key: string, what: string) => number> {
  if (keys.every((key) => /^\d+$/.test(key.trim()))) return (key, what) => parseId(key, what);
  const components = await allComponents(await cc.backends.statusAdmin());
  return (key, what) => findComponent(components, key, what).id;
}

/** The resource with --json; else its id alone, for scripts to capture. */
function printCreated(cc: CommandContext, options: JsonOption, resource: { id: number }): void {
  if (options.json) cc.out.json(resource);
  else cc.out.line(String(resource.id));
}

export async function addComponent(cc: CommandContext, options: ComponentAddOptions): Promise<void> {
  const { parent } = options;
  const parentId =
    parent === undefined ? undefined : (await componentLookup(cc, [parent]))(parent, '--parent');
  const admin = await cc.backends.statusAdmin();
  const component = await admin.addComponent({
    name: options.name,
    ...(options.description !== undefined ? { description: options.description } : {}),
    ...(parentId !== undefined ? { parent_id: parentId } : {}),
    ...(options.state !== undefined ? { state: options.state } : {}),
  });
  printCreated(cc, options, component);
}

export async function setComponent(
  cc: CommandContext,
  id: string,
  options: ComponentSetOptions,
): Promise<void> {
  const componentId = (await componentLookup(cc, [id]))(id, 'the component');
  const component = await (await cc.backends.statusAdmin()).setComponentState(componentId, options.state);
  printCreated(cc, options, component);
}

export async function moveComponent(
  cc: CommandContext,
  id: string,
  options: ComponentMoveOptions,
): Promise<void> {
  const componentId = (await componentLookup(cc, [id]))(id, 'the component');
  // Past the last place is the core's to say (it knows how many components there are).
  const position = /^\d{1,15}$/.test(options.to.trim()) ? Number(options.to.trim()) : 0;
  if (!Number.isSafeInteger(position) || position < 1) {
    throw new UsageError(`--to must be a position: a whole number from 1 (first), not ${options.to}`);
  }
  const component = await (await cc.backends.statusAdmin()).moveComponent(componentId, position);
  printCreated(cc, options, component);
}

export async function addNotice(cc: CommandContext, options: NoticeAddOptions): Promise<void> {
  const keys = options.component ?? [];
  const idOf = await componentLookup(cc, keys);
  const impacted = keys.map((key) => idOf(key, '--component'));
  const zone = cc.ctx.systemTimeZone();
  const now = cc.ctx.clock.now();
  const input: NoticeInput = { type: options.type, subject: options.subject };
  if (options.beginsAt !== undefined) {
    input.begins_at = await parseMomentWord(options.beginsAt, zone, now, '--begins-at');
  }
  if (options.endsAt !== undefined) {
    input.ends_at = await parseMomentWord(options.endsAt, zone, now, '--ends-at', true);
  }
  if (impacted.length > 0) input.component_ids = impacted;
  if (options.content !== undefined) input.content = options.content;
  const notice = await (await cc.backends.statusAdmin()).addNotice(input);
  printCreated(cc, options, notice);
}

export async function updateNotice(
  cc: CommandContext,
  id: string,
  options: NoticeUpdateOptions,
): Promise<void> {
  const noticeId = parseId(id, 'the notice id');
  if (options.state === undefined && options.content === undefined)
    throw new UsageError('notice update needs --state, --content or both');
  const notice = await (await cc.backends.statusAdmin()).updateNotice(noticeId, {
    ...(options.state !== undefined ? { state: options.state } : {}),
    ...(options.content !== undefined ? { content: options.content } : {}),
  });
  if (options.json) return cc.out.json(notice);
  // Updates are newest first: the one before this tells a transition from an update in the same state.
  const moved = notice.updates[1]?.state !== notice.state;
  cc.out.note(
    moved
      ? `Notice ${notice.id} is now ${notice.state} (${notice.timeline_state}).`
      : `Notice ${notice.id}: update added (still ${notice.state}).`,
  );
}

/**
 * `pulse admin status webhook add|list|remove|deliveries`: the status page's webhooks, on the local store
 * or, with a base_url and an administrator's credential, on the deployment (/api/v2/status/webhooks).
 * `pulse serve` posts the events; a local command only registers and reads.
 */
import type { WebhookInput } from '../../../core/webhooks/types.js';
import type { CommandContext, JsonOption } from '../../command-context.js';
import { UsageError } from '../../errors.js';
import { readStdin } from '../../input.js';
import { parseId } from '../status/flags.js';
import { attemptColumns } from './delivery-columns.js';

export interface AddOptions {
  secret?: string;
  events?: string;
  format?: string;
  json?: boolean;
}

export interface DeliveriesOptions {
  failed?: boolean;
  webhook?: string;
  limit?: string;
  json?: boolean;
}

function checkUrl(value: string): string {
  try {
    const url = new URL(value);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '')
      return value;
  } catch {}
  throw new UsageError(`the webhook URL must be an absolute http(s) URL without credentials: ${value}`);
}

/**
 * Prints the id, then the secret, each alone on a line (for scripts): the secret is shown this once and
 * goes to stdout only, never to a log.
 */
export async function add(cc: CommandContext, url: string, options: AddOptions): Promise<void> {
  const input: WebhookInput = { url: checkUrl(url) };
  if (options.secret !== undefined) {
    const secret = options.secret === '-' ? (await readStdin(cc)).trim() : options.secret;
    if (secret === '') throw new UsageError('--secret -: no secret on stdin');
    input.secret = secret;
  }
  if (options.events !== undefined) {
    input.events = options.events
      .split(',')
      .map((type) => type.trim())
      .filter((type) => type !== '');
  }
  if (options.format !== undefined) input.format = options.format;
  const webhook = await (await cc.backends.statusAdmin()).addWebhook(input);
  if (options.json) return cc.out.json(webhook);
  cc.out.line(String(webhook.id));
  cc.out.line(webhook.secret);
  if (cc.out.isTerminal) cc.out.note('Keep the secret (the second line) now: it will not be shown again.');
}

export async function list(cc: CommandContext, options: JsonOption): Promise<void> {
  const webhooks = (await (await cc.backends.statusAdmin()).listWebhooks()).items;
  if (options.json) return cc.out.json(webhooks);
  await cc.out.table(webhooks, [
    { header: 'ID', cell: (w) => String(w.id) },
    { header: 'URL', cell: (w) => w.url },
    { header: 'FORMAT', cell: (w) => w.format },
    { header: 'EVENTS', cell: (w) => (w.events === null ? 'all' : w.events.join(',')) },
    { header: 'CREATED', cell: (w) => cc.out.time(w.created_at) },
  ]);
}

export async function remove(cc: CommandContext, id: string): Promise<void> {
  const webhookId = parseId(id, 'the webhook id');
  await (await cc.backends.statusAdmin()).removeWebhook(webhookId);
  cc.out.note(`Webhook ${webhookId} removed.`);
}

export async function deliveries(cc: CommandContext, options: DeliveriesOptions): Promise<void> {
  const limit = options.limit === undefined ? undefined : Number(options.limit);
  if (limit !== undefined && (!/^\d+$/.test(options.limit ?? '') || limit < 1 || limit > 500))
    throw new UsageError(`--limit must be a whole number from 1 to 500: ${options.limit}`);
  const { items: log } = await (await cc.backends.statusAdmin()).listDeliveries({
    ...(options.failed ? { failed: true } : {}),
    ...(options.webhook !== undefined ? { webhook_id: parseId(options.webhook, '--webhook') } : {}),
    ...(limit !== undefined ? { limit } : {}),
  });
  if (options.json) return cc.out.json(log);
  await cc.out.table(log, [
    { header: 'ID', cell: (d) => String(d.id) },
    { header: 'WEBHOOK', cell: (d) => String(d.webhook_id) },
    ...attemptColumns(cc),
  ]);
}

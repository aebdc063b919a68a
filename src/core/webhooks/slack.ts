/**
 * The Slack-compatible body of a status event (`--format slack`): an incoming webhook's `{text, blocks}`,
 * the text for notifications and clients without blocks, one section in mrkdwn for the rest.
 */
import type { WebhookEvent } from './types.js';

export interface SlackMessage {
  text: string;
  blocks: { type: 'section'; text: { type: 'mrkdwn'; text: string } }[];
}

/** Slack's mrkdwn treats these three as markup: escaped as its documentation asks. */
export function escapeMrkdwn(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function field(data: unknown, name: string): unknown {
  return data !== null && typeof data === 'object' && name in data
    ? (data as Record<string, unknown>)[name]
    : undefined;
}

const HEADLINES: Record<string, string> = {
  'notice.created': 'New notice',
  'notice.updated': 'Notice updated',
  'notice.resolved': 'Notice resolved',
  'component.state_changed': 'Component state changed',
};

export function slackMessage(event: WebhookEvent): SlackMessage {
  const { data } = event;
  const headline = HEADLINES[event.type] ?? event.type;
  const state = String(field(data, 'state') ?? '').replaceAll('_', ' ');
  let text: string;
  let detail = '';
  if (event.type.startsWith('component.')) {
    text = `${headline}: ${String(field(data, 'name'))} is ${state}`;
  } else {
    text = `${headline}: ${String(field(data, 'subject'))} (${state})`;
    const updates = field(data, 'updates');
    const latest = Array.isArray(updates) ? field(updates[0], 'content') : undefined;
    if (typeof latest === 'string' && latest.trim() !== '') detail = `\n${escapeMrkdwn(latest)}`;
    const url = field(data, 'url');
    if (typeof url === 'string') detail += `\n<${escapeMrkdwn(url)}|View the notice>`;
  }
  return {
    text,
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `*${escapeMrkdwn(text)}*${detail}` } }],
  };
}

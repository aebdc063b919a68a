/**
 * POST /status_activities input: email, source, optional source_url and a description in simple HTML.
 * The HTML is sanitised to a small allow-list (sanitize-html); the plain description is the same text
 * with every tag stripped and entities decoded. Both libraries load only when an activity is pushed.
 */
import * as z from 'zod/mini';
import { isHttpUrl } from '../activity-input.js';
import { longerThan } from '../text.js';
import { parseInput } from '../validation.js';

const text = (name: string) => z.optional(z.nullable(z.string({ error: `${name} must be a string` })));
const schema = z.object(
  {
    email: text('email'),
    source: text('source'),
    source_url: text('source_url'),
    description: text('description'),
  },
  { error: 'the request body must be a JSON object' },
);

/** POST /status_activities' body, as callers send it. */
export type StatusActivityInput = z.input<typeof schema>;

/** A status activity whose shape and rules were checked, its description sanitised. */
export interface CheckedStatusActivity {
  email: string;
  source: string;
  sourceUrl: string | null;
  /** Sanitised HTML. */
  html: string;
  /** The text of the HTML, without markup. */
  plain: string;
}

const ALLOWED_TAGS = ['a', 'b', 'strong', 'i', 'em', 'code', 'br'];
export const MAX_DESCRIPTION = 2000;

/** Parses and checks the input: wrong types are a 400 (thrown), broken rules are returned as errors. */
export async function readStatusActivity(
  input: StatusActivityInput,
): Promise<{ value: CheckedStatusActivity; errors: string[] }> {
  const parsed = parseInput(schema, input);
  const errors: string[] = [];
  const email = parsed.email?.trim() ?? '';
  const source = parsed.source?.trim() ?? '';
  const description = parsed.description ?? '';
  if (email === '') errors.push('email is required');
  if (source === '' || longerThan(source, 64)) errors.push('source must be 1 to 64 characters');
  if (parsed.source_url != null && parsed.source_url !== '' && !isHttpUrl(parsed.source_url))
    errors.push('source_url must be an absolute http(s) URL');
  if (description.trim() === '' || longerThan(description, MAX_DESCRIPTION))
    errors.push(`description must be 1 to ${MAX_DESCRIPTION} characters`);
  const { html, plain } = errors.length === 0 ? await sanitise(description) : { html: '', plain: '' };
  if (errors.length === 0 && plain === '') errors.push('description must contain text, not only markup');
  return {
    value: { email, source, sourceUrl: parsed.source_url || null, html, plain },
    errors,
  };
}

export async function sanitise(description: string): Promise<{ html: string; plain: string }> {
  const [{ default: sanitizeHtml }, { decodeHTML }] = await Promise.all([
    import('sanitize-html'),
    import('entities'),
  ]);
  const html = sanitizeHtml(description, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    disallowedTagsMode: 'discard',
  }).trim();
  const stripped = sanitizeHtml(description.replace(/<br\s*\/?>/gi, ' '), {
    allowedTags: [],
    allowedAttributes: {},
  });
  const plain = decodeHTML(stripped).replace(/\s+/g, ' ').trim();
  return { html, plain };
}

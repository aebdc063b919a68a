/**
 * Who a person is, and how it may change: the field rules `pulse admin person add|edit`, `pulse init` and
 * `PATCH /api/v2/me` share, and the body of that extension (wrong types are 400, broken rules 422).
 */
import * as z from 'zod/mini';
import { longerThan, refuseBadText } from './text.js';
import { isTimeZone } from './time.js';

const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,38}$/;
// Deliberately permissive: local accounts such as root@localhost are real addresses on a machine.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

/** A person's fields as callers give them; those left out are not checked (nor changed). */
export interface PersonFields {
  name?: string | undefined;
  email?: string | undefined;
  username?: string | undefined;
  timeZone?: string | undefined;
}

/** Every broken rule of the given fields, each naming its field; bad text is refused first (422). */
export function personFieldErrors(fields: PersonFields): string[] {
  const { name, email, username, timeZone } = fields;
  refuseBadText({ name, email, username, 'time zone': timeZone });
  const errors: string[] = [];
  if (name !== undefined && (name.trim().length === 0 || longerThan(name, 255)))
    errors.push('name must be 1 to 255 characters');
  if (email !== undefined && (!EMAIL_PATTERN.test(email.trim()) || longerThan(email, 254)))
    errors.push(`email is not a valid address: ${email}`);
  if (username !== undefined && !USERNAME_PATTERN.test(username))
    errors.push('username must be 1 to 39 lower-case letters, digits, dots, dashes or underscores');
  if (timeZone !== undefined && !isTimeZone(timeZone))
    errors.push(`time zone is not an IANA zone name: ${timeZone}`);
  return errors;
}

const field = (name: string) => z.optional(z.string({ error: `${name} must be a string` }));

/**
 * The body of `PATCH /api/v2/me` (an extension): what a person may change of themselves. As everywhere
 * in v2, read-only and unknown fields are ignored: email and administrator are an administrator's to
 * change (`pulse admin person edit`), and the Person answered shows them unchanged.
 */
export const mePatchSchema = z.object(
  { name: field('name'), username: field('username'), time_zone: field('time_zone') },
  { error: 'the request body must be a JSON object' },
);

/** The fields of the caller to change; those left out keep their value. */
export type MePatch = z.input<typeof mePatchSchema>;

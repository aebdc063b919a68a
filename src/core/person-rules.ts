/**
 * Who a person is: the field rules `pulse admin person add|edit`, `pulse init` and `PATCH /api/v2/me`
 * share (broken rules are 422). The body of that extension is person-input.ts, loaded when it is used.
 */
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

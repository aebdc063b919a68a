/**
 * Changing who a person is, for `pulse admin person edit` (any field) and `pulse me edit` / `PATCH
 * /api/v2/me` (name, username, time zone). Uniqueness and the last administrator are conflicts (409).
 */
import { ConflictError, ValidationError } from './errors.js';
import { personFieldErrors } from './person-rules.js';
import type { PersonRow, PersonUpdate, Repository } from './repository.js';
import { splitName } from './v1/names.js';

export interface PersonChanges {
  name?: string | undefined;
  email?: string | undefined;
  username?: string | undefined;
  timeZone?: string | undefined;
  administrator?: boolean | undefined;
}

/**
 * Applies the changes to the person and returns them as stored. Nothing changes unless every rule holds:
 * the fields' rules (422), a free email and username (409), and at least one administrator left (409).
 * The slug (the v1 interface's handle) stays, so links made with it keep working after a rename.
 */
export async function changePerson(
  repo: Repository,
  person: PersonRow,
  changes: PersonChanges,
  updatedAt: string,
): Promise<PersonRow> {
  const errors = personFieldErrors(changes);
  if (errors.length > 0) throw new ValidationError(errors);
  return repo.transaction(async () => {
    const update: PersonUpdate = {};
    if (changes.name !== undefined && changes.name.trim() !== person.name) {
      const name = changes.name.trim();
      Object.assign(update, { name, ...splitName(name) });
    }
    if (changes.email !== undefined && changes.email.trim().toLowerCase() !== person.email.toLowerCase()) {
      const email = changes.email.trim();
      const holder = await repo.findPersonByEmail(email);
      if (holder && holder.id !== person.id) throw new ConflictError(`email is already taken: ${email}`);
      update.email = email.toLowerCase();
    }
    if (changes.username !== undefined && changes.username !== person.username) {
      if (await repo.usernameTaken(changes.username))
        throw new ConflictError(`username is already taken: ${changes.username}`);
      update.username = changes.username;
    }
    if (changes.timeZone !== undefined && changes.timeZone !== person.time_zone)
      update.time_zone = changes.timeZone;
    if (changes.administrator !== undefined && changes.administrator !== person.administrator) {
      if (!changes.administrator && (await repo.administratorCount()) <= 1) {
        throw new ConflictError(
          `${person.email} is the only administrator: make another person an administrator first`,
        );
      }
      update.administrator = changes.administrator;
    }
    if (Object.keys(update).length === 0) return person;
    await repo.updatePerson(person.id, update, updatedAt);
    return { ...person, ...update, updated_at: updatedAt };
  });
}

/** Stored rows for tests that write through the repository: a human in UTC, named and keyed as given. */
import type { PersonRow } from '../../src/core/repository.js';

/** A person row: `name` splits into first and last name as the store does; username and slug default to the id. */
export function personRow(
  id: string,
  name = id,
  options: { username?: string; slug?: string; createdAt?: string } = {},
): PersonRow {
  const { username = id, createdAt = '2026-01-01T00:00:00.000Z' } = options;
  const slug = options.slug ?? username;
  const [first = name, ...rest] = name.split(' ');
  return {
    id,
    name,
    first_name: first,
    last_name: rest.join(' '),
    slug,
    username,
    email: `${username}@example.com`,
    time_zone: 'UTC',
    location: null,
    title: null,
    bio: null,
    administrator: false,
    kind: 'human',
    created_at: createdAt,
    updated_at: createdAt,
  };
}

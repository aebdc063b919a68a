/**
 * How a full name becomes the v1 user's first and last name, slug and initials. The v2 Person's name is
 * the full name; the parts are derived once, when a person is created (or by the migration for people
 * created before), and kept.
 */

/** "Ana María Diaz" -> first "Ana María", last "Diaz"; a single word is a first name only. */
export function splitName(fullName: string): { first_name: string; last_name: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { first_name: words[0] ?? '', last_name: '' };
  return { first_name: words.slice(0, -1).join(' '), last_name: words.at(-1) as string };
}

/** Lower-case ASCII letters and digits joined by single hyphens: "Zoë O'Neil" -> "zoe-o-neil". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
}

/**
 * A person's slug: the slugified full name (the username when that leaves nothing), with -2, -3 ...
 * appended until `taken` says it is free.
 */
export async function freeSlug(
  fullName: string,
  username: string,
  taken: (slug: string) => Promise<boolean> | boolean,
): Promise<string> {
  const base = slugify(fullName) || slugify(username) || 'member';
  for (let suffix = 1; ; suffix++) {
    const candidate = suffix === 1 ? base : `${base}-${suffix}`;
    if (!(await taken(candidate))) return candidate;
  }
}

/** Lower-case initials of the first and last name: "Ana Diaz" -> "ad", "Plato" -> "p". */
export function initialsOf(firstName: string, lastName: string): string {
  const initial = (name: string) => [...name.trim()][0] ?? '';
  return `${initial(firstName)}${initial(lastName)}`.toLowerCase();
}

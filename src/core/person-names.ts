/**
 * People as people name them: by email, @username, full name, or one word of the name (first or last)
 * when it names one person only, in any case and without accents. The command line's person flags and
 * the answer engine's reading of a prompt (answers/reading/names.ts) match names with these same rules.
 */
import { fold } from './text.js';

/** What naming needs of a person: a stored row, or the Person a client gets from the Service. */
export interface NamedPerson {
  id: string;
  name: string;
  username: string;
  first_name?: string | undefined;
  last_name?: string | undefined;
}

/** Names are folded and split into their words ("Ana María Díaz" is ana, maria, diaz). */
export function nameWords(person: Pick<NamedPerson, 'name'>): string[] {
  return fold(person.name)
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter((word) => word.length >= 2);
}

/** The words that name a person alone: first name, last name and every word of the full name. */
export function firstAndLast(person: Pick<NamedPerson, 'name' | 'first_name' | 'last_name'>): string[] {
  const words = nameWords(person);
  const first = fold(person.first_name || (words[0] ?? ''));
  const last = fold(person.last_name || (words.at(-1) ?? ''));
  return [...new Set([first, last, ...words].filter((word) => word.length >= 2))];
}

/** Optimal string alignment distance, stopping early past 1: only "one typo or none" matters. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && a[start] === b[start]) start++;
  const restA = a.slice(start);
  const restB = b.slice(start);
  if (restA.slice(1) === restB.slice(1)) return true; // one substituted
  if (restA.slice(1) === restB || restA === restB.slice(1)) return true; // one added or left out
  return (
    restA.length >= 2 && restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2)
  );
}

/** Optimal string alignment distance (Levenshtein with adjacent swaps): how many typos apart. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        (rows[0] as number[])[j] = j;
        continue;
      }
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** What a reference names among people: one, several (an ambiguous word), or none (with the nearest). */
export type PersonMatch<P> =
  | { kind: 'one'; person: P }
  | { kind: 'several'; people: P[] }
  | { kind: 'none'; nearest: P[] };

/** How many typos a suggestion may be from what was typed: one in a short word, two from five letters. */
const typosAllowed = (length: number) => (length < 5 ? 1 : 2);
const MAX_SUGGESTIONS = 3;

/**
 * The person `reference` names: an email or a username (with or without @) exactly, else a full name,
 * else one word of names (first or last name alone), all up to case and accents. A reference naming
 * nobody gets the people whose name, name word or username is a typo or two away (or that the reference
 * begins), nearest first.
 */
export function matchPerson<P extends NamedPerson & { email: string }>(
  people: readonly P[],
  reference: string,
): PersonMatch<P> {
  const wanted = fold(reference.trim());
  const handle = wanted.replace(/^@/, '');
  const tiers: ((person: P) => boolean)[] = [
    (person) => fold(person.email) === wanted || fold(person.username) === handle,
    (person) => nameWords(person).join(' ') === nameWords({ name: handle }).join(' '),
    (person) => firstAndLast(person).includes(handle),
  ];
  for (const matches of tiers) {
    const found = people.filter(matches);
    if (found.length === 1) return { kind: 'one', person: found[0] as P };
    if (found.length > 1) return { kind: 'several', people: found };
  }
  return { kind: 'none', nearest: nearestPeople(people, handle) };
}

function nearestPeople<P extends NamedPerson & { email: string }>(
  people: readonly P[],
  reference: string,
): P[] {
  // An email is compared by the part before the @: every address of an account shares the domain.
  const typed = reference.split('@')[0] ?? '';
  if (typed.length < 2) return [];
  const scored = people.flatMap((person) => {
    const mailbox = fold(person.email).split('@')[0] ?? '';
    const keys = [fold(person.name), ...firstAndLast(person), fold(person.username), mailbox];
    const distance = Math.min(
      ...keys.map((key) =>
        key.length > typed.length + 1 && key.startsWith(typed) ? 1 : editDistance(typed, key),
      ),
    );
    return distance <= typosAllowed(typed.length) ? [{ person, distance }] : [];
  });
  return scored
    .sort((a, b) => a.distance - b.distance || a.person.name.localeCompare(b.person.name))
    .slice(0, MAX_SUGGESTIONS)
    .map(({ person }) => person);
}

/**
 * Finds people and teams by what a person types: an id, an email or @username (people), or a name
 * where it is unambiguous (core/person-names.ts says how people are named). Works through the Service, so it behaves the same locally and remotely.
 */
import { isUuid } from '../core/ids.js';
import { matchPerson, type PersonMatch } from '../core/person-names.js';
import type { Service } from '../core/service.js';
import { fold } from '../core/text.js';
import type { Person, Team } from '../core/types.js';
import { CliError, UsageError } from './errors.js';
import { ExitCode } from './exit-codes.js';
import { allPages } from './paging.js';

function pick<T extends { id: string; name: string }>(
  kind: string,
  flag: string,
  reference: string,
  candidates: T[],
  matches: (item: T) => boolean,
): T {
  const exact = candidates.filter(matches);
  if (exact.length === 1) return exact[0] as T;
  if (exact.length > 1) {
    const names = exact.map((item) => `${item.name} (${item.id})`).join(', ');
    throw new UsageError(`${flag}: "${reference}" matches several ${kind}: ${names}; use an id`);
  }
  throw new CliError(`${flag}: no ${kind.replace(/s$/, '')} matches "${reference}"`, ExitCode.notFound);
}

/** What `@me` names wherever a person is taken: the person acting (never someone with username "me"). */
export const ME = '@me';

export const isMe = (reference: string) => reference.trim().toLowerCase() === ME;

/** The one person a match found; several or none is an error naming them, or the nearest names. */
export function onePerson<P extends { name: string; email: string; username: string }>(
  match: PersonMatch<P>,
  reference: string,
  flag: string,
): P {
  if (match.kind === 'one') return match.person;
  if (match.kind === 'several') {
    // By email: people of one name list in id order, which is random.
    const names = [...match.people]
      .sort((a, b) => a.email.localeCompare(b.email))
      .map((person) => `${person.name} (${person.email})`)
      .join(', ');
    throw new UsageError(
      `${flag}: '${reference.trim()}' names several people: ${names}; name one by email or @username`,
    );
  }
  const guess = match.nearest.map((person) => person.name).join(' or ');
  throw new CliError(
    `${flag}: no person '${reference.trim()}'.${guess ? ` Did you mean ${guess}?` : ''}`,
    ExitCode.notFound,
  );
}

/**
 * A person by `@me`, id, email, username (with or without @), full name, or one word of a name when it
 * names one person (core/person-names.ts), in any case and without accents.
 */
export async function resolvePerson(service: Service, reference: string, flag: string): Promise<Person> {
  if (isMe(reference)) return service.me();
  if (isUuid(reference)) return service.getPerson(reference);
  const people = await allPages((page) => service.listPeople({ page, per_page: 50 }));
  return onePerson(matchPerson(people, reference), reference, flag);
}

export async function resolveTeam(service: Service, reference: string, flag: string): Promise<Team> {
  if (isUuid(reference)) return service.getTeam(reference);
  const teams = await allPages((page) => service.listTeams({ page, per_page: 50 }));
  const wanted = fold(reference.trim());
  return pick('teams', flag, reference, teams, (team) => fold(team.name) === wanted);
}

/** The ids a list's repeatable --person and --team filters name, set on its query (each only when given). */
export async function resolveAudience(
  service: Service,
  options: { person?: string[]; team?: string[] },
  query: { people_ids?: string[] | string; team_ids?: string[] | string },
): Promise<void> {
  if (options.person?.length) {
    query.people_ids = await Promise.all(
      options.person.map((p) => resolvePerson(service, p, '--person').then((x) => x.id)),
    );
  }
  if (options.team?.length) {
    query.team_ids = await Promise.all(
      options.team.map((t) => resolveTeam(service, t, '--team').then((x) => x.id)),
    );
  }
}

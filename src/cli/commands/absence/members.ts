/**
 * Who an absence is for (a member by id, slug, email, @username, name or `me`/`@me`) and whose "today"
 * the dates are read in.
 */
import { ServiceError } from '../../../core/errors.js';
import { matchPerson } from '../../../core/person-names.js';
import type { Person } from '../../../core/types.js';
import type { TeamService } from '../../../core/v1/team-service.js';
import type { V1Member } from '../../../core/v1/types.js';
import type { CommandContext } from '../../command-context.js';
import { todayIn } from '../../dates.js';
import { CliError, exitCodeFor, UsageError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';
import { allPages } from '../../paging.js';
import { isRemote } from '../../settings.js';

export const isMe = (reference: string) => ['me', '@me'].includes(reference.trim().toLowerCase());

/**
 * The acting person, asked for at most once. Locally that is the store's person (--as); remotely it needs
 * a v2 token, so it is asked for only when `me` is named, and otherwise today is the system zone's.
 */
export class Acting {
  private person?: Promise<Person>;
  private readonly remote: boolean;

  constructor(
    private readonly cc: CommandContext,
    /** Whether `me` is named somewhere (remotely, the person is then needed anyway). */
    private readonly namesMe: boolean,
  ) {
    this.remote = isRemote(cc.settings);
  }

  me(): Promise<Person> {
    this.person ??= this.cc.backends
      .service()
      .then((service) => service.me())
      .catch((error: unknown) => {
        if (this.remote && exitCodeFor(error) === ExitCode.auth) {
          throw new CliError('name the member: me needs pulse auth login (a v2 token)', ExitCode.auth);
        }
        throw error;
      });
    return this.person;
  }

  /** The acting person's date today; remotely without `me`, the date in the system's zone. */
  async today(): Promise<string> {
    const zone = this.remote && !this.namesMe ? this.cc.ctx.systemTimeZone() : (await this.me()).time_zone;
    return todayIn(zone, this.cc.ctx.clock.now());
  }
}

/** Resolves a member reference; an unknown one is a CliError with exit 3 (not found). */
export async function resolveMember(
  service: TeamService,
  reference: string,
  acting: Acting,
): Promise<V1Member> {
  const text = reference.trim();
  if (isMe(text)) {
    const email = (await acting.me()).email;
    const member = await memberByEmail(service, email);
    if (!member) throw new CliError(`you (${email}) are not a member of this team`, ExitCode.notFound);
    return member;
  }
  if (/.@/.test(text)) {
    const member = await memberByEmail(service, text);
    if (!member) throw new CliError(`no member with email ${text} in this team`, ExitCode.notFound);
    return member;
  }
  try {
    return await service.getMember(text);
  } catch (error) {
    if (!(error instanceof ServiceError && error.status === 404)) throw error;
  }
  return oneMember(matchMember(await allPages((page) => service.listMembers({ page })), text), text);
}

/** Members by @username, full name or one word of it, as people are named everywhere (person-names.ts). */
function matchMember(members: readonly V1Member[], reference: string) {
  const named = members.map((member) => ({
    member,
    id: member.id,
    name: member.user.full_name,
    first_name: member.user.first_name,
    last_name: member.user.last_name,
    username: member.username,
    email: member.user.email,
  }));
  return matchPerson(named, reference);
}

function oneMember(match: ReturnType<typeof matchMember>, reference: string): V1Member {
  if (match.kind === 'one') return match.person.member;
  if (match.kind === 'several') {
    const names = match.people.map((person) => `${person.name} (${person.email})`).join(', ');
    throw new UsageError(`'${reference}' names several members: ${names}; name one by email or slug`);
  }
  const guess = match.nearest.map((person) => person.name).join(' or ');
  throw new CliError(
    `no member '${reference}' in this team.${guess ? ` Did you mean ${guess}?` : ' Name one by id, slug, email, @username, name or me.'}`,
    ExitCode.notFound,
  );
}

async function memberByEmail(service: TeamService, email: string): Promise<V1Member | undefined> {
  const wanted = email.toLowerCase();
  for (let page = 1; ; page++) {
    const result = await service.listMembers({ q: email, page });
    const found = result.items.find((member) => member.user.email.toLowerCase() === wanted);
    if (found || !result.hasNext) return found;
  }
}

/**
 * Members of a file that names many (an import): the team's member list is read once, in pages, and each
 * reference is matched against it, so a CSV of 30 people costs a page or two rather than a request a
 * member (which a rate limit of one a second makes 30 s). A reference the list does not hold is resolved
 * as resolveMember does, with its answer and message.
 */
export class MemberDirectory {
  private members?: Promise<V1Member[]>;

  constructor(
    private readonly service: TeamService,
    private readonly acting: Acting,
  ) {}

  async resolve(reference: string): Promise<V1Member> {
    const text = reference.trim();
    if (!isMe(text)) {
      this.members ??= allPages((page) => this.service.listMembers({ page }));
      const members = await this.members;
      const wanted = text.toLowerCase();
      const found = members.find(
        (member) =>
          member.user.email.toLowerCase() === wanted || member.slug === wanted || member.id === text,
      );
      if (found) return found;
      const byName = matchMember(members, text);
      if (byName.kind === 'one') return byName.person.member;
    }
    return resolveMember(this.service, text, this.acting);
  }
}

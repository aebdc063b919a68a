/**
 * Operator actions on a local store: creating the account, people, teams and memberships. These are not
 * part of the v2 interface (which is read-only for people and teams); `pulse init` and `pulse admin` use
 * them, and every rule they apply lives here.
 */
import type { Clock } from './clock.js';
import { ConflictError, NotFoundError, ValidationError } from './errors.js';
import { isUuid, newId } from './ids.js';
import { changePerson, type PersonChanges } from './person-edit.js';
import { personFieldErrors } from './person-rules.js';
import type {
  MemberRole,
  MembershipRow,
  PersonRow,
  Repository,
  TeamQuestionTexts,
  TeamRow,
} from './repository.js';
import { longerThan, refuseBadText } from './text.js';
import { dateIn, dateProblem, isTimeZone, timestamp, wireTime } from './time.js';
import { hashToken, isScope, newTokenSecret, PAT_PREFIX, type Scope, type TokenRow } from './tokens.js';
import type { PersonKind } from './types.js';
import { freeSlug, splitName } from './v1/names.js';
import { createTeamKey } from './v1/team-keys.js';
import { DEFAULT_REPORT_DAYS, isWeekday, sortWeekdays, type Weekday } from './weekdays.js';

export interface NewPerson {
  name: string;
  email: string;
  username?: string | undefined;
  timeZone: string;
  administrator?: boolean | undefined;
  kind?: PersonKind | undefined;
  teams?: string[] | undefined;
  /** Show them the teams' check-ins dated before the day they join too (default: from that day on). */
  shareHistory?: boolean | undefined;
}

export interface NewTeam {
  name: string;
  private?: boolean | undefined;
  reportDays?: string[] | undefined;
  members?: string[] | undefined;
  description?: string | null | undefined;
}

export interface InitOptions {
  name: string;
  email: string;
  username?: string | undefined;
  timeZone: string;
  teamName?: string | undefined;
}

export interface NewToken {
  person: string;
  scope?: string | undefined;
  /** Seconds until it expires; none means it does not. */
  expiresIn?: number | undefined;
  name?: string | undefined;
}

/** What `pulse admin token list` lists: personal access tokens, OAuth sign-ins (grants), or both. */
export type TokenListKind = 'pat' | 'oauth';

/**
 * A token as operators see it: never the secret. An OAuth sign-in is one row per live grant (however
 * often its tokens were rotated): its id is the grant id, created_at when the person signed in,
 * expires_at when its current refresh token expires.
 */
export interface TokenInfo {
  id: string;
  kind: TokenListKind;
  person: { id: string; email: string };
  name: string | null;
  /** OAuth sign-ins: the client signed in to; null for personal access tokens. */
  client: { client_id: string; name: string | null } | null;
  scope: Scope;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
}

export interface JoinOptions {
  role?: MemberRole;
  manager?: boolean;
  /** Show them the team's check-ins dated before the day they join too (default: from that day on). */
  shareHistory?: boolean;
}

/**
 * What joining did: `added` a membership, `shared` the team's history with a member who had joined
 * without it, or left it `unchanged`.
 */
export type JoinResult = 'added' | 'shared' | 'unchanged';

/** The check-ins a newcomer would not see: the team's dated before `from`, the day they join. */
export interface HiddenHistory {
  team: TeamRow;
  from: string;
}

export const DEFAULT_TEAM_NAME = 'Team';

function personErrors(person: NewPerson): string[] {
  refuseBadText({ teams: person.teams });
  return personFieldErrors(person);
}

function reportDaysOf(days: string[] | undefined): Weekday[] {
  if (days === undefined) return [...DEFAULT_REPORT_DAYS];
  const normalised = days.map((day) => day.trim().toLowerCase()).filter((day) => day.length > 0);
  const unknown = normalised.filter((day) => !isWeekday(day));
  if (unknown.length > 0)
    throw new ValidationError([`report days must be day names (monday..sunday): ${unknown.join(', ')}`]);
  if (normalised.length === 0) throw new ValidationError(['report days must name at least one day']);
  return sortWeekdays(normalised as Weekday[]);
}

export class Admin {
  constructor(
    private readonly repo: Repository,
    private readonly clock: Clock,
  ) {}

  async isInitialised(): Promise<boolean> {
    return (await this.repo.account()) !== undefined;
  }

  /** Creates the account, its first administrator and a team; returns the administrator's id. */
  async initialise(options: InitOptions): Promise<string> {
    const teamName = options.teamName ?? DEFAULT_TEAM_NAME;
    refuseBadText({ 'team name': teamName });
    const person: NewPerson = { ...options, administrator: true, kind: 'human' };
    const errors = personErrors(person);
    if (teamName.trim().length === 0) errors.push('team name must not be empty');
    if (errors.length > 0) throw new ValidationError(errors);
    return this.repo.transaction(async () => {
      if (await this.repo.account()) throw new ConflictError('this store is already initialised');
      await this.repo.createAccount({ id: await newId(), name: teamName }, timestamp(this.clock.now()));
      const teamId = await this.addTeam({ name: teamName });
      const personId = await this.addPerson({ ...person, teams: [teamId] });
      await this.repo.setDefaultPersonId(personId);
      return personId;
    });
  }

  /** Adds a person; `teams` are team ids or names. Returns the new id. */
  async addPerson(person: NewPerson): Promise<string> {
    const errors = personErrors(person);
    if (errors.length > 0) throw new ValidationError(errors);
    return this.repo.transaction(async () => {
      const email = person.email.trim();
      if (await this.repo.findPersonByEmail(email))
        throw new ValidationError([`email is already taken: ${email}`]);
      const username = person.username ?? (await this.freeUsername(email));
      if (person.username !== undefined && (await this.repo.usernameTaken(username))) {
        throw new ValidationError([`username is already taken: ${username}`]);
      }
      const teams = await Promise.all((person.teams ?? []).map((team) => this.findTeam(team)));
      const now = timestamp(this.clock.now());
      const name = person.name.trim();
      const row: PersonRow = {
        id: await newId(),
        name,
        ...splitName(name),
        slug: await freeSlug(name, username, (slug) => this.repo.slugTaken(slug)),
        username,
        email,
        time_zone: person.timeZone,
        location: null,
        title: null,
        bio: null,
        administrator: person.administrator ?? false,
        kind: person.kind ?? 'human',
        created_at: now,
        updated_at: now,
      };
      await this.repo.insertPerson(row);
      for (const team of teams) {
        const visibleFrom = await this.visibleFrom(team, row.time_zone, person.shareHistory ?? false);
        await this.repo.addMembership(team.id, row.id, now, { visibleFrom });
      }
      return row.id;
    });
  }

  /** Changes a person named by email or id (any field, administrators only by design of the CLI). */
  async editPerson(person: string, changes: PersonChanges): Promise<PersonRow> {
    const row = await this.findPerson(person);
    return changePerson(this.repo, row, changes, timestamp(this.clock.now()));
  }

  /** Adds a team; `members` are emails. Returns the new id. */
  async addTeam(team: NewTeam): Promise<string> {
    refuseBadText({ name: team.name, description: team.description, members: team.members });
    const name = team.name.trim();
    if (name.length === 0 || longerThan(name, 255))
      throw new ValidationError(['team name must be 1 to 255 characters']);
    const reportDays = reportDaysOf(team.reportDays);
    return this.repo.transaction(async () => {
      if (await this.repo.findTeamByName(name))
        throw new ValidationError([`a team named ${name} already exists`]);
      const members = await Promise.all((team.members ?? []).map((email) => this.findPerson(email)));
      const now = timestamp(this.clock.now());
      const row: TeamRow = {
        id: await newId(),
        name,
        description: team.description ?? null,
        private: team.private ?? false,
        completion_tracking: true,
        mood_tracking: true,
        report_days: reportDays,
        created_at: now,
        updated_at: now,
        questions: null,
      };
      await this.repo.insertTeam(row);
      for (const member of members) await this.repo.addMembership(row.id, member.id, now);
      return row.id;
    });
  }

  /**
   * Adds a person to a team, reporting (active) or reading along (observer), optionally as a manager.
   * They see the team's check-ins dated from the day they join on, unless `shareHistory`. A member
   * already is left as they were, but for `shareHistory`, which shows them the whole history.
   */
  async joinTeam(team: string, person: string, options: JoinOptions = {}): Promise<JoinResult> {
    const [teamRow, personRow] = await Promise.all([this.findTeam(team), this.findPerson(person)]);
    const shareHistory = options.shareHistory ?? false;
    return this.repo.transaction(async () => {
      const visibleFrom = await this.visibleFrom(teamRow, personRow.time_zone, shareHistory);
      const { role, manager } = options;
      const added = await this.repo.addMembership(teamRow.id, personRow.id, timestamp(this.clock.now()), {
        ...(role === undefined ? {} : { role }),
        ...(manager === undefined ? {} : { manager }),
        visibleFrom,
      });
      if (added) return 'added';
      if (shareHistory && (await this.membershipHidesHistory(teamRow.id, personRow.id))) {
        await this.repo.shareTeamHistory(teamRow.id, personRow.id);
        return 'shared';
      }
      return 'unchanged';
    });
  }

  /**
   * What a newcomer in `timeZone` joining `team` today would not see without `shareHistory`: undefined
   * when the team has no check-in dated before that day (they would miss nothing), or when `timeZone`
   * is not one.
   */
  async hiddenHistory(team: string, timeZone: string): Promise<HiddenHistory | undefined> {
    // A zone that is no zone hides nothing here: adding the person refuses it with the other rules.
    if (!isTimeZone(timeZone)) return undefined;
    const teamRow = await this.findTeam(team);
    const from = dateIn(timeZone, this.clock.now());
    return (await this.repo.teamHasCheckInsBefore(teamRow.id, from)) ? { team: teamRow, from } : undefined;
  }

  /** The membership's visible_from: the day they join when the team has check-ins before it, else null. */
  private async visibleFrom(team: TeamRow, timeZone: string, shareHistory: boolean): Promise<string | null> {
    if (shareHistory) return null;
    const from = dateIn(timeZone, this.clock.now());
    return (await this.repo.teamHasCheckInsBefore(team.id, from)) ? from : null;
  }

  /** The person's membership of the team (ids, names or emails), if they are a member. */
  async membership(team: string, person: string): Promise<MembershipRow | undefined> {
    const [teamRow, personRow] = await Promise.all([this.findTeam(team), this.findPerson(person)]);
    return (await this.repo.membershipsOfTeam(teamRow.id)).find((m) => m.person_id === personRow.id);
  }

  private async membershipHidesHistory(teamId: string, personId: string): Promise<boolean> {
    const memberships = await this.repo.membershipsOfTeam(teamId);
    return memberships.some((m) => m.person_id === personId && m.visible_from !== null);
  }

  /** Removes a person from a team; false when they were not a member. */
  async leaveTeam(team: string, person: string): Promise<boolean> {
    const [teamRow, personRow] = await Promise.all([this.findTeam(team), this.findPerson(person)]);
    return this.repo.removeMembership(teamRow.id, personRow.id);
  }

  /** Marks a person absent on a date (the v1 issue adds commands; the rule already applies). */
  async addMemberAbsence(person: string, date: string): Promise<boolean> {
    refuseBadText({ date });
    const problem = dateProblem('date', date);
    if (problem) throw new ValidationError([problem]);
    return this.repo.addMemberAbsence((await this.findPerson(person)).id, date);
  }

  /**
   * Creates the team's v1 API key, or with `rotate` replaces it (the old key stops working at once).
   * The key is returned once; only its hash is kept.
   */
  async teamApiKey(
    team: string,
    options: { rotate?: boolean } = {},
  ): Promise<{ teamId: string; apiKey: string }> {
    const row = await this.findTeam(team);
    return this.repo.transaction(async () => {
      if (!options.rotate && (await this.repo.findTeamKey(row.id))) {
        throw new ConflictError(
          `team ${row.name} already has an API key; --rotate replaces it (the old key stops working)`,
        );
      }
      const { apiKey, key } = await createTeamKey(row.id, timestamp(this.clock.now()));
      await this.repo.saveTeamKey(key);
      return { teamId: row.id, apiKey };
    });
  }

  /** Sets the question texts of a team's reports; null restores the defaults. */
  async setTeamQuestions(team: string, questions: TeamQuestionTexts | null): Promise<void> {
    const row = await this.findTeam(team);
    const texts = Object.entries(questions ?? {}).filter(([, text]) => text !== undefined);
    refuseBadText(Object.fromEntries(texts.map(([name, text]) => [`question ${name}`, text])));
    for (const [name, text] of texts) {
      if (typeof text !== 'string' || text.trim() === '' || longerThan(text, 500))
        throw new ValidationError([`question ${name} must be 1 to 500 characters`]);
    }
    const merged = questions === null ? null : { ...(row.questions ?? {}), ...Object.fromEntries(texts) };
    await this.repo.setTeamQuestions(row.id, merged, timestamp(this.clock.now()));
  }

  /** Marks a whole team absent (a holiday) on a date. */
  async addTeamAbsence(team: string, date: string): Promise<boolean> {
    refuseBadText({ date });
    const problem = dateProblem('date', date);
    if (problem) throw new ValidationError([problem]);
    return this.repo.addTeamAbsence((await this.findTeam(team)).id, date);
  }

  /** Creates a personal access token; the secret is returned once and only its hash is kept. */
  async createToken(options: NewToken): Promise<{ id: string; token: string }> {
    refuseBadText({ 'token name': options.name });
    const scope = options.scope ?? 'write';
    if (!isScope(scope)) throw new ValidationError([`scope must be read or write, not ${scope}`]);
    if (options.name !== undefined && (options.name.trim() === '' || longerThan(options.name, 255))) {
      throw new ValidationError(['token name must be 1 to 255 characters']);
    }
    const person = await this.findPerson(options.person);
    const token = await newTokenSecret(PAT_PREFIX);
    const now = this.clock.now();
    const row: TokenRow = {
      id: await newId(),
      person_id: person.id,
      kind: 'pat',
      name: options.name?.trim() ?? null,
      scope,
      hash: await hashToken(token),
      created_at: timestamp(now),
      expires_at:
        options.expiresIn === undefined
          ? null
          : timestamp(new Date(now.getTime() + options.expiresIn * 1000)),
      revoked_at: null,
      last_used_at: null,
    };
    await this.repo.insertToken(row);
    return { id: row.id, token };
  }

  /** Personal access tokens (all, newest first), then live OAuth sign-ins (newest first). */
  async listTokens(kind?: TokenListKind): Promise<TokenInfo[]> {
    const pats = kind === 'oauth' ? [] : await this.repo.listTokens('pat');
    const grants = kind === 'pat' ? [] : await this.repo.listLiveGrants(timestamp(this.clock.now()));
    const personIds = [...new Set([...pats, ...grants].map((r) => r.person_id))];
    const people = new Map((await this.repo.peopleByIds(personIds)).map((p) => [p.id, p]));
    const person = (id: string) => ({ id, email: people.get(id)?.email ?? '' });
    return [
      ...pats.map((row) => ({
        id: row.id,
        kind: 'pat' as const,
        person: person(row.person_id),
        name: row.name,
        client: null,
        scope: row.scope,
        created_at: wireTime(row.created_at),
        expires_at: wireTime(row.expires_at),
        revoked_at: wireTime(row.revoked_at),
      })),
      ...grants.map((grant) => ({
        id: grant.grant_id,
        kind: 'oauth' as const,
        person: person(grant.person_id),
        name: null,
        client: { client_id: grant.client_id, name: grant.client_name },
        scope: grant.scope,
        created_at: wireTime(grant.signed_in_at),
        expires_at: wireTime(grant.refresh_expires_at),
        revoked_at: null,
      })),
    ];
  }

  /**
   * Revokes a personal access token named by its secret or id, or a whole OAuth sign-in named by its
   * grant id (or the id of any of its tokens): every access and refresh token of it, as reuse detection
   * does. False when it was revoked already.
   */
  async revokeToken(tokenOrId: string): Promise<boolean> {
    refuseBadText({ 'token or id': tokenOrId });
    const key = tokenOrId.trim();
    const id = isUuid(key) ? key.toLowerCase() : undefined;
    const row = key.startsWith(PAT_PREFIX)
      ? await this.repo.findTokenByHash(await hashToken(key))
      : id !== undefined
        ? await this.repo.findToken(id)
        : undefined;
    const now = timestamp(this.clock.now());
    if (row?.grant_id) return (await this.repo.revokeGrant(row.grant_id, now)) > 0;
    if (row) return this.repo.revokeToken(row.id, now);
    if (id !== undefined && (await this.repo.grantExists(id)))
      return (await this.repo.revokeGrant(id, now)) > 0;
    throw new NotFoundError('no such token or OAuth sign-in');
  }

  /** Records an activity from another tool for a person (integrations and seeding use it). */
  async recordActivity(activity: {
    person: string;
    kind: string;
    group: string;
    title?: string | null;
    description: string;
    url?: string | null;
    recordedAt: string;
  }): Promise<string> {
    const { person, kind, group, title, description, url } = activity;
    refuseBadText({ person, kind, group, title, description, url });
    const personRow = await this.findPerson(person);
    const id = await newId();
    await this.repo.insertActivity({
      id,
      person_id: personRow.id,
      kind: activity.kind,
      group_name: activity.group,
      title: activity.title ?? null,
      description: activity.description,
      url: activity.url ?? null,
      recorded_at: new Date(activity.recordedAt).toISOString(),
      check_in_id: null,
      html_description: null,
    });
    return id;
  }

  /** The person local commands act as by default. */
  async defaultPersonId(): Promise<string | undefined> {
    return this.repo.defaultPersonId();
  }

  /** A person by email (as `--as` and `--person` name them) or id. */
  async findPerson(emailOrId: string): Promise<PersonRow> {
    refuseBadText({ person: emailOrId });
    const row =
      (await this.repo.findPersonByEmail(emailOrId.trim())) ?? (await this.repo.findPerson(emailOrId));
    if (!row) throw new NotFoundError(`no person with email ${emailOrId} in this store`);
    return row;
  }

  /** A team by name or id. */
  async findTeam(nameOrId: string): Promise<TeamRow> {
    refuseBadText({ team: nameOrId });
    const row = (await this.repo.findTeamByName(nameOrId.trim())) ?? (await this.repo.findTeam(nameOrId));
    if (!row) throw new NotFoundError(`no team named ${nameOrId} in this store`);
    return row;
  }

  /** The email's local part, made a valid handle, with a number appended until it is free. */
  private async freeUsername(email: string): Promise<string> {
    const local = email.split('@')[0] ?? 'user';
    const base =
      local
        .toLowerCase()
        .replace(/[^a-z0-9._-]+/g, '-')
        .replace(/^[^a-z0-9]+/, '')
        .slice(0, 32) || 'user';
    for (let suffix = 1; ; suffix++) {
      const candidate = suffix === 1 ? base : `${base}${suffix}`;
      if (!(await this.repo.usernameTaken(candidate))) return candidate;
    }
  }
}

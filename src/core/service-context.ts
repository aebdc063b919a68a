/**
 * The kernel the parts of the core share (people, check-ins, goals, conversations, activities, Echoes,
 * asks, the digest): the repository, the clock and options, the viewer, the reads of people and teams
 * every part serialises with, and the parts themselves, which call each other through it (a goal
 * update reaches the digest, a published Echo answer reaches the answer jobs). CoreService, the
 * facade, only delegates the Service interface to the parts.
 */
import type { GenerativeProvider } from './answers/generative.js';
import type { BackgroundWork } from './background.js';
import { CheckIns } from './check-ins.js';
import type { Clock } from './clock.js';
import { ForbiddenError, UnauthenticatedError } from './errors.js';
import { People } from './people.js';
import type { PersonRow, Repository, TeamRow } from './repository.js';
import { personRef, UrlBuilder } from './serialize.js';
import { dateIn, timestamp } from './time.js';
import { allows, type Scope } from './tokens.js';
import type { Account, PersonRef } from './types.js';
import { filterableTeamIds, teamFilter, type Viewer } from './visibility.js';

export interface CoreOptions {
  clock: Clock;
  /** Base of every `url` field, e.g. https://pulse.example.com. */
  publicUrl: string;
  /** What the caller's credential allows; local use has write. */
  scope?: Scope;
  /** Where answers are written after the response: inline locally, on a queue in `pulse serve`. */
  background: BackgroundWork;
  /** A generative provider for Asks and Echo answers; without one they are extractive. */
  generative?: GenerativeProvider | undefined;
}

/**
 * Loads a part of the core (goals, Echoes, asks, ...) on its first use, once: a command loads only the
 * parts it calls, which keeps the code a command parses at start-up small.
 */
function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let part: Promise<T> | undefined;
  return () => (part ??= load());
}

/** Every person of the account is read in pages of this size. */
const PEOPLE_PAGE = 500;

export class ServiceContext {
  readonly urls: UrlBuilder;
  private viewerCache?: Promise<Viewer>;
  private accountCache?: Promise<Account>;

  constructor(
    readonly repo: Repository,
    private readonly actorId: string,
    readonly options: CoreOptions,
  ) {
    this.urls = new UrlBuilder(options.publicUrl);
  }

  // --- the parts ----------------------------------------------------------------------------------

  /** People, teams and check-ins: most commands read them, so they load with the core. */
  readonly people = new People(this);
  readonly checkIns = new CheckIns(this);
  readonly goals = onFirstUse(async () => new (await import('./goals.js')).Goals(this));
  readonly conversations = onFirstUse(
    async () => new (await import('./conversations.js')).Conversations(this),
  );
  readonly digest = onFirstUse(async () => new (await import('./digest.js')).Digest(this));
  readonly activities = onFirstUse(async () => new (await import('./activities.js')).Activities(this));
  readonly echoes = onFirstUse(async () => new (await import('./echoes.js')).Echoes(this));
  readonly echoAnswers = onFirstUse(async () => new (await import('./echo-answers.js')).EchoAnswers(this));
  readonly asks = onFirstUse(async () => new (await import('./asks.js')).Asks(this));
  readonly notificationSettings = onFirstUse(
    async () => new (await import('./notifications/settings.js')).NotificationSettings(this),
  );
  /** Writing answers as jobs (answer-jobs.ts); any context writes anyone's, as its owner sees it. */
  readonly answerJobs = onFirstUse(
    async () => new (await import('./answer-jobs.js')).AnswerJobs(this.repo, this.options.clock, () => this),
  );

  // --- the caller ---------------------------------------------------------------------------------

  /** A read-scope credential may not write (403), whatever the person may do. */
  requireScope(needed: Scope): void {
    if (!allows(this.options.scope ?? 'write', needed)) {
      throw new ForbiddenError(`this credential's scope does not allow ${needed}`);
    }
  }

  /** The person this context acts for, read once. */
  viewer(): Promise<Viewer> {
    this.viewerCache ??= (async () => {
      const person = await this.repo.findPerson(this.actorId);
      if (!person) throw new UnauthenticatedError(`no person with id ${this.actorId} in this store`);
      return this.viewerOf(person);
    })();
    return this.viewerCache;
  }

  /** The caller's row changed (`PATCH /me`): the next viewer() reads it again. */
  forgetViewer(): void {
    this.viewerCache = undefined;
  }

  /** The viewpoint of any person of the account (digest recipients, answers' owners), or undefined. */
  async viewerFor(personId: string): Promise<Viewer | undefined> {
    const person = await this.repo.findPerson(personId);
    if (!person) return undefined;
    return this.viewerOf(person);
  }

  private async viewerOf(person: PersonRow): Promise<Viewer> {
    const [teamIds, reportingTeamIds, teamsFrom] = await Promise.all([
      this.repo.teamIdsOfPeople([person.id]).then((byPerson) => byPerson.get(person.id) ?? []),
      this.repo.reportingTeamIdsOf(person.id),
      this.repo.teamsFromOf(person.id),
    ]);
    return { person, teamIds, reportingTeamIds, teamsFrom };
  }

  /** The viewer's "today": the current date in their time zone. */
  async today(): Promise<string> {
    const viewer = await this.viewer();
    return dateIn(viewer.person.time_zone, this.options.clock.now());
  }

  /** The clock's now as stored (an ISO 8601 timestamp). */
  now(): string {
    return timestamp(this.options.clock.now());
  }

  // --- reads every part serialises with -----------------------------------------------------------

  account(): Promise<Account> {
    this.accountCache ??= this.repo.account().then((account) => {
      if (!account) throw new Error('the store holds no account; run pulse init');
      return account;
    });
    return this.accountCache;
  }

  /** Every person of the account, by name. */
  async allPeople(): Promise<PersonRow[]> {
    const people: PersonRow[] = [];
    for (let offset = 0; ; offset += PEOPLE_PAGE) {
      const rows = await this.repo.listPeople({ offset, limit: PEOPLE_PAGE });
      people.push(...rows);
      if (rows.length < PEOPLE_PAGE) return people;
    }
  }

  /** Teams a viewer can see (canSeeTeam, applied by the store). */
  visibleTeams(viewer: Viewer): Promise<TeamRow[]> {
    return this.repo.listTeams({ offset: 0, limit: 10_000 }, teamFilter(viewer));
  }

  async personRows(ids: string[]): Promise<Map<string, PersonRow>> {
    const rows = await this.repo.peopleByIds([...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The people of ids as references, by id; a person no longer in the store has an empty name. */
  async personRefs(ids: string[]): Promise<(id: string) => PersonRef> {
    const people = await this.personRows(ids);
    return (id) => personRef(people.get(id) ?? { id, name: '' });
  }

  async teamRows(ids: string[]): Promise<Map<string, TeamRow>> {
    const rows = await this.repo.teamsByIds([...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * A list's team filter as the store takes it: lower-cased, without the teams the viewer cannot see
   * (visibility.ts, filterableTeamIds); undefined when the list is not filtered by team.
   */
  async teamFilterIds(viewer: Viewer, ids: readonly string[] | undefined): Promise<string[] | undefined> {
    if (ids === undefined) return undefined;
    const lowered = [...new Set(ids.map((id) => id.toLowerCase()))];
    return filterableTeamIds(viewer, lowered, await this.teamRows(lowered));
  }
}

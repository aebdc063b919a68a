/** The Service over the v2 HTTP interface: what `pulse` uses in remote mode. */
import { ServiceError, UnsupportedError } from '../core/errors.js';
import type {
  ActivityListQuery,
  CheckInListQuery,
  CheckInUpdate,
  DigestQuery,
  GoalListQuery,
  PageQuery,
  Service,
} from '../core/service.js';
import type {
  Activity,
  Ask,
  CheckIn,
  Comment,
  DigestEntry,
  EchoAnswer,
  EchoQuestion,
  Goal,
  GoalUpdate,
  Page,
  Person,
  Reaction,
  ResourceRef,
  Team,
} from '../core/types.js';
import type { EtagCache } from './etag-cache.js';
import { type HttpClient, nextLink, type Query } from './http-client.js';

const asList = (value: string[] | string | undefined) => (typeof value === 'string' ? [value] : value);
const segment = (value: string) => encodeURIComponent(value);
const itemPath = (resource: ResourceRef) =>
  `${resource.type === 'check-in' ? '/check-ins' : '/goal-updates'}/${segment(resource.id)}`;

export class RemoteService implements Service {
  constructor(
    private readonly http: HttpClient,
    private readonly cache?: EtagCache,
  ) {}

  me(): Promise<Person> {
    return this.one('/me');
  }

  listPeople(query: PageQuery = {}): Promise<Page<Person>> {
    return this.page('/people', { ...query });
  }

  getPerson(id: string): Promise<Person> {
    return this.one(`/people/${segment(id)}`);
  }

  listTeams(query: PageQuery = {}): Promise<Page<Team>> {
    return this.page('/teams', { ...query });
  }

  getTeam(id: string): Promise<Team> {
    return this.one(`/teams/${segment(id)}`);
  }

  listCheckIns(query: CheckInListQuery = {}): Promise<Page<CheckIn>> {
    return this.page('/check-ins', {
      ...query,
      people_ids: asList(query.people_ids),
      team_ids: asList(query.team_ids),
    });
  }

  getCheckIn(key: string): Promise<CheckIn> {
    return this.one(`/check-ins/${segment(key)}`);
  }

  async updateCheckIn(key: string, update: CheckInUpdate | unknown): Promise<CheckIn> {
    // Filling a check-in sets the same answers however often it is sent, so PATCH is safe to retry.
    const response = await this.http.send('PATCH', `/check-ins/${segment(key)}`, {
      body: update,
      idempotent: true,
    });
    return response.body as CheckIn;
  }

  listGoals(query: GoalListQuery = {}): Promise<Page<Goal>> {
    return this.page('/goals', {
      ...query,
      people_ids: asList(query.people_ids),
      team_ids: asList(query.team_ids),
      goal_ids: asList(query.goal_ids),
    });
  }

  getGoal(id: string): Promise<Goal> {
    return this.one(`/goals/${segment(id)}`);
  }

  async createGoal(input: unknown): Promise<Goal> {
    return (await this.http.send('POST', '/goals', { body: input })).body as Goal;
  }

  async updateGoal(id: string, input: unknown): Promise<Goal> {
    return (await this.http.send('PATCH', `/goals/${segment(id)}`, { body: input, idempotent: false }))
      .body as Goal;
  }

  async deleteGoal(id: string): Promise<void> {
    await this.http.send('DELETE', `/goals/${segment(id)}`);
  }

  listGoalUpdates(goalId: string, query: PageQuery = {}): Promise<Page<GoalUpdate>> {
    return this.page(`/goals/${segment(goalId)}/goal-updates`, { ...query });
  }

  getGoalUpdate(id: string): Promise<GoalUpdate> {
    return this.one(`/goal-updates/${segment(id)}`);
  }

  async createGoalUpdate(goalId: string, input: unknown): Promise<GoalUpdate> {
    return (await this.http.send('POST', `/goals/${segment(goalId)}/goal-updates`, { body: input }))
      .body as GoalUpdate;
  }

  async updateGoalUpdate(id: string, input: unknown): Promise<GoalUpdate> {
    return (await this.http.send('PATCH', `/goal-updates/${segment(id)}`, { body: input, idempotent: false }))
      .body as GoalUpdate;
  }

  async deleteGoalUpdate(id: string): Promise<void> {
    await this.http.send('DELETE', `/goal-updates/${segment(id)}`);
  }

  listComments(resource: ResourceRef, query: PageQuery = {}): Promise<Page<Comment>> {
    return this.page(`${itemPath(resource)}/comments`, { ...query });
  }

  async createComment(resource: ResourceRef, input: unknown): Promise<Comment> {
    return (await this.http.send('POST', `${itemPath(resource)}/comments`, { body: input })).body as Comment;
  }

  listReactions(resource: ResourceRef, query: PageQuery = {}): Promise<Page<Reaction>> {
    return this.page(`${itemPath(resource)}/reactions`, { ...query });
  }

  async addReaction(
    resource: ResourceRef,
    input: unknown,
  ): Promise<{ reaction: Reaction; created: boolean }> {
    const response = await this.extension(
      'adding or removing reactions',
      () => this.http.send('POST', `${itemPath(resource)}/reactions`, { body: input }),
      () => this.listReactions(resource, { per_page: 1 }),
    );
    return { reaction: response.body as Reaction, created: response.status === 201 };
  }

  async removeReaction(resource: ResourceRef, input: unknown): Promise<void> {
    // Removing is idempotent: safe to retry.
    await this.extension(
      'adding or removing reactions',
      () => this.http.send('DELETE', `${itemPath(resource)}/reactions`, { body: input, idempotent: true }),
      () => this.listReactions(resource, { per_page: 1 }),
    );
  }

  listActivities(query: ActivityListQuery = {}): Promise<Page<Activity>> {
    return this.page('/activities', {
      ...query,
      kinds: asList(query.kinds),
      people_ids: asList(query.people_ids),
      team_ids: asList(query.team_ids),
    });
  }

  getActivity(id: string): Promise<Activity> {
    return this.one(`/activities/${segment(id)}`);
  }

  async createActivity(input: unknown): Promise<Activity> {
    return (await this.http.send('POST', '/activities', { body: input })).body as Activity;
  }

  listEchoQuestions(query: PageQuery = {}): Promise<Page<EchoQuestion>> {
    return this.page('/echo/questions', { ...query });
  }

  getEchoQuestion(id: string): Promise<EchoQuestion> {
    return this.one(`/echo/questions/${segment(id)}`);
  }

  async createEchoQuestion(input: unknown): Promise<EchoQuestion> {
    return (await this.http.send('POST', '/echo/questions', { body: input })).body as EchoQuestion;
  }

  async updateEchoQuestion(id: string, input: unknown): Promise<EchoQuestion> {
    return (
      await this.http.send('PATCH', `/echo/questions/${segment(id)}`, { body: input, idempotent: false })
    ).body as EchoQuestion;
  }

  async deleteEchoQuestion(id: string): Promise<void> {
    await this.http.send('DELETE', `/echo/questions/${segment(id)}`);
  }

  pauseEchoQuestion(id: string): Promise<EchoQuestion> {
    return this.pausing(id, 'pause');
  }

  resumeEchoQuestion(id: string): Promise<EchoQuestion> {
    return this.pausing(id, 'resume');
  }

  private async pausing(id: string, action: 'pause' | 'resume'): Promise<EchoQuestion> {
    const response = await this.extension(
      'pausing and resuming Echoes',
      () => this.http.send('POST', `/echo/questions/${segment(id)}/${action}`, { body: {} }),
      () => this.getEchoQuestion(id),
    );
    return response.body as EchoQuestion;
  }

  listEchoAnswers(questionId: string, query: PageQuery = {}): Promise<Page<EchoAnswer>> {
    return this.page(`/echo/questions/${segment(questionId)}/answers`, { ...query });
  }

  getEchoAnswer(id: string): Promise<EchoAnswer> {
    return this.one(`/echo/answers/${segment(id)}`);
  }

  listAsks(query: PageQuery = {}): Promise<Page<Ask>> {
    return this.page('/asks', { ...query });
  }

  getAsk(id: string): Promise<Ask> {
    return this.one(`/asks/${segment(id)}`);
  }

  async createAsk(input: unknown): Promise<Ask> {
    return (await this.http.send('POST', '/asks', { body: input })).body as Ask;
  }

  listDigest(query: DigestQuery = {}): Promise<Page<DigestEntry>> {
    return this.page('/digest', {
      ...query,
      unread: query.unread === undefined ? undefined : String(query.unread),
    });
  }

  async markDigestRead(id: string): Promise<void> {
    await this.extension('marking digest entries read', () =>
      this.http.send('POST', `/digest/${segment(id)}/read`, { body: {}, idempotent: true }),
    );
  }

  async markAllDigestRead(): Promise<number> {
    const response = await this.extension(
      'marking digest entries read',
      () => this.http.send('POST', '/digest/read', { body: {}, idempotent: true }),
      async () => undefined,
    );
    return Number((response.body as { marked?: number } | null)?.marked ?? 0);
  }

  async close(): Promise<void> {
    await this.http.close();
  }

  /**
   * Extensions of `pulse serve` (reactions, pausing Echoes, marking digest entries read) may be missing
   * on another deployment, which answers 404 or 405 for the route. 405, or 404 while `exists` shows the
   * item is there, means the operation is missing; otherwise the 404 stands (no such item).
   */
  private async extension<T>(
    what: string,
    call: () => Promise<T>,
    exists?: () => Promise<unknown>,
  ): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ServiceError) || (error.status !== 404 && error.status !== 405)) throw error;
      if (error.status === 404 && exists) await exists();
      else if (error.status === 404) throw error;
      throw new UnsupportedError(`this deployment does not support ${what} (a pulse serve extension)`);
    }
  }

  /** A single resource, revalidated against the cache with If-None-Match. */
  private async one<T>(path: string): Promise<T> {
    const cached = await this.cache?.get(path);
    const response = await this.http.send(
      'GET',
      path,
      cached ? { headers: { 'if-none-match': cached.etag } } : {},
    );
    if (response.status === 304 && cached) return cached.body as T;
    const etag = response.headers.etag;
    if (this.cache && typeof etag === 'string') await this.cache.set(path, { etag, body: response.body });
    return response.body as T;
  }

  private async page<T>(path: string, query: Query & PageQuery): Promise<Page<T>> {
    const response = await this.http.send('GET', path, { query });
    return {
      items: (response.body ?? []) as T[],
      page: Number(query.page ?? 1),
      perPage: Number(query.per_page ?? 30),
      hasNext: nextLink(response.headers.link) !== undefined,
    };
  }
}

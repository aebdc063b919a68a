/** The Service over the v2 HTTP interface: what `pulse` uses in remote mode. */
import type { CheckInListQuery, CheckInUpdate, PageQuery, Service } from '../core/service.js';
import type { CheckIn, Page, Person, Team } from '../core/types.js';
import type { EtagCache } from './etag-cache.js';
import { type HttpClient, nextLink, type Query } from './http-client.js';

const asList = (value: string[] | string | undefined) => (typeof value === 'string' ? [value] : value);
const segment = (value: string) => encodeURIComponent(value);

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

  async close(): Promise<void> {
    await this.http.close();
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

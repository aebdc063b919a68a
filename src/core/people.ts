/** People and teams, as one person sees them: everyone in the account, private teams only as a member. */
import { NotFoundError } from './errors.js';
import { isUuid } from './ids.js';
import { pageOf, parsePaging, windowOf } from './paging.js';
import { changePerson } from './person-edit.js';
import type { MePatch } from './person-input.js';
import type { PersonRow, TeamRow } from './repository.js';
import { serializePerson, serializeTeam } from './serialize.js';
import type { PageQuery } from './service.js';
import type { ServiceContext } from './service-context.js';
import type { Page, Person, Team } from './types.js';
import { parseInput } from './validation.js';
import { canSeeTeam, teamFilter, visibleTeamsAmong } from './visibility.js';

export class People {
  constructor(private readonly context: ServiceContext) {}

  async me(): Promise<Person> {
    const viewer = await this.context.viewer();
    return (await this.serializePeople([viewer.person]))[0] as Person;
  }

  /** Changes the caller's own name, username or time zone (an extension of `pulse serve`). */
  async updateMe(input: MePatch): Promise<Person> {
    this.context.requireScope('write');
    // zod only for this write: the reads of people load none of it.
    const { mePatchSchema } = await import('./person-input.js');
    const patch = parseInput(mePatchSchema, input);
    const viewer = await this.context.viewer();
    const changes = { name: patch.name, username: patch.username, timeZone: patch.time_zone };
    await changePerson(this.context.repo, viewer.person, changes, this.context.now());
    // "today" and every serialisation follow the new values from here on.
    this.context.forgetViewer();
    return this.me();
  }

  async listPeople(query: PageQuery): Promise<Page<Person>> {
    const paging = parsePaging(query);
    const rows = await this.context.repo.listPeople(windowOf(paging));
    return pageOf(rows, paging, (page) => this.serializePeople(page));
  }

  async getPerson(id: string): Promise<Person> {
    await this.context.viewer();
    const row = isUuid(id) ? await this.context.repo.findPerson(id.toLowerCase()) : undefined;
    if (!row) throw new NotFoundError(`no person with id ${id}`);
    return (await this.serializePeople([row]))[0] as Person;
  }

  async listTeams(query: PageQuery): Promise<Page<Team>> {
    const paging = parsePaging(query);
    const viewer = await this.context.viewer();
    const rows = await this.context.repo.listTeams(windowOf(paging), teamFilter(viewer));
    return pageOf(rows, paging, (page) => this.serializeTeams(page));
  }

  async getTeam(id: string): Promise<Team> {
    const viewer = await this.context.viewer();
    const row = isUuid(id) ? await this.context.repo.findTeam(id.toLowerCase()) : undefined;
    if (!row || !canSeeTeam(viewer, row)) throw new NotFoundError(`no team with id ${id}`);
    return (await this.serializeTeams([row]))[0] as Team;
  }

  private async serializePeople(rows: PersonRow[]): Promise<Person[]> {
    if (rows.length === 0) return [];
    const [viewer, account] = await Promise.all([this.context.viewer(), this.context.account()]);
    const teamIdsByPerson = await this.context.repo.teamIdsOfPeople(rows.map((row) => row.id));
    const teams = await this.context.teamRows([...teamIdsByPerson.values()].flat());
    return rows.map((row) => {
      const visible = visibleTeamsAmong(viewer, teamIdsByPerson.get(row.id) ?? [], teams);
      return serializePerson(row, account, visible, this.context.urls);
    });
  }

  private async serializeTeams(rows: TeamRow[]): Promise<Team[]> {
    if (rows.length === 0) return [];
    const membersByTeam = await this.context.repo.memberRefsOfTeams(rows.map((row) => row.id));
    return rows.map((row) => serializeTeam(row, membersByTeam.get(row.id) ?? [], this.context.urls));
  }
}

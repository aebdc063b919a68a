/**
 * Activities: records from other tools and custom ones. A person sees their own and their teammates'
 * (people sharing a team with them); administrators see all.
 */
import {
  type ActivityInput,
  activityErrors,
  activityInputSchema,
  activityListParams,
} from './activity-input.js';
import { NotFoundError, ValidationError } from './errors.js';
import { isUuid, newId } from './ids.js';
import { pageOf, windowOf } from './paging.js';
import { parseQuery } from './query-params.js';
import type { ActivityRow } from './repository.js';
import { personRef } from './serialize.js';
import type { ServiceContext } from './service-context.js';
import { timestamp, wireTime } from './time.js';
import type { Activity, Page, PersonRef } from './types.js';
import { parseInput } from './validation.js';
import { activityPeople, canSeeActivity, type Viewer } from './visibility.js';

export function serializeActivity(row: ActivityRow, person: PersonRef): Activity {
  return {
    id: row.id,
    kind: row.kind,
    group: row.group_name,
    title: row.title,
    description: row.description,
    url: row.url,
    recorded_at: wireTime(row.recorded_at),
    person,
  };
}

export class Activities {
  constructor(private readonly context: ServiceContext) {}

  /** Ids of the people whose activities the viewer may see; undefined means everyone (administrators). */
  visiblePeople(viewer: Viewer): Promise<Set<string> | undefined> {
    return activityPeople(viewer, async (teamIds) =>
      [...(await this.context.repo.memberIdsOfTeams(teamIds)).values()].flat(),
    );
  }

  async list(query: unknown): Promise<Page<Activity>> {
    const parsed = parseQuery(activityListParams, query);
    const paging = { page: parsed.page ?? 1, perPage: parsed.per_page ?? 30 };
    const viewer = await this.context.viewer();
    let people = await this.visiblePeople(viewer);
    const narrow = (ids: Iterable<string>) => {
      const wanted = new Set(ids);
      people = new Set([...(people ?? wanted)].filter((id) => wanted.has(id)));
    };
    if (parsed.people_ids) narrow(parsed.people_ids.map((id) => id.toLowerCase()));
    const teamIds = await this.context.teamFilterIds(viewer, parsed.team_ids);
    if (teamIds) {
      const members =
        teamIds.length > 0 ? await this.context.repo.memberIdsOfTeams(teamIds) : new Map<string, string[]>();
      narrow([...members.values()].flat());
    }
    const rows = await this.context.repo.listActivities(
      {
        personIds: people && [...people],
        since: parsed.since,
        until: parsed.until,
        kinds: parsed.kinds,
        search: parsed.search,
        idPrefix: parsed.id_prefix,
      },
      windowOf(paging),
    );
    return pageOf(rows, paging, (page) => this.serialize(page));
  }

  async get(id: string): Promise<Activity> {
    const viewer = await this.context.viewer();
    const row = isUuid(id) ? await this.context.repo.findActivity(id.toLowerCase()) : undefined;
    const people = row && (await this.visiblePeople(viewer));
    if (!row || !canSeeActivity(people, row)) throw new NotFoundError(`no activity ${id}`);
    return (await this.serialize([row]))[0] as Activity;
  }

  /** A custom activity of the caller, recorded now. */
  async create(input: ActivityInput): Promise<Activity> {
    this.context.requireScope('write');
    const parsed = parseInput(activityInputSchema, input);
    const errors = activityErrors(parsed);
    if (errors.length > 0) throw new ValidationError(errors);
    const viewer = await this.context.viewer();
    const row: ActivityRow = {
      id: await newId(),
      person_id: viewer.person.id,
      kind: 'custom',
      group_name: (parsed.group as string).trim(),
      title: null,
      description: (parsed.description as string).trim(),
      url: parsed.url ?? null,
      recorded_at: timestamp(this.context.options.clock.now()),
      check_in_id: null,
      html_description: null,
    };
    await this.context.repo.insertActivity(row);
    return serializeActivity(row, personRef(viewer.person));
  }

  private async serialize(rows: ActivityRow[]): Promise<Activity[]> {
    const authorOf = await this.context.personRefs(rows.map((row) => row.person_id));
    return rows.map((row) => serializeActivity(row, authorOf(row.person_id)));
  }
}

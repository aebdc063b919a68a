/**
 * Short ids, as git takes them: wherever an id is taken, any unique prefix of 4 or more of its characters
 * names the item (`pulse goal view 0014`). A Service wrapped here expands a prefix before the call, the
 * same way locally and against any deployment. Check-ins, goals, activities, goal updates and Echo
 * answers, the kinds that grow without bound, ask a list for the ids starting with the prefix
 * (`id_prefix`, an extension: a seek in the primary key, at most LISTED + 1 ids read; goal updates and
 * Echo answers have lists of their own for it, across goals and questions). A deployment that ignores
 * the parameter answers with other ids, or out of id order, and one without the list answers 404: the
 * kind's list is then walked. The other kinds are walked.
 */
import { BadRequestError, NotFoundError, UnsupportedError } from './errors.js';
import { isUuid } from './ids.js';
import { MAX_PER_PAGE } from './page-size.js';
import type { PageQuery, Service } from './service.js';
import type { Page, ResourceRef } from './types.js';

/** The fewest characters a short id may have. */
export const MIN_PREFIX_LENGTH = 4;

/** How many matching ids an ambiguous prefix lists. */
const LISTED = 5;

/** 4 to 35 characters of a UUID's alphabet, and not a date (a check-in is also named by its date). */
export function isIdPrefix(value: string): boolean {
  return /^[0-9a-f][0-9a-f-]{3,34}$/i.test(value) && !isUuid(value) && !/^\d{4}-\d{2}-\d{2}$/.test(value);
}

type Items<T> = AsyncIterable<T>;

async function* pages<T>(list: (query: PageQuery) => Promise<Page<T>>): Items<T> {
  for (let page = 1; ; page++) {
    const found = await list({ page, per_page: MAX_PER_PAGE });
    yield* found.items;
    if (!found.hasNext || found.items.length === 0) return;
  }
}

async function* each<P, T>(parents: Items<P>, children: (parent: P) => Items<T>): Items<T> {
  for await (const parent of parents) yield* children(parent);
}

/**
 * The one id of `matches` (ids starting with `prefix`): none is not found (404), several a bad request
 * (400). `more` says that ids past those given match as well, uncounted.
 */
function theOne(prefix: string, kind: string, matches: string[], more = false): string {
  const [only] = matches;
  if (matches.length === 1 && only !== undefined && !more) return only;
  if (matches.length === 0) throw new NotFoundError(`no ${kind} has an id starting with ${prefix}`);
  matches.sort();
  const listed = matches.slice(0, LISTED).join(', ');
  const count = more ? `more than ${LISTED}` : String(matches.length);
  const rest = more ? ' and more' : matches.length > LISTED ? ` and ${matches.length - LISTED} more` : '';
  throw new BadRequestError([
    `the short id ${prefix} is ambiguous: ${count} ${kind}s match (${listed}${rest}); give more characters`,
  ]);
}

/** The one id of `candidates` starting with `prefix`, reading every candidate. */
export async function expandPrefix(
  prefix: string,
  kind: string,
  candidates: Items<{ id: string }>,
): Promise<string> {
  const wanted = prefix.toLowerCase();
  const matches: string[] = [];
  for await (const { id } of candidates) if (id.toLowerCase().startsWith(wanted)) matches.push(id);
  return theOne(prefix, kind, matches);
}

/** A list asked for the ids starting with a prefix (`id_prefix`), at most `per_page` of them. */
type PrefixList = (query: { id_prefix: string; per_page: number }) => Promise<Page<{ id: string }>>;

/**
 * The one id starting with `prefix`, asked of a list by `id_prefix`: LISTED + 1 ids tell one, none, or
 * an ambiguity with the ids to list. A list whose ids do not all start with the prefix ignored the
 * parameter (another deployment): `candidates` are then walked.
 */
export async function expandByQuery(
  prefix: string,
  kind: string,
  list: PrefixList,
  candidates: () => Items<{ id: string }>,
): Promise<string> {
  const wanted = prefix.toLowerCase();
  let found: Page<{ id: string }>;
  try {
    found = await list({ id_prefix: wanted, per_page: LISTED + 1 });
  } catch (error) {
    // A deployment without the list (goal updates and Echo answers have none of their own elsewhere).
    if (error instanceof UnsupportedError) return expandPrefix(prefix, kind, candidates());
    throw error;
  }
  const ids = found.items.map((item) => item.id);
  const more = ids.length > LISTED && found.hasNext;
  // A list that took id_prefix gives only such ids, in id order, and a short page only as its last.
  const honoured =
    ids.every((id, index) => id.toLowerCase().startsWith(wanted) && (ids[index - 1] ?? '') < id) &&
    (more || !found.hasNext);
  return honoured ? theOne(prefix, kind, ids, more) : expandPrefix(prefix, kind, candidates());
}

/** The service, taking a unique id prefix wherever it takes an id. */
export function withShortIds(service: Service): Service {
  const goals = () => pages((q) => service.listGoals({ ...q, archived: true }));
  const goalUpdates = () => each(goals(), (goal) => pages((q) => service.listGoalUpdates(goal.id, q)));
  const echoQuestions = () => pages((q) => service.listEchoQuestions(q));
  const kinds = {
    goal: goals,
    'goal update': goalUpdates,
    'check-in': () => pages((q) => service.listCheckIns(q)),
    'Echo question': echoQuestions,
    'Echo answer': () => each(echoQuestions(), (q) => pages((p) => service.listEchoAnswers(q.id, p))),
    ask: () => pages((q) => service.listAsks(q)),
    person: () => pages((q) => service.listPeople(q)),
    team: () => pages((q) => service.listTeams(q)),
    activity: () => pages((q) => service.listActivities(q)),
  };
  const queried: Partial<Record<Kind, PrefixList>> = {
    goal: (q) => service.listGoals({ ...q, archived: true }),
    'check-in': (q) => service.listCheckIns(q),
    activity: (q) => service.listActivities(q),
    'goal update': (q) => service.listGoalUpdatesByIdPrefix(q),
    'Echo answer': (q) => service.listEchoAnswersByIdPrefix(q),
  };
  type Kind = keyof typeof kinds;
  const expand = (kind: Kind, prefix: string) => {
    const list = queried[kind];
    return list === undefined
      ? expandPrefix(prefix, kind, kinds[kind]())
      : expandByQuery(prefix, kind, list, kinds[kind]);
  };
  const full = (kind: Kind, id: string) => (isIdPrefix(id) ? expand(kind, id) : Promise.resolve(id));
  const ref = async (resource: ResourceRef): Promise<ResourceRef> => ({
    ...resource,
    id: await full(resource.type === 'check-in' ? 'check-in' : 'goal update', resource.id),
  });
  // Each method taking an id: the same call with the id made whole.
  const byId =
    <Args extends unknown[], R>(kind: Kind, call: (id: string, ...rest: Args) => Promise<R>) =>
    async (id: string, ...rest: Args) =>
      call(await full(kind, id), ...rest);
  const byRef =
    <Args extends unknown[], R>(call: (resource: ResourceRef, ...rest: Args) => Promise<R>) =>
    async (resource: ResourceRef, ...rest: Args) =>
      call(await ref(resource), ...rest);
  const wrapped: Partial<Service> = {
    getPerson: byId('person', (id) => service.getPerson(id)),
    getTeam: byId('team', (id) => service.getTeam(id)),
    getCheckIn: byId('check-in', (id) => service.getCheckIn(id)),
    updateCheckIn: byId('check-in', (id, update) => service.updateCheckIn(id, update)),
    clearCheckIn: byId('check-in', (id) => service.clearCheckIn(id)),
    getGoal: byId('goal', (id) => service.getGoal(id)),
    updateGoal: byId('goal', (id, input) => service.updateGoal(id, input)),
    deleteGoal: byId('goal', (id) => service.deleteGoal(id)),
    listGoalUpdates: byId('goal', (id, query) => service.listGoalUpdates(id, query)),
    createGoalUpdate: byId('goal', (id, input) => service.createGoalUpdate(id, input)),
    getGoalUpdate: byId('goal update', (id) => service.getGoalUpdate(id)),
    updateGoalUpdate: byId('goal update', (id, input) => service.updateGoalUpdate(id, input)),
    deleteGoalUpdate: byId('goal update', (id) => service.deleteGoalUpdate(id)),
    listComments: byRef((resource, query) => service.listComments(resource, query)),
    createComment: byRef((resource, input) => service.createComment(resource, input)),
    listReactions: byRef((resource, query) => service.listReactions(resource, query)),
    addReaction: byRef((resource, input) => service.addReaction(resource, input)),
    removeReaction: byRef((resource, input) => service.removeReaction(resource, input)),
    getActivity: byId('activity', (id) => service.getActivity(id)),
    getEchoQuestion: byId('Echo question', (id) => service.getEchoQuestion(id)),
    updateEchoQuestion: byId('Echo question', (id, input) => service.updateEchoQuestion(id, input)),
    deleteEchoQuestion: byId('Echo question', (id) => service.deleteEchoQuestion(id)),
    pauseEchoQuestion: byId('Echo question', (id) => service.pauseEchoQuestion(id)),
    resumeEchoQuestion: byId('Echo question', (id) => service.resumeEchoQuestion(id)),
    listEchoAnswers: byId('Echo question', (id, query) => service.listEchoAnswers(id, query)),
    getEchoAnswer: byId('Echo answer', (id) => service.getEchoAnswer(id)),
    getAsk: byId('ask', (id) => service.getAsk(id)),
  };
  // The other methods are the service's own, bound to it (a Proxy keeps the wrapper exhaustive).
  return new Proxy(service, {
    get(target, property, receiver) {
      if (Object.hasOwn(wrapped, property)) return Reflect.get(wrapped, property);
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

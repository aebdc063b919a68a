/** `pulse goal list|view|create|edit|archive|unarchive|delete|tree`. */
import { ForbiddenError } from '../../../core/errors.js';
import { childrenProgress } from '../../../core/goal-rollup.js';
import type { GoalListQuery, Service } from '../../../core/service.js';
import { textErrors } from '../../../core/text.js';
import type { Goal } from '../../../core/types.js';
import type { CommandContext, JsonOption } from '../../command-context.js';
import { confirmRemoval } from '../../confirm.js';
import { parseDateWord, todayIn } from '../../dates.js';
import { requireChanges, UsageError } from '../../errors.js';
import { firstItems, pagesUpTo, parseLimit } from '../../paging.js';
import { resolvePerson, resolveTeam } from '../../resolve.js';
import { buildTree, goalColumns, plainTreeRows, renderGoal, renderTree } from './render.js';
import { resolveGoal } from './resolve-goal.js';

export interface ListOptions {
  person?: string[];
  team?: string[];
  since?: string;
  mine?: boolean;
  archived?: boolean;
  search?: string;
  limit?: string;
  all?: boolean;
  json?: boolean;
}

export interface GoalFields {
  title?: string;
  description?: string;
  start?: string;
  end?: string;
  cadence?: string;
  owner?: string;
  contributor?: string[];
  team?: string[];
  /** A goal reference, or false for --no-parent (commander folds both into one option). */
  parent?: string | false;
  private?: boolean;
  public?: boolean;
  json?: boolean;
}

const CADENCE_WORDS: Record<string, string> = { weekly: 'Weekly', biweekly: 'Biweekly', monthly: 'Monthly' };

async function listQuery(cc: CommandContext, service: Service, options: ListOptions): Promise<GoalListQuery> {
  const query: GoalListQuery = options.archived ? { archived: true } : {};
  if (options.search !== undefined) query.search = options.search;
  const people = [...(options.person ?? [])];
  if (options.mine) query.people_ids = [(await service.me()).id];
  if (people.length) {
    const ids = await Promise.all(people.map((p) => resolvePerson(service, p, '--person').then((x) => x.id)));
    query.people_ids = [...(query.people_ids ?? []), ...ids];
  }
  if (options.team?.length) {
    query.team_ids = await Promise.all(
      options.team.map((t) => resolveTeam(service, t, '--team').then((x) => x.id)),
    );
  }
  if (options.since !== undefined) {
    const zone = (await service.me()).time_zone;
    query.since = parseDateWord(options.since, () => todayIn(zone, cc.ctx.clock.now()), '--since');
  }
  return query;
}

/** Goals per the options, walking pages up to the limit. */
async function fetchGoals(
  cc: CommandContext,
  service: Service,
  options: ListOptions,
  limit: number,
): Promise<Goal[]> {
  const query = await listQuery(cc, service, options);
  return firstItems(
    (page, per_page) => service.listGoals({ ...query, page, per_page }),
    limit,
    cc.ctx.streams.stderr,
  );
}

export async function list(cc: CommandContext, options: ListOptions): Promise<void> {
  const limit = parseLimit(options.limit, options.all);
  const service = await cc.backends.service();
  const query = await listQuery(cc, service, options);
  const goals = pagesUpTo((page, per_page) => service.listGoals({ ...query, page, per_page }), limit);
  await cc.out.listWalk(goals, options.json, 'No goals match.', goalColumns(cc.out), cc.ctx.shutdownSignal());
}

export async function view(cc: CommandContext, reference: string, options: JsonOption): Promise<void> {
  const service = await cc.backends.service();
  const goal = await resolveGoal(service, reference);
  if (options.json) return cc.out.json(goal);
  const [updates, goals] = await Promise.all([
    service.listGoalUpdates(goal.id, { per_page: 3 }),
    // Children are found among the goals the caller can see (archived ones only for an archived parent).
    fetchGoals(cc, service, { archived: goal.archived }, Number.POSITIVE_INFINITY),
  ]);
  const children = goals.filter((other) => other.parent?.id === goal.id);
  await renderGoal(cc.out, goal, updates.items, childrenProgress(children).get(goal.id));
}

/** The request body for the given flags: names resolved to ids, words to the interface's values. */
async function fieldsToInput(
  cc: CommandContext,
  service: Service,
  fields: GoalFields,
  /** Where to put what the person should read once the change is made. */
  options: { warnings?: string[] } = {},
): Promise<Record<string, unknown>> {
  const input: Record<string, unknown> = {};
  if (fields.private && fields.public) throw new UsageError('--private and --public cannot be used together');
  if (fields.title !== undefined) input.title = fields.title;
  if (fields.description !== undefined) input.description = fields.description;
  const zone = async () => (await service.me()).time_zone;
  // An end date is ahead of its goal: a bare weekday there is the next one, a window gives its last day.
  for (const [flag, key, value, reading] of [
    ['--start', 'start_date', fields.start, {}],
    ['--end', 'end_date', fields.end, { edge: 'end', direction: 'future' }],
  ] as const) {
    if (value === undefined) continue;
    const timeZone = await zone();
    const today = todayIn(timeZone, cc.ctx.clock.now());
    const date = value === '' ? null : parseDateWord(value, today, flag, reading);
    input[key] = date;
    if (key === 'end_date' && date !== null && date < today)
      options.warnings?.push(`warning: --end ${date} is in the past: the goal has already ended`);
  }
  if (fields.cadence !== undefined) {
    const cadence = CADENCE_WORDS[fields.cadence.trim().toLowerCase()];
    if (!cadence)
      throw new UsageError(`--cadence must be weekly, biweekly or monthly, not ${fields.cadence}`);
    input.update_cadence = cadence;
  }
  if (fields.owner !== undefined) input.owner_id = (await resolvePerson(service, fields.owner, '--owner')).id;
  if (fields.contributor !== undefined) {
    input.contributor_ids = await Promise.all(
      fields.contributor.map((p) => resolvePerson(service, p, '--contributor').then((x) => x.id)),
    );
  }
  if (fields.team !== undefined) {
    input.team_ids = await Promise.all(
      fields.team.map((t) => resolveTeam(service, t, '--team').then((x) => x.id)),
    );
  }
  if (fields.parent === false) input.parent_id = null;
  else if (fields.parent !== undefined)
    input.parent_id = (await resolveGoal(service, fields.parent, '--parent')).id;
  if (fields.private) input.private = true;
  if (fields.public) input.private = false;
  return input;
}

/**
 * Checks a prompt's answer by the rules its flag's value meets (core's goal field rules and text rule):
 * the first message, which the prompt shows before asking again, or true.
 */
async function goalAnswerCheck(field: 'title' | 'description'): Promise<(value: string) => string | true> {
  const { goalFieldErrors } = await import('../../../core/goal-field-rules.js');
  return (value) => {
    const answer = value.trim();
    if (field === 'description' && (answer === '' || answer === ':e')) return true;
    return [...textErrors({ [field]: answer }), ...goalFieldErrors({ [field]: answer }, false)][0] ?? true;
  };
}

async function promptNewGoal(cc: CommandContext, service: Service, fields: GoalFields): Promise<GoalFields> {
  const { input, select, confirm } = await import('@inquirer/prompts');
  const io = { input: cc.ctx.streams.stdin, output: cc.ctx.streams.stderr };
  const answers: GoalFields = { ...fields };
  answers.title ??= (
    await input({ message: 'Title:', required: true, validate: await goalAnswerCheck('title') }, io)
  ).trim();
  if (answers.description === undefined) {
    const description = (
      await input(
        {
          message: 'Description (Markdown, optional; :e opens your editor):',
          validate: await goalAnswerCheck('description'),
        },
        io,
      )
    ).trim();
    if (description === ':e') {
      const { editText } = await import('../../editor.js');
      answers.description = await editText(cc, '', 'description');
    } else if (description) answers.description = description;
  }
  if (answers.end === undefined) {
    const { goalFieldErrors } = await import('../../../core/goal-field-rules.js');
    const zone = (await service.me()).time_zone;
    const today = () => todayIn(zone, cc.ctx.clock.now());
    // The date as --end reads it, so a word is read once, here, against the day it was typed.
    const endDate = (value: string) => (value.trim() ? parseDateWord(value, today, 'end date') : '');
    const end = await input(
      {
        message: 'End date (YYYY-MM-DD or a date word, optional):',
        validate: (value) => {
          try {
            const date = endDate(value);
            return (date && goalFieldErrors({ end_date: date }, false)[0]) || true;
          } catch (error) {
            return error instanceof UsageError ? error.message : String(error);
          }
        },
      },
      io,
    );
    if (end.trim()) answers.end = endDate(end);
  }
  if (answers.cadence === undefined) {
    const cadence = await select(
      {
        message: 'Update cadence:',
        choices: [
          { name: 'none', value: '' },
          { name: 'weekly', value: 'weekly' },
          { name: 'biweekly', value: 'biweekly' },
          { name: 'monthly', value: 'monthly' },
        ],
      },
      io,
    );
    if (cadence) answers.cadence = cadence;
  }
  if (!answers.private && !answers.public) {
    // Under a private parent the answer defaults to private, as the flags do (docs/decisions.md).
    const parent =
      typeof answers.parent === 'string' ? await resolveGoal(service, answers.parent, '--parent') : undefined;
    const isPrivate = await confirm(
      {
        message: parent?.private
          ? `Private, like its parent "${parent.title}" (only owner, contributors and administrators see it)?`
          : 'Private (only owner, contributors and administrators see it)?',
        default: parent?.private ?? false,
      },
      io,
    );
    if (isPrivate) answers.private = true;
    else answers.public = true;
  }
  return answers;
}

export async function create(cc: CommandContext, fields: GoalFields): Promise<void> {
  const service = await cc.backends.service();
  let given = fields;
  if (fields.title === undefined) {
    if (!cc.settings.interactive)
      throw new UsageError('missing --title (prompts need a terminal and no --no-input)');
    given = await promptNewGoal(cc, service, fields);
  }
  // A goal recorded after the fact may have ended: said once it is made (a refused one warns of nothing).
  const warnings: string[] = [];
  const goal = await service.createGoal(await fieldsToInput(cc, service, given, { warnings }));
  for (const warning of warnings) cc.out.note(warning);
  if (fields.json) return cc.out.json(goal);
  await renderGoal(cc.out, goal, []);
  cc.out.note(`Created goal "${goal.title}".`);
}

export async function edit(cc: CommandContext, reference: string, fields: GoalFields): Promise<void> {
  const service = await cc.backends.service();
  const goal = await resolveGoal(service, reference);
  const input = requireChanges(await fieldsToInput(cc, service, fields), [
    '--title',
    '--description',
    '--start',
    '--end',
    '--cadence',
    '--owner',
    '--contributor',
    '--team',
    '--parent',
    '--private',
  ]);
  const ownersOnly = (
    [
      ['--owner', fields.owner !== undefined],
      ['--contributor', fields.contributor !== undefined],
      ['--private', fields.private === true],
      ['--public', fields.public === true],
    ] as const
  )
    .filter(([, given]) => given)
    .map(([flag]) => flag);
  const updated = await service
    .updateGoal(goal.id, input)
    .catch((error: unknown) =>
      refusedOwnerChange(
        error,
        ownersOnly.length > 0 ? `change goal "${goal.title}" with ${ownersOnly.join(', ')}` : undefined,
      ),
    );
  if (fields.json) return cc.out.json(updated);
  await renderGoal(cc.out, updated, []);
}

/**
 * A 403 to a change that touched what only the owner may change says so with the flags used: through
 * `pulse serve` a 403 has no body, so the client alone can name them. Other errors pass unchanged.
 */
function refusedOwnerChange(error: unknown, attempt: string | undefined): never {
  if (!(error instanceof ForbiddenError) || attempt === undefined || /scope/.test(error.message)) throw error;
  throw new ForbiddenError(
    `you may not ${attempt}: only its owner and administrators ` +
      'may hand it over, change its contributors, make it private or public, or archive it ' +
      '(contributors change its title, description, dates, cadence, parent and teams)',
  );
}

async function setArchived(
  cc: CommandContext,
  reference: string,
  archived: boolean,
  json?: boolean,
): Promise<void> {
  const service = await cc.backends.service();
  const goal = await resolveGoal(service, reference);
  const updated = await service
    .updateGoal(goal.id, { archived })
    .catch((error: unknown) =>
      refusedOwnerChange(error, `${archived ? 'archive' : 'unarchive'} goal "${goal.title}"`),
    );
  if (json) return cc.out.json(updated);
  cc.out.note(`${archived ? 'Archived' : 'Unarchived'} goal "${updated.title}".`);
}

export const archive = (cc: CommandContext, reference: string, options: JsonOption) =>
  setArchived(cc, reference, true, options.json);
export const unarchive = (cc: CommandContext, reference: string, options: JsonOption) =>
  setArchived(cc, reference, false, options.json);

export async function remove(
  cc: CommandContext,
  reference: string,
  options: { yes?: boolean },
): Promise<void> {
  const service = await cc.backends.service();
  const goal = await resolveGoal(service, reference);
  await confirmRemoval(
    cc,
    options,
    'deleting a goal',
    () => `Delete goal "${goal.title}" with its updates and their comments?`,
  );
  await service.deleteGoal(goal.id);
  cc.out.note(`Deleted goal "${goal.title}".`);
}

export async function tree(cc: CommandContext, options: ListOptions): Promise<void> {
  const service = await cc.backends.service();
  const goals = await fetchGoals(cc, service, options, Number.POSITIVE_INFINITY);
  const roots = buildTree(goals);
  if (options.json) return cc.out.json(goals);
  const children = childrenProgress(goals);
  if (!cc.out.isTerminal) {
    for (const row of plainTreeRows(roots, children))
      cc.out.line(row.map((field) => field.replace(/[\t\r\n]+/g, ' ')).join('\t'));
    return;
  }
  if (goals.length === 0) return cc.out.note('No goals yet: pulse goal create');
  renderTree(cc.out, roots, children);
}

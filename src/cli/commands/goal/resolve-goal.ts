/** Finds a goal by id or by an unambiguous fragment of its title (active goals; archived ones by id). */
import { ServiceError } from '../../../core/errors.js';
import { isUuid } from '../../../core/ids.js';
import type { Service } from '../../../core/service.js';
import { isIdPrefix } from '../../../core/short-ids.js';
import type { Goal } from '../../../core/types.js';
import { CliError, UsageError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';
import { allPages } from '../../paging.js';

export async function resolveGoal(service: Service, reference: string, what = 'GOAL'): Promise<Goal> {
  if (isUuid(reference)) return service.getGoal(reference);
  if (isIdPrefix(reference)) {
    // A short id first (`goal view 0014`); a title fragment that happens to be hex ("cafe") after it.
    const byId = await service.getGoal(reference).catch((error: unknown) => {
      if (error instanceof ServiceError && error.status === 404) return undefined;
      throw error;
    });
    if (byId) return byId;
  }
  const wanted = reference.trim().toLowerCase();
  if (wanted === '') throw new UsageError(`${what}: give a goal id or part of its title`);
  // archived=true (a pulse serve extension) lets archived goals be named too; elsewhere it is ignored.
  const goals = await allPages((page) => service.listGoals({ page, per_page: 50, archived: true }));
  const exact = goals.filter((goal) => goal.title.toLowerCase() === wanted);
  const matches =
    exact.length > 0 ? exact : goals.filter((goal) => goal.title.toLowerCase().includes(wanted));
  if (matches.length === 1) return matches[0] as Goal;
  if (matches.length === 0) throw new CliError(`${what}: no goal matches "${reference}"`, ExitCode.notFound);
  const names = matches.map((goal) => `"${goal.title}" (${goal.id})`).join(', ');
  throw new UsageError(
    `${what}: "${reference}" matches several goals: ${names}; use more of the title or an id`,
  );
}

/**
 * `pulse status --check`: the state word on stdout for scripts, what makes it so on stderr, and the exit
 * code a pipeline gates on (0 operational, 8 degraded, 9 under maintenance, as --fail-on allows).
 */
import type { StatusService } from '../../../core/status/status-service.js';
import type { PageState } from '../../../core/status/types.js';
import type { CommandContext } from '../../command-context.js';
import { CliError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';
import { type Assessment, allComponents, allNotices, assess } from './read.js';
import { kindOf } from './render.js';

/** The exit code of a state: 0, 8 or 9. */
export function checkCode(state: PageState): number {
  if (state === 'degraded') return ExitCode.degraded;
  if (state === 'under_maintenance') return ExitCode.maintenance;
  return ExitCode.ok;
}

export interface CheckOptions {
  component?: string;
  json?: boolean;
}

export async function check(
  cc: CommandContext,
  service: StatusService,
  options: CheckOptions,
  failOn: PageState[],
): Promise<void> {
  let result: Assessment = await assess(service, options.component, options.component !== undefined);
  if (result.root === null && result.state !== 'operational') {
    // The page's state alone answers an operational check; otherwise say why.
    result = {
      ...result,
      components: await allComponents(service),
      notices: await allNotices(service, { timeline_state_eq: 'present' }),
    };
  }
  const affected = result.components.filter((component) => component.state !== 'operational');
  if (options.json) {
    cc.out.json({
      state: result.state,
      component: result.root,
      components: affected,
      notices: result.notices,
    });
  } else {
    cc.out.line(result.state);
    if (result.state !== 'operational') {
      for (const component of affected) {
        cc.out.note(`component ${component.id} ${component.name}: ${component.state}`);
      }
      for (const notice of result.notices) {
        cc.out.note(`${kindOf(notice)} #${notice.id} ${notice.subject}: ${notice.state}`);
      }
    }
  }
  // A silent failure: the state has been printed; only the exit code remains to say.
  if (failOn.includes(result.state)) throw new CliError('', checkCode(result.state));
}

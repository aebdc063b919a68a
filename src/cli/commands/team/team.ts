/** `pulse team list` and `pulse team view TEAM`. */
import type { Team } from '../../../core/types.js';
import type { CommandContext, JsonOption } from '../../command-context.js';
import { allPages } from '../../paging.js';
import { resolveTeam } from '../../resolve.js';

export async function list(cc: CommandContext, options: JsonOption): Promise<void> {
  const service = await cc.backends.service();
  const teams = await allPages((page) => service.listTeams({ page, per_page: 50 }), cc.ctx.streams.stderr);
  if (options.json) return cc.out.json(teams);
  await cc.out.table(teams, [
    { header: 'ID', cell: (t: Team) => t.id, plainOnly: true },
    { header: 'NAME', cell: (t) => t.name },
    { header: 'PRIVATE', cell: (t) => (t.private ? 'private' : ''), plain: (t) => String(t.private) },
    { header: 'REPORT DAYS', cell: (t) => t.report_days.join(','), plain: (t) => t.report_days.join(',') },
    { header: 'MEMBERS', cell: (t) => String(t.people.length) },
  ]);
}

export async function view(cc: CommandContext, reference: string, options: JsonOption): Promise<void> {
  const team = await resolveTeam(await cc.backends.service(), reference, 'TEAM');
  if (options.json) return cc.out.json(team);
  const { out } = cc;
  out.line(`${out.style.bold(team.name)}${team.private ? out.style.dim(' (private)') : ''}`);
  if (team.description) out.line(team.description);
  out.line(`Report days: ${team.report_days.join(', ')}`);
  out.line(
    `Members (${team.people.length}): ${team.people.map((person) => person.name).join(', ') || out.style.dim('none')}`,
  );
  out.reference(team.id, 'pulse team view');
}

/** `pulse me`, `pulse me edit`, `pulse people list` and `pulse people view PERSON`. */
import type { Person } from '../../../core/types.js';
import type { CommandContext, JsonOption } from '../../command-context.js';
import { UsageError } from '../../errors.js';
import type { Output } from '../../output.js';
import { allPages } from '../../paging.js';
import { resolvePerson } from '../../resolve.js';

function renderPerson(out: Output, person: Person): void {
  const { style } = out;
  const badges = [
    person.administrator ? 'administrator' : undefined,
    person.kind === 'agent' ? 'agent' : undefined,
  ];
  const tags = badges.filter(Boolean).join(', ');
  out.line(
    `${style.bold(person.name)} @${person.username} <${person.email}>${tags ? style.dim(` (${tags})`) : ''}`,
  );
  out.line(`Time zone: ${person.time_zone}`);
  if (person.title) out.line(`Title: ${person.title}`);
  if (person.location) out.line(`Location: ${person.location}`);
  out.line(`Teams: ${person.teams.map((team) => team.name).join(', ') || style.dim('none')}`);
  out.line(`Account: ${person.account.name}`);
  out.reference(person.id, 'pulse people view');
}

export async function me(cc: CommandContext, options: JsonOption): Promise<void> {
  const person = await (await cc.backends.service()).me();
  if (options.json) return cc.out.json(person);
  renderPerson(cc.out, person);
}

export interface MeEditOptions extends JsonOption {
  name?: string;
  username?: string;
  timeZone?: string;
}

export async function meEdit(cc: CommandContext, options: MeEditOptions): Promise<void> {
  const { name, username, timeZone } = options;
  if ([name, username, timeZone].every((value) => value === undefined))
    throw new UsageError('nothing to change: give --name, --username or --time-zone');
  const person = await (await cc.backends.service()).updateMe({ name, username, time_zone: timeZone });
  if (options.json) return cc.out.json(person);
  renderPerson(cc.out, person);
}

export async function list(cc: CommandContext, options: JsonOption): Promise<void> {
  const service = await cc.backends.service();
  const people = await allPages((page) => service.listPeople({ page, per_page: 50 }), cc.ctx.streams.stderr);
  if (options.json) return cc.out.json(people);
  await cc.out.table(people, [
    { header: 'ID', cell: (p) => p.id, plainOnly: true },
    { header: 'NAME', cell: (p) => p.name },
    { header: 'USERNAME', cell: (p) => p.username },
    { header: 'EMAIL', cell: (p) => p.email },
    { header: 'TEAMS', cell: (p) => p.teams.map((team) => team.name).join(', ') },
    { header: 'ADMIN', cell: (p) => (p.administrator ? 'yes' : ''), plain: (p) => String(p.administrator) },
  ]);
}

export async function view(cc: CommandContext, reference: string, options: JsonOption): Promise<void> {
  const person = await resolvePerson(await cc.backends.service(), reference, 'PERSON');
  if (options.json) return cc.out.json(person);
  renderPerson(cc.out, person);
}

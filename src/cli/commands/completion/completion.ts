/** `pulse completion bash|zsh|fish` and the hidden `pulse __complete teams|people` its scripts call. */
import { existsSync } from 'node:fs';
import type { Team } from '../../../core/types.js';
import type { CommandContext } from '../../command-context.js';
import { allPages } from '../../paging.js';
import { isRemote } from '../../settings.js';
import { completionScript, type Shell } from './scripts.js';
import {
  type CommandTree,
  completionNodes,
  DYNAMIC_KINDS,
  type DynamicKind,
  globalValueFlags,
} from './spec.js';

/** Prints the script for `shell` from every command definition (the registry's). */
export async function run(cc: CommandContext, shell: Shell, tree: CommandTree): Promise<void> {
  const nodes = completionNodes(tree);
  cc.ctx.streams.stdout.write(completionScript(shell, nodes, globalValueFlags(nodes)));
}

const isDynamicKind = (kind: string): kind is DynamicKind => DYNAMIC_KINDS.some((known) => known === kind);

/**
 * One candidate a line: the names of the teams, or the emails of the people, the acting person can see.
 * Nothing for a local store that does not exist yet: pressing TAB must not create one.
 */
export async function candidates(cc: CommandContext, kind: string): Promise<void> {
  if (!isDynamicKind(kind)) return;
  if (!isRemote(cc.settings) && !existsSync(cc.settings.storePath)) return;
  // TAB must be quick and must not act: no waiting out an unreachable deployment, no sending of drafts.
  const service = await cc.backends.service({ impatient: true, sendDrafts: false });
  const lines =
    kind === 'teams'
      ? (await allPages<Team>((page) => service.listTeams({ page, per_page: 50 }))).map((team) => team.name)
      : (await allPages((page) => service.listPeople({ page, per_page: 50 }))).map((person) => person.email);
  cc.ctx.streams.stdout.write(lines.map((line) => `${line}\n`).join(''));
}

/**
 * Operator commands on the local store: `pulse init` and `pulse admin person|team ...`. Each prints the
 * new id alone on stdout so shell scripts can capture it.
 */
import type { HiddenHistory, JoinResult } from '../../../core/admin.js';
import { withoutPassword } from '../../../store/database-url.js';
import type { CommandContext } from '../../command-context.js';
import { UsageError } from '../../errors.js';

export interface InitOptions {
  name: string;
  email: string;
  username?: string;
  timeZone?: string;
  team?: string;
}

export interface PersonAddOptions {
  name: string;
  email: string;
  username?: string;
  timeZone?: string;
  team?: string[];
  admin?: boolean;
  agent?: boolean;
  shareHistory?: boolean;
}

export interface PersonEditOptions {
  name?: string;
  email?: string;
  username?: string;
  timeZone?: string;
  admin?: boolean;
}

export interface TeamAddOptions {
  name: string;
  private?: boolean;
  reportDays?: string;
  member?: string[];
}

export interface MembershipOptions {
  team: string;
  person: string;
}

export interface JoinOptions extends MembershipOptions {
  /** Reads along without reporting: not listed or counted by the v1 interface. */
  observer?: boolean;
  manager?: boolean;
  shareHistory?: boolean;
}

export async function init(cc: CommandContext, options: InitOptions): Promise<void> {
  const { admin } = await cc.backends.operator();
  const id = await admin.initialise({
    name: options.name,
    email: options.email,
    username: options.username,
    timeZone: options.timeZone ?? cc.ctx.systemTimeZone(),
    teamName: options.team,
  });
  cc.out.line(id);
  cc.out.note(
    `Initialised ${withoutPassword(cc.settings.storePath)} with ${options.name} <${options.email}> as administrator.`,
  );
}

export async function addPerson(cc: CommandContext, options: PersonAddOptions): Promise<void> {
  const { admin } = await cc.backends.operator();
  await ensureInitialised(cc);
  const timeZone = options.timeZone ?? cc.ctx.systemTimeZone();
  const hidden: HiddenHistory[] = [];
  let shareHistory = options.shareHistory;
  if (shareHistory === undefined && !options.admin) {
    for (const team of options.team ?? []) {
      const history = await admin.hiddenHistory(team, timeZone);
      if (history) hidden.push(history);
    }
    if (hidden.length > 0) shareHistory = await askToShareHistory(cc, options.name, hidden);
  }
  const id = await admin.addPerson({
    name: options.name,
    email: options.email,
    username: options.username,
    timeZone,
    administrator: options.admin ?? false,
    kind: options.agent ? 'agent' : 'human',
    teams: options.team,
    shareHistory,
  });
  cc.out.line(id);
  if (!shareHistory) for (const history of hidden) noteHiddenHistory(cc, options.email, history);
}

export async function editPerson(
  cc: CommandContext,
  person: string,
  options: PersonEditOptions,
): Promise<void> {
  const { name, email, username, timeZone, admin: administrator } = options;
  if ([name, email, username, timeZone, administrator].every((value) => value === undefined)) {
    throw new UsageError(
      'nothing to change: give --name, --email, --username, --time-zone, --admin or --no-admin',
    );
  }
  const { admin } = await cc.backends.operator();
  const edited = await admin.editPerson(person, { name, email, username, timeZone, administrator });
  cc.out.note(
    `${edited.name} <${edited.email}> @${edited.username}, time zone ${edited.time_zone}` +
      `${edited.administrator ? ', administrator' : ''}.`,
  );
}

export async function addTeam(cc: CommandContext, options: TeamAddOptions): Promise<void> {
  const { admin } = await cc.backends.operator();
  await ensureInitialised(cc);
  const reportDays = options.reportDays === undefined ? undefined : options.reportDays.split(',');
  const id = await admin.addTeam({
    name: options.name,
    private: options.private ?? false,
    reportDays,
    members: options.member,
  });
  cc.out.line(id);
}

export async function joinTeam(cc: CommandContext, options: JoinOptions): Promise<void> {
  const { admin } = await cc.backends.operator();
  let shareHistory = options.shareHistory;
  let hidden: HiddenHistory | undefined;
  if (shareHistory === undefined) {
    const person = await admin.findPerson(options.person);
    // Administrators see every check-in anyway, and a member already is left as they were.
    const newcomer = !person.administrator && !(await admin.membership(options.team, options.person));
    hidden = newcomer ? await admin.hiddenHistory(options.team, person.time_zone) : undefined;
    if (hidden) shareHistory = await askToShareHistory(cc, options.person, [hidden]);
  }
  const result = await admin.joinTeam(options.team, options.person, {
    role: options.observer ? 'observer' : 'active',
    manager: options.manager ?? false,
    shareHistory: shareHistory ?? false,
  });
  const as = [options.observer ? 'an observer' : undefined, options.manager ? 'a manager' : undefined]
    .filter(Boolean)
    .join(' and ');
  const said: Record<JoinResult, string> = {
    added: `Added ${options.person} to ${options.team}${as ? ` as ${as}` : ''}.`,
    shared: `${options.person} now sees all of ${options.team}'s check-ins.`,
    unchanged: `${options.person} is already in ${options.team} (left as it was).`,
  };
  cc.out.note(said[result]);
  if (result === 'added' && hidden && !shareHistory) noteHiddenHistory(cc, options.person, hidden);
}

/**
 * Whether a newcomer sees the teams' check-ins from before the day they join: asked on a terminal (no
 * by default); without one, no (the --share-history flag says yes).
 */
async function askToShareHistory(cc: CommandContext, who: string, hidden: HiddenHistory[]): Promise<boolean> {
  if (!cc.settings.interactive) return false;
  const { confirm } = await import('@inquirer/prompts');
  const teams = hidden.map((history) => history.team.name).join(', ');
  return confirm(
    {
      message: `${teams} ${hidden.length > 1 ? 'have' : 'has'} check-ins from before ${who} joins. Show ${who} those too?`,
      default: false,
    },
    { input: cc.ctx.streams.stdin, output: cc.ctx.streams.stderr },
  );
}

function noteHiddenHistory(cc: CommandContext, email: string, history: HiddenHistory): void {
  const team = /^[\w.@-]+$/.test(history.team.name) ? history.team.name : JSON.stringify(history.team.name);
  cc.out.note(
    `${email} sees ${history.team.name}'s check-ins from ${history.from} on; to show the earlier ones ` +
      `too: pulse admin team join --team ${team} --person ${email} --share-history`,
  );
}

export async function leaveTeam(cc: CommandContext, options: MembershipOptions): Promise<void> {
  const removed = await (await cc.backends.operator()).admin.leaveTeam(options.team, options.person);
  cc.out.note(
    removed
      ? `Removed ${options.person} from ${options.team}.`
      : `${options.person} was not in ${options.team}.`,
  );
}

/** Adding people or teams to a store that has no account yet creates it first, as any first use does. */
async function ensureInitialised(cc: CommandContext): Promise<void> {
  await cc.backends.service();
}

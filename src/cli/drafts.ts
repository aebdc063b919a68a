/**
 * Check-in drafts, of two kinds. Unsent: in remote mode, a check-in that could not be sent because the
 * server was unreachable is kept here until `pulse checkin --resume` or the next remote command sends it.
 * Interrupted: the answers of an interactive check-in whose prompts stopped (Ctrl-C, the terminal closed),
 * never sent by themselves, offered to resume by the next `pulse checkin` for their day. One file per profile
 * in pulse's state directory, 0600 in a 0700 directory, replaced atomically; it holds answers only, no
 * token. Only node:fs is loaded: every remote command stats this file before it starts.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckInUpdate } from '../core/service.js';
import { stateDir } from './paths.js';

export interface Draft {
  /** The deployment it was meant for: a draft is sent only there (an interrupted one: or the local store's path). */
  base_url: string;
  /** The person stopped the prompts: the answers are a start, to resume, never sent as they are. */
  interrupted?: true;
  /** The check-in's day (YYYY-MM-DD): check-ins are identified by person and day. */
  date: string;
  answers: CheckInUpdate;
  /** --team references not yet resolved to ids (the person could not be read while offline). */
  teams?: string[];
  saved_at: string;
}

interface DraftsFile {
  version: 1;
  drafts: Draft[];
}

type Env = Record<string, string | undefined>;

export function draftsPath(env: Env, profile: string): string {
  return join(stateDir(env), 'drafts', `${profile}.json`);
}

/** A stat of one file: what the automatic send costs when nothing is kept. */
export function hasDrafts(env: Env, profile: string): boolean {
  try {
    return statSync(draftsPath(env, profile)).size > 0;
  } catch {
    return false;
  }
}

export function readDrafts(env: Env, profile: string): Draft[] {
  let text: string;
  try {
    text = readFileSync(draftsPath(env, profile), 'utf8');
  } catch {
    return [];
  }
  try {
    const parsed = JSON.parse(text) as Partial<DraftsFile>;
    return Array.isArray(parsed.drafts) ? parsed.drafts : [];
  } catch {
    return [];
  }
}

/** Replaces the drafts (removing the file when none is left) through a rename, so a crash leaves either. */
export function writeDrafts(env: Env, profile: string, drafts: Draft[]): void {
  const path = draftsPath(env, profile);
  if (drafts.length === 0) {
    rmSync(path, { force: true });
    return;
  }
  const directory = join(stateDir(env), 'drafts');
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  chmodSync(directory, 0o700);
  const temporary = `${path}.${process.pid}.tmp`;
  const file: DraftsFile = { version: 1, drafts };
  writeFileSync(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

const sameDraft = (a: Draft, b: Pick<Draft, 'base_url' | 'date' | 'interrupted'>) =>
  a.base_url === b.base_url && a.date === b.date && a.interrupted === b.interrupted;

/** The interrupted check-in kept for a deployment (or store) and day, if any. */
export function interruptedDraft(
  env: Env,
  profile: string,
  base_url: string,
  date: string,
): Draft | undefined {
  return readDrafts(env, profile).find((draft) => sameDraft(draft, { base_url, date, interrupted: true }));
}

/** Removes the drafts matching `drop`, and returns them. */
export function dropDrafts(env: Env, profile: string, drop: (draft: Draft) => boolean): Draft[] {
  const drafts = readDrafts(env, profile);
  const dropped = drafts.filter(drop);
  if (dropped.length > 0)
    writeDrafts(
      env,
      profile,
      drafts.filter((draft) => !dropped.includes(draft)),
    );
  return dropped;
}

/** Keeps a draft; a later draft of the same kind for the same deployment and day is merged over the earlier one. */
export function keepDraft(env: Env, profile: string, draft: Draft): void {
  const drafts = readDrafts(env, profile);
  const index = drafts.findIndex((d) => sameDraft(d, draft));
  if (index < 0) drafts.push(draft);
  else {
    const earlier = drafts[index] as Draft;
    const teams = draft.teams ?? (draft.answers.team_ids ? undefined : earlier.teams);
    drafts[index] = {
      ...draft,
      answers: { ...earlier.answers, ...draft.answers },
      ...(teams ? { teams } : {}),
    };
  }
  writeDrafts(env, profile, drafts);
}

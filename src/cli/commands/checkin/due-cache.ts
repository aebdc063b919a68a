/**
 * The short memory of `pulse checkin due` in remote mode, so that a shell prompt asking at every line
 * costs at most one request a minute: the last answers (60 s) and, where the deployment does not answer
 * `today` or a team is asked about, the person's facts the question needs (time zone, the report days of
 * the teams asked about; an hour). One file per profile in pulse's cache
 * directory, 0600 in a 0700 directory. Only node:fs is loaded: `pulse checkin` forgets the answers when
 * it saves a check-in.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckInDue } from '../../../core/check-in-due.js';
import type { Team } from '../../../core/types.js';
import { cacheDir } from '../../paths.js';

type Env = Record<string, string | undefined>;

/** How long an answer is trusted. */
export const DUE_ANSWER_MS = 60_000;
/** How long the person's time zone and teams are trusted. */
export const DUE_FACTS_MS = 3_600_000;

export interface DueFacts {
  time_zone: string;
  teams: Pick<Team, 'id' | 'name'>[];
  /** Report days of the teams asked about, by id. */
  report_days: Record<string, Team['report_days']>;
  read_at: number;
  /** The deployment answered no `today` (not pulse serve, or an older one): ask by date. */
  today_unsupported?: boolean;
}

export interface DueCache {
  version: 1;
  /** The deployment the cache is about: another one's answers are not this one's. */
  target: string;
  facts?: DueFacts;
  /** By the --team asked about ("" for none). */
  answers: Record<string, { answer: CheckInDue; checked_at: number }>;
}

export function dueCachePath(env: Env, profile: string): string {
  return join(cacheDir(env), 'due', `${profile}.json`);
}

export function readDueCache(env: Env, profile: string, target: string): DueCache {
  const empty: DueCache = { version: 1, target, answers: {} };
  try {
    const parsed = JSON.parse(readFileSync(dueCachePath(env, profile), 'utf8')) as Partial<DueCache>;
    if (parsed.version !== 1 || parsed.target !== target || typeof parsed.answers !== 'object') return empty;
    return { ...empty, ...parsed, answers: parsed.answers ?? {} };
  } catch {
    return empty;
  }
}

export function writeDueCache(env: Env, profile: string, cache: DueCache): void {
  const path = dueCachePath(env, profile);
  const directory = join(cacheDir(env), 'due');
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  chmodSync(directory, 0o700);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(cache)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

/** A saved check-in changes the answer: the next `pulse checkin due` asks again (the facts stay). */
export function forgetDueState(env: Env, profile: string): void {
  let cache: Partial<DueCache>;
  try {
    cache = JSON.parse(readFileSync(dueCachePath(env, profile), 'utf8')) as Partial<DueCache>;
  } catch {
    return;
  }
  if (cache.version !== 1 || typeof cache.target !== 'string') return;
  writeDueCache(env, profile, {
    version: 1,
    target: cache.target,
    ...(cache.facts ? { facts: cache.facts } : {}),
    answers: {},
  });
}

/**
 * Resolves the effective settings of one invocation. Precedence: flags > environment (PULSE_*) >
 * profile > defaults.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigStore, checkProfileName, DEFAULT_PROFILE, type Profile } from './config-store.js';
import type { Context } from './context.js';
import { configDir, defaultStorePath } from './paths.js';

/** The options every command accepts (see `pulse --help`). */
export interface GlobalOptions {
  store?: string;
  profile?: string;
  as?: string;
  color?: boolean;
  input?: boolean;
  /** false with --no-pager. */
  pager?: boolean;
  verbose?: boolean;
}

export interface Settings {
  profileName: string;
  profile: Profile;
  storePath: string;
  /** --store or PULSE_STORE was given: local mode even when a base_url is configured. */
  storeExplicit: boolean;
  /** A remote deployment (v2 is {baseUrl}/api/v2); with it and no explicit store, commands go remote. */
  baseUrl?: string;
  /** Email of the person to act as in local mode; undefined means the store's default person. */
  actAs?: string;
  /** Base of url fields, when configured; local mode falls back to DEFAULT_PUBLIC_URL, `serve` to its address. */
  publicUrl?: string;
  editor?: string;
  /** Colour and other terminal styling on stdout. */
  color: boolean;
  /** --verbose or PULSE_VERBOSE: normal operation worth knowing about (a wait for a rate limit) is reported. */
  verbose: boolean;
  /** Prompts are allowed: stdin is a terminal and neither --no-input nor PULSE_NO_INPUT is set. */
  interactive: boolean;
  /** Why the config file could not be read; only with `reportConfigProblem` (else resolving fails). */
  configProblem?: string;
}

export interface ResolveOptions {
  /** Resolve without the profile when the config file cannot be read, and say why (`pulse doctor`). */
  reportConfigProblem?: boolean;
}

export const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:8080';

const truthy = (value: string | undefined) =>
  value !== undefined && value !== '' && value !== '0' && value !== 'false';

export function profileNameOf(ctx: Context, globals: GlobalOptions): string {
  return checkProfileName(globals.profile ?? ctx.env.PULSE_PROFILE ?? DEFAULT_PROFILE);
}

/** The profile's settings, reading the config file only when one exists (keeps start-up light). */
async function loadProfile(ctx: Context, name: string): Promise<Profile> {
  if (!existsSync(join(configDir(ctx.env), 'config.json'))) return {};
  return (await ConfigStore.open(ctx.env)).profile(name);
}

/** FORCE_COLOR or CLICOLOR_FORCE set to anything but "" or "0" (or FORCE_COLOR "false"), as other tools read them. */
function colorForced(env: Record<string, string | undefined>): boolean {
  const forced = (value: string | undefined) => value !== undefined && !['', '0', 'false'].includes(value);
  return forced(env.FORCE_COLOR) || forced(env.CLICOLOR_FORCE);
}

/** --no-color and NO_COLOR win; then FORCE_COLOR or CLICOLOR_FORCE (for less -R, CI logs); then the terminal. */
export function colorEnabled(ctx: Context, globals: GlobalOptions): boolean {
  if (globals.color === false || ctx.env.NO_COLOR !== undefined) return false;
  if (colorForced(ctx.env)) return true;
  return ctx.env.TERM !== 'dumb' && ctx.streams.stdout.isTTY === true;
}

/** Remote mode: a base URL is configured and no local store was named explicitly. */
export function isRemote(settings: Settings): settings is Settings & { baseUrl: string } {
  return settings.baseUrl !== undefined && !settings.storeExplicit;
}

export async function resolveSettings(
  ctx: Context,
  globals: GlobalOptions,
  options: ResolveOptions = {},
): Promise<Settings> {
  const profileName = profileNameOf(ctx, globals);
  let profile: Profile = {};
  let configProblem: string | undefined;
  try {
    profile = await loadProfile(ctx, profileName);
  } catch (error) {
    if (!options.reportConfigProblem) throw error;
    configProblem = (error as Error).message ?? String(error);
  }
  const env = ctx.env;
  const editor = env.PULSE_EDITOR || profile.editor || env.VISUAL || env.EDITOR;
  const actAs = globals.as ?? (env.PULSE_AS || undefined) ?? profile.as;
  return {
    profileName,
    profile,
    storePath: globals.store ?? (env.PULSE_STORE || undefined) ?? profile.store ?? defaultStorePath(env),
    storeExplicit: globals.store !== undefined || Boolean(env.PULSE_STORE),
    ...(env.PULSE_BASE_URL || profile.base_url
      ? { baseUrl: (env.PULSE_BASE_URL || profile.base_url)?.replace(/\/+$/, '') }
      : {}),
    ...(actAs ? { actAs } : {}),
    ...(env.PULSE_PUBLIC_URL || profile.public_url
      ? { publicUrl: env.PULSE_PUBLIC_URL || profile.public_url }
      : {}),
    ...(editor ? { editor } : {}),
    color: colorEnabled(ctx, globals),
    verbose: globals.verbose === true || truthy(env.PULSE_VERBOSE),
    ...(configProblem !== undefined ? { configProblem } : {}),
    // Read when asked: looking at stdin creates it (~1 ms), and most commands never prompt.
    get interactive() {
      return globals.input !== false && !truthy(env.PULSE_NO_INPUT) && ctx.streams.stdin.isTTY === true;
    },
  };
}

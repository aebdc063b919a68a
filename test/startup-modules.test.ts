/**
 * Start-up stays light: `pulse --version` and `pulse --help` load neither SQLite, the prompts, the table
 * renderer, any HTTP stack nor PostgreSQL's driver; the check-in and goal lists load no part of the core they do not call;
 * a command loads its own definition (flags, examples) and no other command's.
 * Loaded bundle files come from NODE_DEBUG=esm; CommonJS requires (the native SQLite addon) from a hook;
 * bundled libraries and parts of the core are recognised by strings only they contain.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import type { Definition } from '../src/cli/commands/define.js';
import { loadDefinitions } from '../src/cli/commands/registry.js';
import { sqliteDriver } from '../src/store/sqlite-driver.js';
import { BIN, isolatedEnv } from './helpers/cli.js';
import { tempDir } from './helpers/temp.js';

const SIGNATURES: Record<string, RegExp> = {
  undici: /UND_ERR_/,
  fastify: /FST_ERR_/,
  inquirer: /User force closed/,
  'cli-table3': /cli-table3|colWidths/,
  kysely: /kysely_migration|SqliteDialect|compileQuery/,
  zod: /"\$ZodType"/,
  marked: /Please report this to https:\/\/github\.com\/markedjs\/marked/,
  'yocto-spinner': /spinner\.frames` option must be/,
  luxon: /Invalid DateTime/,
  // Parts of the core, by an error message only they raise.
  goals: /no goal update/,
  echoes: /no Echo question/,
  asks: /no ask /,
  digest: /no digest entry/,
  activities: /no activity /,
  'status page': /has no updates/,
  'v1 teams': /in this team/,
  // The PostgreSQL store (pulse serve --database) and its driver: never loaded by the local mode.
  postgres: /pulse_data_version/,
  pg: /SCRAM-SERVER-FIRST-MESSAGE/,
};

/** What its examples say, in every definition below a top-level one (text a bundle holds as written). */
const says = (definition: Definition): string[] => [
  ...(definition.kind === 'command' ? definition.examples.map((example) => example.says) : []),
  ...definition.children.flatMap(says),
];
const DEFINITIONS = (await loadDefinitions()).map((definition) => ({
  name: definition.name,
  says: says(definition).filter((text) => !/["'`\\$]/.test(text)),
}));

async function loadedBy(
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<{ heavy: string[]; required: string[]; definitions: string[]; exitCode: number | undefined }> {
  const hook = join(tempDir(), 'hook.cjs');
  const log = join(tempDir(), 'required.txt');
  writeFileSync(
    hook,
    `const M = require('node:module'); const fs = require('node:fs'); const load = M._load;
     M._load = function (request, ...rest) { fs.appendFileSync(${JSON.stringify(log)}, request + '\\n'); return load.call(this, request, ...rest); };`,
  );
  writeFileSync(log, '');
  const env = { ...isolatedEnv(), NODE_DEBUG: 'esm', ...extraEnv };
  const result = await execa(process.execPath, ['--require', hook, BIN, ...args], {
    env,
    extendEnv: false,
    reject: false,
  });
  const files = new Set(
    [...String(result.stderr).matchAll(/file:\/\/(\/[^\s'",]+\.js)/g)].map((m) => m[1] as string),
  );
  const heavy: string[] = [];
  const definitions = new Set<string>();
  for (const file of files) {
    if (!file.includes('/dist/')) continue;
    const text = readFileSync(file, 'utf8');
    for (const [name, signature] of Object.entries(SIGNATURES)) if (signature.test(text)) heavy.push(name);
    for (const { name, says } of DEFINITIONS)
      if (says.some((line) => text.includes(line))) definitions.add(name);
  }
  const required = readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => /better-sqlite3|undici|fastify|keyring|^bindings$/.test(line));
  return {
    heavy: [...new Set(heavy)].sort(),
    required,
    definitions: [...definitions].sort(),
    exitCode: result.exitCode,
  };
}

/** The binary runs on this Node with this environment, so it picks the driver this process picks. */
const betterSqliteIsTheDriver = sqliteDriver().name === 'better-sqlite3';

describe('start-up', () => {
  const light: [string[], string[]][] = [
    [['--version'], []],
    [['--help'], []],
    [['checkin', '--help'], ['checkin']],
    [['ask', '--help'], ['ask']],
  ];
  for (const [args, definitions] of light) {
    it(`pulse ${args.join(' ')} loads no heavy module, and no command's definition but its own`, async () => {
      const { heavy, required, definitions: loaded } = await loadedBy(args);
      expect({ heavy, required, definitions: loaded }).toEqual({ heavy: [], required: [], definitions });
    });
  }

  it("a command loads its own definition and no other command's; help loads them all", async () => {
    const unreachable = ['--status-url', 'http://127.0.0.1:9/status'];
    expect((await loadedBy(['status', '--check', ...unreachable])).definitions).toEqual(['status']);
    expect((await loadedBy(['goal', 'update', '--help'])).definitions).toEqual(['goal']);
    expect((await loadedBy(['me', '--help'])).definitions).toEqual(['me']);
    const everything = DEFINITIONS.map(({ name }) => name)
      .filter((name) => DEFINITIONS.find((definition) => definition.name === name)?.says.length)
      .sort();
    expect(everything.length).toBeGreaterThan(15);
    expect((await loadedBy(['help', 'goal'])).definitions).toEqual(everything);
  });

  it('the check-in and goal lists load only the parts of the core they call, SQLite without a search, and neither Kysely nor zod', async () => {
    const store = join(tempDir(), 's.db');
    const parts = [
      'kysely',
      'zod',
      'luxon',
      'goals',
      'echoes',
      'asks',
      'digest',
      'activities',
      'status page',
      'v1 teams',
    ];
    // Made (and migrated: a migration schedules Echoes) first, as a store is before it has check-ins.
    await loadedBy(['--store', store, 'team', 'list']);
    const checkIns = await loadedBy(['--store', store, 'checkin', 'list', '--json']);
    expect(parts.filter((part) => checkIns.heavy.includes(part))).toEqual([]);
    expect(checkIns.definitions).toEqual(['checkin']);
    // better-sqlite3's addon is opened by its path, without the bindings package's search for it; with
    // node:sqlite (Node 22 on) better-sqlite3 is not loaded at all.
    if (betterSqliteIsTheDriver) expect(checkIns.required).toContain('better-sqlite3');
    else expect(checkIns.required.filter((line) => line.includes('better-sqlite3'))).toEqual([]);
    expect(checkIns.required).not.toContain('bindings');
    const goals = await loadedBy(['--store', store, 'goal', 'list', '--json']);
    expect(parts.filter((part) => goals.heavy.includes(part))).toEqual(['goals']);
    expect(goals.definitions).toEqual(['goal']);
  });

  it('`checkin due`, which a shell prompt runs at every line, loads neither Kysely nor zod', async () => {
    const store = join(tempDir(), 's.db');
    await loadedBy(['--store', store, 'init', '--name', 'A', '--email', 'a@example.com']);
    const everyDay = 'monday,tuesday,wednesday,thursday,friday,saturday,sunday';
    await loadedBy([
      '--store',
      store,
      'admin',
      'team',
      'add',
      '--name',
      'Core',
      '--report-days',
      everyDay,
      '--member',
      'a@example.com',
    ]);
    // Due (exit 1): it read the day's check-in, which is not there yet.
    const due = await loadedBy(['--store', store, 'checkin', 'due', '--json']);
    expect(due.exitCode).toBe(1);
    expect(['kysely', 'zod'].filter((part) => due.heavy.includes(part))).toEqual([]);
    expect(due.definitions).toEqual(['checkin']);
  });

  it('would notice them: a command that reads the store loads SQLite, Kysely and the table renderer; a write loads zod', async () => {
    const store = join(tempDir(), 's.db');
    const { heavy, required } = await loadedBy(['--store', store, 'team', 'list']);
    expect(heavy).toContain('kysely');
    await loadedBy(['--store', store, 'init', '--name', 'A', '--email', 'a@example.com']);
    const goalAdded = await loadedBy(['--store', store, 'goal', 'create', '--title', 'Ship it']);
    expect(goalAdded.heavy).toContain('zod');
    expect(heavy).toContain('cli-table3');
    expect(required.some((line) => line.includes('better-sqlite3'))).toBe(betterSqliteIsTheDriver);
  });

  it('would notice the HTTP stacks too, and every signature matches some bundle file', async () => {
    const store = join(tempDir(), 's.db');
    await loadedBy(['--store', store, 'init', '--name', 'A', '--email', 'a@example.com']);
    // 203.0.113.1 (TEST-NET-3) is not an address of this machine: the listen fails once the app is built.
    expect((await loadedBy(['--store', store, 'serve', '--host', '203.0.113.1'])).heavy).toContain('fastify');
    expect((await loadedBy(['--store', store, 'me'])).heavy).not.toContain('undici');
    const remote = {
      PULSE_BASE_URL: 'http://127.0.0.1:9',
      PULSE_TOKEN: 'service_pat_x',
      PULSE_CONNECT_TIMEOUT: '1',
    };
    // The remote client speaks node:http; undici is the generative answer provider's (ask.provider openai).
    expect((await loadedBy(['me'], remote)).heavy).not.toContain('undici');
    const config = join(tempDir(), 'config');
    mkdirSync(join(config, 'pulse'), { recursive: true });
    writeFileSync(
      join(config, 'pulse', 'config.json'),
      JSON.stringify({
        profiles: {
          default: { 'ask.provider': 'openai', 'ask.url': 'http://127.0.0.1:9/v1', 'ask.model': 'm' },
        },
      }),
    );
    const asking = { XDG_CONFIG_HOME: config, PULSE_ASK_KEY: 'x' };
    const checkin = ['checkin', '--previous', 'a', '--intentions', 'b', '--blockers', 'c', '--mood', 'happy'];
    await loadedBy(['--store', store, ...checkin], asking);
    const asked = await loadedBy(['--store', store, 'ask', '--timeout', '5', 'what blocked?'], asking);
    expect(asked.heavy).toContain('undici');
    const chunks = join(import.meta.dirname, '..', 'dist', 'chunks');
    const texts = readdirSync(chunks)
      .filter((name) => name.endsWith('.js'))
      .map((name) => `${name}\n${readFileSync(join(chunks, name), 'utf8')}`);
    for (const [name, signature] of Object.entries(SIGNATURES)) {
      expect([name, texts.some((text) => signature.test(text))]).toEqual([name, true]);
    }
  });
});

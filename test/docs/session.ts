/**
 * The scratch environment a documentation page runs in (a fresh HOME with the XDG directories, Ana's
 * git identity, `pulse` and an `npx` shim on PATH, TZ=UTC), the fixed clock (libfaketime), the private
 * Secret Service for keychain pages, a free port, and finding the processes a page left behind.
 */
import { execFileSync, type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';

/** The moment every page starts at: Tuesday 2026-11-24 09:00:00 UTC. */
export const PAGE_START = Date.parse('2026-11-24T09:00:00Z');

/** The variable that marks every process of one page run, so none can outlive it unnoticed. */
export const SESSION_VARIABLE = 'PULSE_DOCS_SESSION';

export interface Scratch {
  /** HOME and the page's working directory. */
  home: string;
  /** The harness's own files (script, report, background logs), outside HOME. */
  dir: string;
  env: Record<string, string>;
}

/** Makes the scratch environment under `root` (an empty temp dir) for a checkout whose binary is `bin`. */
export function makeScratch(root: string, bin: string, session: string): Scratch {
  const home = join(root, 'home');
  const dir = join(root, 'harness');
  const binDir = join(dir, 'bin');
  for (const path of [home, dir, binDir]) mkdirSync(path, { recursive: true });
  const xdg = {
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
  };
  for (const path of Object.values(xdg)) mkdirSync(path, { recursive: true });
  writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = Ana Diaz\n\temail = ana@example.com\n');

  const systemPath = process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin';
  writeFileSync(join(binDir, 'pulse'), `#!/bin/sh\nexec ${quote(process.execPath)} ${quote(bin)} "$@"\n`);
  // `npx pulse ...` runs this checkout's pulse; anything else goes to the real npx.
  const realNpx = findOnPath('npx', systemPath);
  writeFileSync(
    join(binDir, 'npx'),
    [
      '#!/bin/sh',
      'flags=0',
      'for arg in "$@"; do',
      '  case "$arg" in',
      '    -y|--yes|--no|--no-install|--quiet|-q) flags=$((flags + 1)) ;;',
      `    pulse) shift $((flags + 1)); exec ${quote(join(binDir, 'pulse'))} "$@" ;;`,
      '    *) break ;;',
      '  esac',
      'done',
      realNpx ? `exec ${quote(realNpx)} "$@"` : 'echo "npx: not installed" >&2; exit 127',
      '',
    ].join('\n'),
  );
  chmodSync(join(binDir, 'pulse'), 0o755);
  chmodSync(join(binDir, 'npx'), 0o755);

  const env: Record<string, string> = {
    HOME: home,
    ...xdg,
    PATH: `${binDir}${delimiter}${systemPath}`,
    TZ: 'UTC',
    LANG: 'C.UTF-8',
    USER: 'ana',
    LOGNAME: 'ana',
    SHELL: '/bin/bash',
    PULSE_DOCS_DIR: dir,
    PULSE_DOCS_REPORT: join(dir, 'report.tsv'),
    [SESSION_VARIABLE]: session,
  };
  writeFileSync(env.PULSE_DOCS_REPORT as string, '');
  return { home, dir, env };
}

function quote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

function findOnPath(command: string, path: string): string | undefined {
  for (const dir of path.split(delimiter)) {
    try {
      const candidate = join(dir, command);
      execFileSync('test', ['-x', candidate]);
      return candidate;
    } catch {}
  }
  return undefined;
}

let faketimeLibrary: { path?: string } | undefined;

/**
 * libfaketime's library as the `faketime` wrapper preloads it (Debian package faketime), or undefined
 * when there is none. Pages preload it themselves rather than run under the wrapper: the wrapper waits
 * for every process that inherited its pipe, the page's background servers included, so it would not
 * end before they are stopped, and they are stopped when it ends.
 */
export function faketimePreload(): string | undefined {
  if (faketimeLibrary) return faketimeLibrary.path;
  faketimeLibrary = {};
  // A few tries: the wrapper names its semaphore after its pid, and fails on one a killed process left.
  for (let attempt = 0; attempt < 3; attempt++) {
    const probe = spawnSync('faketime', ['2026-11-24 09:00:00', 'sh', '-c', 'printf %s "$LD_PRELOAD"'], {
      encoding: 'utf8',
    });
    if (probe.error) break; // Not installed.
    if (probe.status === 0 && probe.stdout !== '') {
      faketimeLibrary.path = probe.stdout;
      break;
    }
  }
  return faketimeLibrary.path;
}

/** Whether libfaketime runs here (probed with `faketime '2026-11-24 09:00:00' ...`). */
export function faketimeAvailable(): boolean {
  return faketimePreload() !== undefined;
}

/** The page's clock: the variables that put its processes on it, and how to take it down. */
export interface PageClock {
  env: Record<string, string>;
  /** The holder's process group, for a last-resort kill. */
  group: number;
  stop(): Promise<void>;
}

/**
 * Starts the clock a page's processes share. The clock is an offset from the real one (not "@start",
 * which libfaketime restarts in each new process), so every process of the page, `pulse serve` in the
 * background included, sees the same time running on from 09:00:00. Monotonic clocks stay real, so
 * timers and timeouts work.
 *
 * libfaketime also keeps a semaphore and shared memory, named in FAKETIME_SHARED. A process that finds
 * none creates them and removes them when it exits, and so does every fork of it that exits (each bash
 * subshell), which breaks the processes started after that ("sem_open failed"). So one holder process
 * owns them for the page's whole run: the `faketime` wrapper running a sleep, whose FAKETIME_SHARED
 * the page's processes inherit. Stopping the sleep lets the wrapper remove them.
 */
export async function startClock(now = Date.now()): Promise<PageClock> {
  const library = faketimePreload();
  if (!library) throw new Error('faketime is not installed (Debian package faketime)');
  const offset = Math.round((PAGE_START - now) / 1000);
  let lastError = '';
  // The wrapper names its semaphore after its pid: one left behind by a killed process makes it fail.
  for (let attempt = 0; attempt < 3; attempt++) {
    const holder = spawn(
      'faketime',
      ['-f', '+0', 'sh', '-c', 'printf "%s %s\\n" "$$" "$FAKETIME_SHARED"; exec sleep 2147483647'],
      { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    const exited = new Promise<void>((resolve) => holder.once('exit', () => resolve()));
    const line = await new Promise<string | undefined>((resolve) => {
      let seen = '';
      holder.stdout.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.includes('\n')) resolve(seen.split('\n')[0]);
      });
      holder.stderr.on('data', (chunk: Buffer) => {
        lastError += chunk.toString();
      });
      holder.once('exit', () => resolve(undefined));
    });
    const [sleeper, ...shared] = (line ?? '').split(' ');
    if (line === undefined || shared.join(' ').trim() === '') continue;
    return {
      group: holder.pid as number,
      env: {
        LD_PRELOAD: library,
        FAKETIME: offset >= 0 ? `+${offset}` : String(offset),
        FAKETIME_DONT_FAKE_MONOTONIC: '1',
        FAKETIME_SHARED: shared.join(' '),
      },
      async stop() {
        try {
          process.kill(Number(sleeper), 'SIGTERM');
        } catch {}
        const deadline = setTimeout(() => {
          try {
            process.kill(-(holder.pid as number), 'SIGKILL');
          } catch {}
        }, 5000);
        await exited;
        clearTimeout(deadline);
      },
    };
  }
  throw new Error(`faketime did not start: ${lastError.trim()}`);
}

let keychainAnswer: Promise<string | undefined> | undefined;

/**
 * Whether a private Secret Service answers here: dbus-run-session with gnome-keyring-daemon, probed
 * with the keyring library pulse itself uses. Undefined when it does; else why not.
 */
export function keychainUnavailable(repoRoot: string): Promise<string | undefined> {
  keychainAnswer ??= (async () => {
    for (const command of ['dbus-run-session', 'gnome-keyring-daemon']) {
      if (!findOnPath(command, process.env.PATH ?? '')) return `${command} is not installed`;
    }
    const probe = [
      'echo probe | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1',
      `exec ${quote(process.execPath)} -e ${quote(
        "const { Entry } = require('@napi-rs/keyring'); const e = new Entry('pulse-docs-probe', 'probe'); e.setPassword('x'); if (e.getPassword() !== 'x') process.exit(1); e.deletePassword();",
      )}`,
    ].join('\n');
    let result: SpawnSyncReturns<string> | undefined;
    // Twice: on a loaded machine a first D-Bus session can be slow to come up.
    for (let attempt = 0; attempt < 2 && result?.status !== 0; attempt++) {
      result = spawnSync('dbus-run-session', ['--', 'sh', '-c', probe], {
        cwd: repoRoot,
        encoding: 'utf8',
        timeout: 30_000,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' },
      });
    }
    if (!result || result.status === 0) return undefined;
    return `no Secret Service answered in a private D-Bus session (${(result.stderr || result.error?.message || `exit ${result.status}`).trim().split('\n').pop()})`;
  })();
  return keychainAnswer;
}

/** A port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The processes (pids) whose environment carries this session's marker. */
export function processesOf(session: string): number[] {
  const needle = `${SESSION_VARIABLE}=${session}\0`;
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').includes(needle)) found.push(Number(entry));
    } catch {
      // Gone already, or not ours to read.
    }
  }
  return found;
}

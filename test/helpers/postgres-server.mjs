/**
 * A throwaway PostgreSQL server and its databases, for the tests (test/helpers/postgres.ts re-exports
 * this with the test run's server) and the benchmarks (bench/instances.mjs), which cannot import
 * TypeScript: plain JavaScript, typed by postgres-server.d.mts.
 *
 * The server listens on 127.0.0.1 only, on a free port, with trust authentication (initdb -A trust: the
 * loopback and its own socket only), fsync off, in a temporary directory deleted when it stops. initdb
 * refuses to run as root, so as root the server runs as `nobody` (setpriv, from util-linux).
 */
import { execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const WATCHDOG = fileURLToPath(new URL('./postgres-watchdog.mjs', import.meta.url));

/**
 * Debian's PostgreSQL programs, of its newest installed version (.ci/run installs the `postgresql`
 * package when missing, whose version depends on the release), unless PULSE_POSTGRES_BIN names others.
 */
function serverPrograms() {
  if (process.env.PULSE_POSTGRES_BIN) return process.env.PULSE_POSTGRES_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return join(root, versions[0] ?? '15', 'bin');
}
const BIN = serverPrograms();
const NOBODY = { uid: 65_534, gid: 65_534 };

export function postgresInstalled() {
  return existsSync(join(BIN, 'initdb')) && existsSync(join(BIN, 'pg_ctl'));
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL program, as nobody when this process is root. */
function asServerUser(program, args) {
  const asRoot = process.getuid?.() === 0;
  return asRoot
    ? run('setpriv', [
        `--reuid=${NOBODY.uid}`,
        `--regid=${NOBODY.gid}`,
        '--clear-groups',
        join(BIN, program),
        ...args,
      ])
    : run(join(BIN, program), args);
}

/**
 * Starts the server, watched over for `owner` (this process unless told): if the owner ends without
 * stopping it, postgres-watchdog.mjs does.
 */
export async function startPostgres({ owner = process.pid } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'pulse-postgres-'));
  if (process.getuid?.() === 0) chownSync(dir, NOBODY.uid, NOBODY.gid);
  const data = join(dir, 'data');
  const port = await freePort();
  try {
    await asServerUser('initdb', [
      '-D',
      data,
      '-A',
      'trust',
      '-U',
      'pulse',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    const settings = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    await asServerUser('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', settings, 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const postmaster = readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n', 1)[0];
  spawn(process.execPath, [WATCHDOG, String(owner), postmaster, dir], {
    detached: true,
    stdio: 'ignore',
  }).unref();
  return {
    url: `postgres://pulse@127.0.0.1:${port}`,
    directory: dir,
    async stop() {
      await asServerUser('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/**
 * A new empty database on the test run's server (named after this process, so parallel test files never
 * collide), or one copied from `template`; returns its address.
 */
export async function createDatabase(serverUrl, template) {
  const { default: pg } = await import('pg');
  const name = `pulse_${process.pid}_${++counter}`;
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await client.end();
  }
  return `${serverUrl}/${name}`;
}

/** Drops a database made by createDatabase, ending the connections still open to it. */
export async function dropDatabase(url) {
  const { default: pg } = await import('pg');
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

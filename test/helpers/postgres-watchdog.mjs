/**
 * Outlives nothing: stops a throwaway PostgreSQL once the process that started it has gone, so a test run
 * that is killed (a CI job cancelled, kill -9, a crash) cannot leave a server running and its directory
 * behind. The normal end stops the server itself and deletes the directory; this then exits quietly.
 *
 * node postgres-watchdog.mjs OWNER_PID POSTMASTER_PID DIRECTORY
 */
import { existsSync, rmSync } from 'node:fs';

const [owner, postmaster, directory] = process.argv.slice(2);

function alive(pid) {
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else (the server runs as nobody when tests run as root).
    return error.code === 'EPERM';
  }
}

const timer = setInterval(() => {
  if (!existsSync(directory)) process.exit(0);
  if (alive(owner)) return;
  clearInterval(timer);
  // SIGQUIT is PostgreSQL's immediate shutdown: no checkpoint, nothing worth keeping in a throwaway.
  try {
    process.kill(Number(postmaster), 'SIGQUIT');
  } catch {}
  const deadline = Date.now() + 10_000;
  const waitForExit = setInterval(() => {
    if (alive(postmaster) && Date.now() < deadline) return;
    clearInterval(waitForExit);
    rmSync(directory, { recursive: true, force: true });
  }, 100);
}, 500);

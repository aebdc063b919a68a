/** `pulse serve` as a real process on 127.0.0.1, stopped after the test file. */
import { execa, type ResultPromise } from 'execa';
import { afterAll } from 'vitest';
import { BIN } from './cli.js';

export interface ServeProcess {
  url: string;
  /** The status page's own listener (`--status-port`), from its line `status page on URL`. */
  statusUrl?: string;
  process: ResultPromise;
  stop(signal?: NodeJS.Signals): Promise<{ exitCode: number | undefined; stderr: string }>;
}

const running: ServeProcess[] = [];
afterAll(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
});

export async function startServe(
  args: string[],
  env: Record<string, string>,
  serveArgs: string[] = [],
): Promise<ServeProcess> {
  const child = execa(process.execPath, [BIN, ...args, 'serve', '--port', '0', ...serveArgs], {
    env,
    extendEnv: false,
    reject: false,
  });
  const withStatusPort = serveArgs.includes('--status-port');
  const [url, statusUrl] = await new Promise<[string, string | undefined]>((resolve, reject) => {
    let seen = '';
    // Seconds on a loaded two-core machine; the deadline is for a server that never starts.
    const timer = setTimeout(() => reject(new Error(`pulse serve did not start: ${seen}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const main = /^listening on (\S+)$/m.exec(seen);
      const status = /^status page on (\S+)$/m.exec(seen);
      if (main && (status || !withStatusPort)) {
        clearTimeout(timer);
        resolve([main[1] as string, status?.[1]]);
      }
    });
    child.catch(reject);
  });
  let stopped: Promise<{ exitCode: number | undefined; stderr: string }> | undefined;
  const server: ServeProcess = {
    url,
    ...(statusUrl ? { statusUrl } : {}),
    process: child,
    stop(signal = 'SIGTERM') {
      stopped ??= (async () => {
        child.kill(signal);
        const result = await child;
        return { exitCode: result.exitCode, stderr: String(result.stderr) };
      })();
      return stopped;
    },
  };
  running.push(server);
  return server;
}

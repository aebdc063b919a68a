/** `pulse serve` as a real process on 127.0.0.1, stopped after the test file. */
import { execa, type ResultPromise } from 'execa';
import { afterAll } from 'vitest';
import { BIN } from './cli.js';

export interface ServeProcess {
  url: string;
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
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    // Seconds on a loaded two-core machine; the deadline is for a server that never starts.
    const timer = setTimeout(() => reject(new Error(`pulse serve did not start: ${seen}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /^listening on (\S+)$/m.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    });
    child.catch(reject);
  });
  let stopped: Promise<{ exitCode: number | undefined; stderr: string }> | undefined;
  const server: ServeProcess = {
    url,
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

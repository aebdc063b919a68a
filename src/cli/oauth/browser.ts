/**
 * Opens a URL in the person's browser: $BROWSER when set, else the platform's opener (xdg-open, open,
 * rundll32 for start). Detached and without a shell, so the URL is one argument and never parsed by one.
 */
import { spawn } from 'node:child_process';

/** The command and arguments that open `url`, or undefined when the platform has no known opener. */
export function browserCommand(
  url: string,
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
): [string, string[]] | undefined {
  // $BROWSER may list several commands separated by colons (the convention of sensible-browser); the first is used.
  const fromEnvironment = env.BROWSER?.split(':')[0]?.trim();
  if (fromEnvironment) return [fromEnvironment, [url]];
  if (platform === 'darwin') return ['open', [url]];
  // `start` is a cmd built-in (a shell would parse the URL's &s); rundll32 opens it as start does, without one.
  if (platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', url]];
  return ['xdg-open', [url]];
}

/** Tries to open the browser; resolves to whether the opener could be started (not whether a page showed). */
export function openBrowser(url: string, env: Record<string, string | undefined>): Promise<boolean> {
  const command = browserCommand(url, env);
  if (!command) return Promise.resolve(false);
  return new Promise((resolve) => {
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(command[0], command[1], {
        detached: true,
        stdio: 'ignore',
        env: env as NodeJS.ProcessEnv,
      });
    } catch {
      resolve(false);
      return;
    }
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}

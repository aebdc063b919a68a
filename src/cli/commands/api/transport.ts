/**
 * Where `pulse api` sends its requests: a deployment over HTTP (the remote client, with the profile's
 * credentials), or the local store through `pulse serve`'s app built in this process and its `inject()`
 * (no port, no token: the app acts as the local person and cannot listen).
 */
import { STATUS_CODES } from 'node:http';
import type { TokenProvider } from '../../../remote/http-client.js';
import type { CommandContext } from '../../command-context.js';
import { teamCredentials } from '../../credentials.js';
import { UsageError } from '../../errors.js';
import { DEFAULT_PUBLIC_URL, isRemote } from '../../settings.js';

export type ApiInterface = 'v2' | 'v1' | 'status';

export interface RawResponse {
  status: number;
  statusText: string;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
}

export interface ApiTransport {
  /** The interface's root as an absolute URL, e.g. https://pulse.example.com/api/v2. */
  rootUrl: string;
  /** One request; `path` is from the origin's root (the interface's prefix included). */
  send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawResponse>;
  close(): Promise<void>;
}

const PREFIX: Record<ApiInterface, string> = { v2: '/api/v2', v1: '/api/v1', status: '/status/api/v1' };

/** The transport for an interface: remote when the profile names a deployment, else in-process. */
export async function transportFor(cc: CommandContext, which: ApiInterface): Promise<ApiTransport> {
  const { settings, backends } = cc;
  if (which === 'status') {
    const statusUrl = backends.statusUrl();
    if (statusUrl !== undefined) return remote(cc, `${statusUrl}/api/v1`, {});
  } else if (isRemote(settings)) {
    const root = `${settings.baseUrl}${PREFIX[which]}`;
    if (which === 'v2') {
      // A personal access token, or a signed-in OAuth session's tokens (refreshed when due or refused).
      const credentials = await backends.deployment.credentials(settings.baseUrl);
      return remote(
        cc,
        root,
        typeof credentials === 'string' ? { token: credentials } : { tokenProvider: credentials },
      );
    }
    const credentials = await teamCredentials(cc.ctx.env, settings);
    return remote(cc, root, {
      headers: { 'x-team-id': credentials.teamId, 'x-api-key': credentials.apiKey },
    });
  }
  return inProcess(cc, which);
}

async function remote(
  cc: CommandContext,
  rootUrl: string,
  credentials: { token?: string; tokenProvider?: TokenProvider; headers?: Record<string, string> },
): Promise<ApiTransport> {
  const origin = new URL(rootUrl).origin;
  const http = await cc.backends.deployment.rawClient({ baseUrl: origin, ...credentials });
  return {
    rootUrl,
    async send(method, path, headers, body) {
      const response = await http.sendRaw(method, path, { headers, ...(body !== undefined ? { body } : {}) });
      return { ...response, statusText: STATUS_CODES[response.status] ?? '' };
    },
    close: () => http.close(),
  };
}

/** `pulse serve`'s app on the local store, acting as the local person (v1: that person's only team). */
async function inProcess(cc: CommandContext, which: ApiInterface): Promise<ApiTransport> {
  const { backends, ctx } = cc;
  const publicUrl = cc.settings.publicUrl ?? DEFAULT_PUBLIC_URL;
  const instance = await backends.localInstance({ publicUrl });
  const inProcessCredentials =
    which === 'status'
      ? undefined
      : {
          principal: {
            personId: (await (await backends.service()).me()).id,
            scope: 'write' as const,
            tokenId: 'pulse-api',
          },
        };
  let teamId: string | undefined;
  if (which === 'v1') {
    const me = await (await backends.service()).me();
    if (me.teams.length !== 1) {
      throw new UsageError(
        me.teams.length === 0
          ? '--v1 on a local store acts as your team, and you are in none'
          : `--v1 on a local store acts as your only team, and you are in several (${me.teams.map((t) => t.name).join(', ')})`,
      );
    }
    teamId = (me.teams[0] as { id: string }).id;
  }
  const { buildServer } = await import('../../../server/app.js');
  const app = await buildServer({
    instance,
    clock: ctx.clock,
    publicUrl: () => publicUrl,
    rateLimit: null,
    echoSchedulerMs: null,
    onRequestFailure: (line) => ctx.streams.stderr.write(line),
    ...(inProcessCredentials
      ? { inProcess: { ...inProcessCredentials, ...(teamId ? { teamId } : {}) } }
      : {}),
  });
  return {
    rootUrl: `${publicUrl.replace(/\/+$/, '')}${PREFIX[which]}`,
    async send(method, path, headers, body) {
      const response = await app.inject({
        method: method as 'GET',
        url: path,
        headers: { accept: 'application/json', ...headers },
        ...(body !== undefined ? { payload: body } : {}),
      });
      return {
        status: response.statusCode,
        statusText: response.statusMessage,
        headers: response.headers,
        text: response.body,
      };
    },
    close: () => app.close(),
  };
}

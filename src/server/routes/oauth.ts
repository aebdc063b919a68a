/**
 * The OAuth 2.0 authorization server's HTTP face (docs/guide/oauth.md): RFC 8414 metadata, the authorization
 * endpoint (HTML pages, plain forms) and the token endpoint (JSON, RFC 6749 §5). The rules are the core's
 * AuthorizationServer; this plugin parses forms, renders pages and sets the headers. It is encapsulated: its
 * form parser and error handler apply to its routes only.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../../core/errors.js';
import type { Instance } from '../../core/instance.js';
import type { AuthorizeOutcome } from '../../core/oauth/authorization-server.js';
import { OAuthError } from '../../core/oauth/errors.js';
import type { BucketLimiter } from '../../core/rate-limit.js';
import { consentPage, errorPage, signInPage } from '../oauth-pages.js';
import type { FailureReporter } from './json-interface.js';

export interface OAuthInterfaceOptions {
  store: Instance;
  publicUrl: () => string;
  bodyLimit: number;
  reportFailure: FailureReporter;
  /** Access token lifetime (`pulse serve --access-token-ttl`); the core's default when unset. */
  accessTokenTtlSeconds?: number;
  /** Requests to /oauth/authorize and /oauth/token per client address; none: no limit. */
  limiter?: BucketLimiter;
}

type Form = Record<string, string | string[]>;

/** application/x-www-form-urlencoded into name -> value, or -> values when repeated (refused later). */
export function parseForm(body: string): Form {
  const form: Form = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = form[name];
    form[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return form;
}

const TOKEN_PATH = '/oauth/token';
const REVOCATION_PATH = '/oauth/revoke';

/** The token and revocation endpoints answer errors in JSON (RFC 6749 §5.2); the others, with a page. */
const answersJson = (request: FastifyRequest) =>
  request.url.startsWith(TOKEN_PATH) || request.url.startsWith(REVOCATION_PATH);

export function oauthInterface(options: OAuthInterfaceOptions): FastifyPluginAsync {
  return async (app) => {
    const server = options.store.oauth;
    const base = () => options.publicUrl().replace(/\/+$/, '');

    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: options.bodyLimit },
      (_request, body, done) => done(null, parseForm(body as string)),
    );

    /** An HTML page, with the headers that keep it from being framed, cached or leaking its URL. */
    const html = (reply: FastifyReply, status: number, body: string, redirectUri?: string) => {
      let formAction = "'self'";
      if (redirectUri) {
        try {
          formAction += ` ${new URL(redirectUri).origin}`;
        } catch {}
      }
      return reply
        .code(status)
        .headers({
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}`,
          'X-Frame-Options': 'DENY',
          'Cache-Control': 'no-store',
          'Referrer-Policy': 'no-referrer',
          'X-Content-Type-Options': 'nosniff',
        })
        .send(body);
    };

    const answer = (reply: FastifyReply, outcome: AuthorizeOutcome) => {
      switch (outcome.kind) {
        case 'refuse':
          return html(reply, 400, errorPage(outcome.message));
        case 'redirect':
          return reply
            .code(302)
            .headers({
              Location: outcome.location,
              'Cache-Control': 'no-store',
              'Referrer-Policy': 'no-referrer',
            })
            .send();
        case 'sign-in':
          return html(
            reply,
            outcome.view.problem ? 400 : 200,
            signInPage(outcome.view),
            outcome.view.redirectUri,
          );
        case 'consent':
          return html(reply, 200, consentPage(outcome.view), outcome.view.redirectUri);
      }
    };

    /** Authorization requests, sign-in tries and token requests per client address: guessing must be slow. */
    const limited = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
      const decision = await options.limiter?.take(request.ip);
      if (!decision || decision.allowed) return false;
      reply.header('Retry-After', String(decision.retryAfter));
      return true;
    };

    const tokenError = (reply: FastifyReply, error: OAuthError) => {
      if (error.basicTried) reply.header('WWW-Authenticate', 'Basic realm="pulse", charset="UTF-8"');
      return reply
        .code(error.status)
        .headers({ 'Cache-Control': 'no-store', Pragma: 'no-cache' })
        .send({ error: error.error, error_description: error.description });
    };

    app.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
      const tooLarge = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE';
      // The server's other parsers refuse a body of another type with a ServiceError (400).
      const code = error instanceof ServiceError ? error.status : error.statusCode;
      const clientError = code !== undefined && code >= 400 && code < 500;
      if (!tooLarge && !clientError) {
        options.reportFailure(request, error);
        if (answersJson(request))
          return reply.code(500).headers({ 'Cache-Control': 'no-store' }).send({ error: 'server_error' });
        return html(reply, 500, errorPage('Something went wrong on the server. Try again later.'));
      }
      const status = tooLarge ? 413 : 400;
      const description = tooLarge
        ? `the request body is larger than ${options.bodyLimit} bytes`
        : error.message;
      if (answersJson(request)) {
        return reply
          .code(status)
          .headers({ 'Cache-Control': 'no-store', Pragma: 'no-cache' })
          .send({ error: 'invalid_request', error_description: description });
      }
      return html(reply, status, errorPage(description));
    });

    app.get('/.well-known/oauth-authorization-server', async (_request, reply) => {
      const issuer = base();
      return reply.header('Cache-Control', 'no-cache').send({
        issuer,
        authorization_endpoint: `${issuer}/oauth/authorize`,
        token_endpoint: `${issuer}${TOKEN_PATH}`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        scopes_supported: ['read', 'write'],
        token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
        revocation_endpoint: `${issuer}${REVOCATION_PATH}`,
        revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      });
    });

    const tooMany = (reply: FastifyReply) =>
      html(reply, 429, errorPage('Too many tries from your address: wait a little and try again.'));

    // Limited too: each good request stores a pending authorization (so no HEAD route, which would).
    app.get('/oauth/authorize', { exposeHeadRoute: false }, async (request, reply) => {
      if (await limited(request, reply)) return tooMany(reply);
      return answer(reply, await server.authorize(request.query as Form));
    });

    app.post('/oauth/authorize', async (request, reply) => {
      const form = request.body;
      if (!isForm(request, form))
        return html(reply, 400, errorPage('The form must be sent as application/x-www-form-urlencoded.'));
      if (await limited(request, reply)) return tooMany(reply);
      // A form with a pending id is a step of a pending authorization; without one, a new request.
      return answer(
        reply,
        form.pending !== undefined ? await server.step(form) : await server.authorize(form),
      );
    });

    /**
     * A route answered as the token endpoint answers (RFC 6749 §5.2 errors in JSON, never cached): the form,
     * then the client address's limit, then `handle`'s answer.
     */
    const tokenRoute = (path: string, handle: (form: Form, request: FastifyRequest) => Promise<unknown>) =>
      app.post(path, async (request, reply) => {
        const form = request.body;
        if (!isForm(request, form))
          return tokenError(
            reply,
            new OAuthError('invalid_request', 'send the request as application/x-www-form-urlencoded'),
          );
        reply.headers({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
        if (await limited(request, reply)) {
          return reply
            .code(429)
            .send({ error: 'invalid_request', error_description: 'too many token requests: retry later' });
        }
        try {
          return reply.send(await handle(form, request));
        } catch (error) {
          if (error instanceof OAuthError) return tokenError(reply, error);
          throw error;
        }
      });

    // RFC 7009: 200 with no body whether the token was known or not; the token endpoint's errors otherwise.
    tokenRoute(REVOCATION_PATH, async (form, request) => {
      await server.revoke(form, request.headers.authorization);
      return undefined;
    });

    tokenRoute(TOKEN_PATH, (form, request) =>
      server.token(form, request.headers.authorization, {
        ...(options.accessTokenTtlSeconds !== undefined
          ? { accessTokenTtlSeconds: options.accessTokenTtlSeconds }
          : {}),
      }),
    );
  };
}

/** A body parsed from application/x-www-form-urlencoded (a JSON body is parsed too, but is not a form). */
function isForm(request: FastifyRequest, body: unknown): body is Form {
  const type = request.headers['content-type'] ?? '';
  return (
    /^application\/x-www-form-urlencoded\s*(;|$)/i.test(type) && typeof body === 'object' && body !== null
  );
}

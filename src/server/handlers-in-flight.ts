/**
 * Requests whose handler is still running, so that closing can wait for them. Fastify's close() waits
 * for open connections only: a request whose client has left (a load generator stopped, a browser tab
 * closed) has no connection, yet its handler goes on, and would then read or write a store closed under
 * it (on PostgreSQL: "driver has already been destroyed", its write rolled back).
 *
 * Counted from preHandler (the body is in, the handler about to run) to onSend, which runs when the reply
 * is sent, whether or not anyone is listening. Not from onRequest: a request whose client leaves while
 * its body is still being read never reaches a handler nor onSend, and closing would wait for it in vain.
 * The hooks before the handler only read (credentials, limits), and a read that fails on a closed store
 * answers no one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export function trackHandlers(app: FastifyInstance): { settled(timeoutMs: number): Promise<void> } {
  // A set, not a count: a reply sent twice (an error in onSend) must not count a request twice.
  const running = new Set<FastifyRequest>();
  let waiters: (() => void)[] = [];
  const finished = (request: FastifyRequest) => {
    if (running.delete(request) && running.size === 0) for (const resolve of waiters.splice(0)) resolve();
  };
  // Callback hooks, not async ones: these run on every request.
  app.addHook('preHandler', (request, _reply, done) => {
    running.add(request);
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    finished(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    finished(request);
    done();
  });
  return {
    /** Resolves once no handler runs, or after timeoutMs. */
    async settled(timeoutMs) {
      if (running.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => waiters.push(resolve)),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
      waiters = [];
    },
  };
}

/**
 * Keeps Node's per-request code on V8's fast paths for the life of a server, by holding one object of
 * each kind the request path builds.
 *
 * V8 records, at each property access, the shapes (maps) of the objects it saw there, and holds those
 * shapes weakly. Objects that live for one request (a tick of process.nextTick, a request, its response,
 * their stream states) are all gone at a quiet moment; a full garbage collection then frees their
 * shapes, the next request's objects get new ones, and the sites that saw the old ones turn polymorphic,
 * then megamorphic for good. A bare `node:http` server rarely collects in full; `pulse serve` does at
 * start-up and again between bursts of load, so its cached status answers went from ~17 to 22–25 µs of
 * CPU a request as it aged (docs/performance.md, "The status interface's fast path"). An object held
 * for the life of the process keeps its shape and every shape before it alive, so later objects get the
 * same ones.
 */
import { createHook } from 'node:async_hooks';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

let heldTick: object | undefined;

/**
 * Holds one process.nextTick object. nextTick builds each tick as an object literal with symbol keys,
 * whose feedback turns megamorphic the first time the shapes change: call this before the server's
 * modules and store load (their allocation is what collects). The object is caught with an async hook's
 * init, the one public way to see it, enabled for that single tick. Idempotent.
 */
export function holdTickShapes(): void {
  if (heldTick) return;
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject') heldTick ??= resource;
    },
  }).enable();
  try {
    // Arguments make the tick carry an args array, as the stream code's ticks do.
    process.nextTick(() => {}, undefined);
  } finally {
    hook.disable();
  }
}

/**
 * Holds the server's latest request, its response and its socket, replaced by each new request: whatever
 * path is hot, its objects' shapes stay alive through a quiet moment.
 */
export function holdRequestShapes(server: Server): void {
  // Referenced by the listener, so alive as long as the server; the socket is the request's.
  const latest: { request?: IncomingMessage; response?: ServerResponse } = {};
  server.on('request', (request, response) => {
    latest.request = request;
    latest.response = response;
  });
}

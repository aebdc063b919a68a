/**
 * Keeps `process.nextTick` on V8's fast path for the life of a server.
 *
 * nextTick builds each queued tick as an object literal with symbol keys (node:internal/process/
 * task_queues). At each key V8 records the shape (map) the object had there, and it holds those shapes
 * weakly. A full garbage collection at a moment when no tick is queued frees them; the next tick gets
 * new shapes, V8 marks the keys megamorphic, and from then on, for good, every tick is built through
 * the runtime's slow path. Node's HTTP and stream code queue a few ticks a request, so that cost ~3 µs
 * of a 20 µs cached status answer (docs/performance.md, "The status fast path"). A server's start-up
 * (the store, Fastify, the routes) always runs a full collection, after nextTick has recorded its shapes.
 *
 * Holding one tick object keeps its shapes alive (each shape holds the one before it), so every later
 * tick gets the same ones. The object is caught with an async hook's init, the one public way to see
 * it, enabled for that single tick only.
 */
import { createHook } from 'node:async_hooks';

let held: object | undefined;

/** Call before the server's modules and store load (their allocation is what collects). Idempotent. */
export function holdTickShapes(): void {
  if (held) return;
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject') held ??= resource;
    },
  }).enable();
  try {
    // Arguments make the tick carry an args array, as the stream code's ticks do.
    process.nextTick(() => {}, undefined);
  } finally {
    hook.disable();
  }
}

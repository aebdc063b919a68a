/**
 * A full garbage collection, asked of V8 by a walk that writes rows as it reads them. The walk's rows die
 * young, yet under its allocation rate V8 promotes about a megabyte of them at every young collection and
 * lets the old generation grow to several times what is live before collecting it: a walk of 100,000
 * check-ins peaked at 143 MB resident with 6 MB live. Collecting every few thousand rows keeps the peak
 * near what is live (docs/performance.md, "Walking everything"). The process cannot be given V8's flags
 * for a smaller young generation (bin/pulse.js is run by `node` as installed), but `gc` can be exposed
 * at run time: the flag only makes the function available to contexts made after it is set.
 */
// node:v8 and node:vm are loaded by the first collection, not with the program: loading them costs every
// command ~2 ms of start-up, and only a walk collects.

let collect: (() => void) | undefined;

/** Collects garbage now (a few milliseconds on a walk's heap). */
export function collectGarbage(): void {
  if (collect === undefined) {
    process.getBuiltinModule('node:v8').setFlagsFromString('--expose-gc');
    const exposed: unknown = process.getBuiltinModule('node:vm').runInNewContext('gc');
    collect = typeof exposed === 'function' ? () => exposed() : () => {};
  }
  collect();
}

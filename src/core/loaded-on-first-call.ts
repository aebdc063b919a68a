/**
 * A stand-in for an object whose module is loaded on the first call of one of its async methods, so a
 * command that never calls them never parses their code (start-up time, docs/performance.md).
 *
 * `known` answers what the stand-in must answer before loading: fields, and methods that work without
 * the module (the store's list reads). Any other name is an async method that loads the object and calls
 * it. Once loaded, the object answers everything itself.
 */
export function loadedOnFirstCall<T extends object>(load: () => Promise<T>, known: Partial<T>): T {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  const loadOnce = () => {
    loading ??= load().then((value) => {
      loaded = value;
      return value;
    });
    return loading;
  };
  const member = (owner: object, name: string | symbol) => {
    const value = (owner as Record<string | symbol, unknown>)[name];
    return typeof value === 'function' ? value.bind(owner) : value;
  };
  return new Proxy(known as T, {
    get(_, name) {
      if (loaded) return member(loaded, name);
      if (name in known && !(name in Object.prototype)) return member(known, name);
      // Not a thenable (awaiting the stand-in gives the stand-in), and nothing else is a method.
      if (typeof name !== 'string' || name === 'then') return undefined;
      return async (...args: unknown[]) => {
        const target = (await loadOnce()) as Record<string, unknown>;
        return (target[name] as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

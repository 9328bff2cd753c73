/** A module loaded on first use: `load()` starts (or joins) the load; `current()` is the module once loaded. */
export interface LazyModule<T> {
  /** Resolves with the module; rejects when it could not be fetched, and the next call tries again. */
  load(): Promise<T>;
  /** The loaded module, or null while it is not (yet). */
  current(): T | null;
}

/**
 * Load `importer` (a dynamic import) once, on the first `load()`, so its library stays out of the
 * first load (docs/benchmarks.md measures it). A failed load is forgotten: offline without the service
 * worker's cache, the next call fetches again instead of failing forever.
 */
export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load: () =>
      (loading ??= importer().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
    current: () => value,
  };
}

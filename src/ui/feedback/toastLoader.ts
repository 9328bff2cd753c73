import { lazyModule } from '../../services/lazyModule';

/** What of a toast library the forwarder calls: sonner's `toast` and its variants. */
export interface ToastApi<Options> {
  (title: string, options?: Options): unknown;
  success(title: string, options?: Options): unknown;
  error(title: string, options?: Options): unknown;
  warning(title: string, options?: Options): unknown;
}

/** The forwarder's `toast`: sonner's call shapes; the toast's id is in the options when it matters. */
interface LazyToast<Options> {
  (title: string, options?: Options): void;
  success(title: string, options?: Options): void;
  error(title: string, options?: Options): void;
  warning(title: string, options?: Options): void;
}

/** A toast function that loads its library on first use, and what the app's toaster host needs of it. */
export interface ToastForwarder<Module, Options> {
  toast: LazyToast<Options>;
  /** Start loading the library now (idle time after the first screen) so the first toast shows at once, offline too. */
  preload(): Promise<Module>;
  /** The loaded library, or null while it is not. */
  loaded(): Module | null;
  /** Call `listener` once the library has loaded (at once when it has). Returns an unsubscribe. */
  onLoaded(listener: () => void): () => void;
}

/**
 * A `toast` that forwards to a library loaded on first use (`load`, e.g. `import('sonner')`) and
 * `api` of the loaded module, so the library is not part of the first load.
 * Calls made while it loads are delivered in the order they were made, with their own arguments,
 * once it has loaded; after that each call goes straight through. A failed load is logged and the
 * next call (or preload) tries again; calls still waiting are kept for it.
 */
export function createToastForwarder<Module, Options>(
  load: () => Promise<Module>,
  api: (module: Module) => ToastApi<Options>,
): ToastForwarder<Module, Options> {
  const waiting: ((toast: ToastApi<Options>) => void)[] = [];
  const listeners = new Set<() => void>();
  const library = lazyModule(load);

  // Serve the calls made while it loaded (in order) and tell the listeners; later runs find both empty.
  const deliver = (loadedModule: Module): Module => {
    const toast = api(loadedModule);
    for (const call of waiting.splice(0)) call(toast);
    for (const listener of [...listeners]) listener();
    listeners.clear();
    return loadedModule;
  };

  const preload = (): Promise<Module> =>
    library.load().then(deliver, (error: unknown) => {
      console.error('NotePad: the toast library could not load', error);
      throw error;
    });

  const forward = (call: (toast: ToastApi<Options>) => void) => {
    const module = library.current();
    // Straight through once loaded and nothing earlier still waits to be delivered.
    if (module && waiting.length === 0) return call(api(module));
    waiting.push(call);
    preload().catch(() => undefined);
  };

  const toast = Object.assign((title: string, options?: Options) => forward((t) => t(title, options)), {
    success: (title: string, options?: Options) => forward((t) => t.success(title, options)),
    error: (title: string, options?: Options) => forward((t) => t.error(title, options)),
    warning: (title: string, options?: Options) => forward((t) => t.warning(title, options)),
  });

  return {
    toast,
    preload,
    loaded: () => library.current(),
    onLoaded(listener) {
      if (library.current()) {
        listener();
        return () => undefined;
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

import type { DOMPurify } from 'dompurify';
import { lazyModule } from './lazyModule';

const dompurify = lazyModule<DOMPurify>(() => import('dompurify').then((module) => module.default));

/** `purifier()` was called before `loadPurifier()` had resolved. */
export class PurifierNotLoadedError extends Error {
  constructor() {
    super('DOMPurify is not loaded yet (await loadPurifier() first)');
    this.name = 'PurifierNotLoadedError';
  }
}

/**
 * Load DOMPurify (once; a failed load is tried again on the next call). It is not part of the first
 * load: main.tsx preloads it in idle time after the first screen, and code
 * that can wait (legacy import, a paste, the link prompt) awaits this before sanitizing.
 * Resolves with DOMPurify; rejects when its chunk cannot be fetched.
 */
export function loadPurifier(): Promise<DOMPurify> {
  return dompurify.load();
}

/** True once DOMPurify has loaded, so `purifier()` will not throw. */
export function purifierLoaded(): boolean {
  return dompurify.current() !== null;
}

/**
 * DOMPurify, for the synchronous sanitizers (sanitize.ts, sanitizeBlocks.ts).
 * @throws PurifierNotLoadedError while `loadPurifier()` has not resolved.
 */
export function purifier(): DOMPurify {
  const loaded = dompurify.current();
  if (!loaded) throw new PurifierNotLoadedError();
  return loaded;
}

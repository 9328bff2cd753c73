import { useEffect, useState, type ReactNode } from 'react';

/** Longest wait for an idle moment after the page's load event before deferred work runs anyway (ms). */
const AFTER_LOAD_IDLE_TIMEOUT_MS = 2000;

/**
 * Run `work` once the page has loaded (the `load` event) and the main thread is idle, so it does
 * not compete with the first load: service worker registration and its precache
 * downloads, usage tracking. Returns a function that cancels it if it has not run yet.
 */
export function whenLoadedAndIdle(work: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | null = null;
  const run = () => {
    if (!cancelled) work();
  };
  const onIdle = () => {
    if (typeof requestIdleCallback === 'function') idleHandle = requestIdleCallback(run, { timeout: AFTER_LOAD_IDLE_TIMEOUT_MS });
    else setTimeout(run, 0);
  };
  if (document.readyState === 'complete') onIdle();
  else window.addEventListener('load', onIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', onIdle);
    if (idleHandle !== null && typeof cancelIdleCallback === 'function') cancelIdleCallback(idleHandle);
  };
}

/** Renders `children` only after the page has loaded and gone idle (see `whenLoadedAndIdle`). */
export function AfterLoad({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => whenLoadedAndIdle(() => setReady(true)), []);
  return ready ? <>{children}</> : null;
}

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

/** Longest wait for a frame before `AfterPaint` renders anyway (ms): a hidden tab paints none. */
const PAINT_WAIT_MS = 500;

/**
 * Renders `children` once the frame being made and the next have been painted (or after
 * PAINT_WAIT_MS without a frame), so a lazy chunk they load is requested after that frame, not
 * beside it (docs/architecture.md "Start-up order").
 */
export function AfterPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let first = 0;
    let second = 0;
    const show = () => setReady(true);
    if (typeof requestAnimationFrame === 'function') first = requestAnimationFrame(() => (second = requestAnimationFrame(show)));
    const timer = setTimeout(show, PAINT_WAIT_MS);
    return () => {
      clearTimeout(timer);
      if (typeof cancelAnimationFrame === 'function') {
        cancelAnimationFrame(first);
        cancelAnimationFrame(second);
      }
    };
  }, []);
  return ready ? <>{children}</> : null;
}

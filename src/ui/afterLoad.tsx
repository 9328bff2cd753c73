import { useEffect, useState, type ReactNode } from 'react';
import { whenFirstScreenShown } from './firstScreen';

/** Longest wait for an idle moment after the page's load event before deferred work runs anyway (ms). */
const AFTER_LOAD_IDLE_TIMEOUT_MS = 2000;

/** Longest wait for the first screen (firstScreen.tsx) after the page's load event before deferred work goes on (ms). */
const FIRST_SCREEN_WAIT_MS = 3000;

/**
 * Call `then` once the page has loaded (the `load` event) and its first screen has been shown (at most
 * FIRST_SCREEN_WAIT_MS after the load). Returns a function that stops waiting for the load event.
 */
function afterLoadAndFirstScreen(then: () => void): () => void {
  const onLoad = () => void whenFirstScreenShown(FIRST_SCREEN_WAIT_MS).then(then);
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  return () => window.removeEventListener('load', onLoad);
}

/**
 * Run `work` once the page has loaded (the `load` event), its first screen has been shown (the editor
 * on its note, or what the main area shows instead: `firstScreenShown`, at most FIRST_SCREEN_WAIT_MS
 * later) and the main thread is idle, so it does not compete with the first load: service worker
 * registration and its precache downloads, usage tracking, the indexes' builds, lazy chunks. Returns a
 * function that cancels it if it has not run yet.
 */
export function whenLoadedAndIdle(work: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | null = null;
  const run = () => {
    if (!cancelled) work();
  };
  const stopWaiting = afterLoadAndFirstScreen(() => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') idleHandle = requestIdleCallback(run, { timeout: AFTER_LOAD_IDLE_TIMEOUT_MS });
    else setTimeout(run, 0);
  });
  return () => {
    cancelled = true;
    stopWaiting();
    if (idleHandle !== null && typeof cancelIdleCallback === 'function') cancelIdleCallback(idleHandle);
  };
}

/**
 * `whenLoadedAndIdle` as a promise: resolves once the page has loaded, its first screen has been shown and
 * the thread is idle, or at the latest AFTER_LOAD_IDLE_TIMEOUT_MS after that first screen where idle callbacks
 * never come (a page that stubbed them, a browser holding them back): what waits on it (the localStorage
 * mirror's first write, the stored search index) must not wait for ever. Never rejects; cannot be cancelled.
 */
export function loadedAndIdle(): Promise<void> {
  return new Promise<void>((resolve) => {
    whenLoadedAndIdle(resolve);
    afterLoadAndFirstScreen(() => setTimeout(resolve, AFTER_LOAD_IDLE_TIMEOUT_MS));
  });
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

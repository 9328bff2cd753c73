/** Callbacks that must run synchronously before the page is hidden or unloaded (autosave flush). */
const beforeHide = new Set<() => void>();

/** Register `flush` to run first on page hide; returns the unregister function. */
export function onBeforePageHide(flush: () => void): () => void {
  beforeHide.add(flush);
  return () => beforeHide.delete(flush);
}

/**
 * Listen for pagehide and visibilitychange(hidden): run every registered flush, then `afterFlush`
 * (the journal write), all synchronously, because a closing page may never run another task.
 */
export function installPageHideHandler(afterFlush: () => void): () => void {
  const handler = (event: Event) => {
    if (event.type === 'visibilitychange' && document.visibilityState !== 'hidden') return;
    for (const flush of beforeHide) {
      try {
        flush();
      } catch (error) {
        console.error('NotePad: flush on page hide failed', error);
      }
    }
    afterFlush();
  };
  window.addEventListener('pagehide', handler);
  document.addEventListener('visibilitychange', handler);
  return () => {
    window.removeEventListener('pagehide', handler);
    document.removeEventListener('visibilitychange', handler);
  };
}

/** How long to wait for a waiting service worker to take over before reloading anyway (ms). */
const TAKEOVER_WAIT_MS = 3000;

/**
 * Reload the page onto the newest build: when a new service worker is waiting, let it take over
 * first (the precached old build would otherwise be served again), then reload; otherwise reload
 * at once. Used by "Update available" and when this tab meets a newer build's data
 * (docs/architecture.md "Versions and tabs").
 */
export async function reloadToNewestVersion(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  const waiting = registration?.waiting;
  if (!waiting) {
    location.reload();
    return;
  }
  let reloaded = false;
  const reload = () => {
    if (reloaded) return;
    reloaded = true;
    location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  // Workbox's generated worker skips waiting on this message.
  waiting.postMessage({ type: 'SKIP_WAITING' });
  setTimeout(reload, TAKEOVER_WAIT_MS);
}

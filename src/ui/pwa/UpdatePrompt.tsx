import { useRegisterSW } from 'virtual:pwa-register/react';

/**
 * Registers the service worker and, when a new version is waiting, says so with a
 * Reload button instead of switching the app under the user.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ onRegisterError: (error) => console.error('NotePad: service worker registration failed', error) });
  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="status" aria-live="polite">
      <span>Update available</span>
      <button type="button" className="primary" onClick={() => void updateServiceWorker(true)}>
        Reload
      </button>
      <button type="button" onClick={() => setNeedRefresh(false)}>
        Later
      </button>
    </div>
  );
}

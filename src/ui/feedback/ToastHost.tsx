import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS } from './durations';
import { toasts } from './toast';

/**
 * sonner's Toaster (bottom right, TOAST_DURATION_MS by default, close buttons), mounted once sonner has loaded
 * (on the first toast, or the preload after the first screen): nothing of it is on the first load.
 */
export function ToastHost() {
  const sonner = useSyncExternalStore(toasts.onLoaded, toasts.loaded, () => null);
  if (!sonner) return null;
  const { Toaster } = sonner;
  return <Toaster position="bottom-right" duration={TOAST_DURATION_MS} closeButton />;
}

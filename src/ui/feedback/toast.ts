import type { ExternalToast } from 'sonner';
import { createToastForwarder, type ToastApi } from './toastLoader';

/**
 * The app's toasts: sonner, loaded on the first toast or when idle after the first screen
 * (it is not part of the first load). Same calls and texts as sonner's `toast`; ToastHost mounts the Toaster
 * once sonner has loaded, and sonner shows toasts made before that as soon as it mounts.
 */
export const toasts = createToastForwarder(
  () => import('sonner'),
  (sonner) => sonner.toast as ToastApi<ExternalToast>,
);

/** sonner's `toast(title, options)` and `.success/.error/.warning`, forwarded in order once sonner has loaded. */
export const toast = toasts.toast;

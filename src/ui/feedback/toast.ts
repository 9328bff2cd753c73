import type { ExternalToast, ToastT } from 'sonner';
import { createToastForwarder, type ToastApi } from './toastLoader';
import { createToastRenewal } from './toastIds';

const renew = createToastRenewal<ToastT, ExternalToast>();

/** sonner's `toast` with each id renewed once its toast started closing (see createToastRenewal). */
function renewingToast(toast: ToastApi<ExternalToast>): ToastApi<ExternalToast> {
  return Object.assign((title: string, options?: ExternalToast) => toast(title, renew(options)), {
    success: (title: string, options?: ExternalToast) => toast.success(title, renew(options)),
    error: (title: string, options?: ExternalToast) => toast.error(title, renew(options)),
    warning: (title: string, options?: ExternalToast) => toast.warning(title, renew(options)),
  });
}

/**
 * The app's toasts: sonner, loaded on the first toast or when idle after the first screen
 * (it is not part of the first load). Same calls and texts as sonner's `toast`; ToastHost mounts the Toaster
 * once sonner has loaded, and sonner shows toasts made before that as soon as it mounts.
 */
export const toasts = createToastForwarder(
  () => import('sonner'),
  (sonner) => renewingToast(sonner.toast as ToastApi<ExternalToast>),
);

/** sonner's `toast(title, options)` and `.success/.error/.warning`, forwarded in order once sonner has loaded. */
export const toast = toasts.toast;

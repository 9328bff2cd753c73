import { useEffect, useRef, type RefObject } from 'react';
import { createFocusTrap } from 'focus-trap';

/** Focus fell out of the page (the element that had it was removed): nothing else claimed it. */
const focusIsLost = () => {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
};

/**
 * A native `<dialog>` as a modal: opens it with
 * `showModal()` on mount (the page behind becomes inert, Escape fires `cancel`, which the dialog
 * handles), keeps Tab and Shift+Tab cycling inside it with focus-trap (a modal dialog alone lets
 * focus leave to the browser's own UI), and on unmount gives focus back to the control that had it
 * when the dialog opened, unless an action of the dialog already moved focus elsewhere.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>): void {
  const openerRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // A development re-run of this effect finds focus already inside the dialog: keep the first opener.
    const active = document.activeElement;
    if (active instanceof HTMLElement && !dialog.contains(active)) openerRef.current = active;
    if (!dialog.open) dialog.showModal();
    const trap = createFocusTrap(dialog, {
      // showModal() already focused the first control; `cancel` (Escape) belongs to the dialog.
      initialFocus: false,
      escapeDeactivates: false,
      allowOutsideClick: true,
      fallbackFocus: dialog,
      setReturnFocus: () => (openerRef.current?.isConnected && focusIsLost() ? openerRef.current : false),
    });
    trap.activate();
    return () => {
      trap.deactivate();
    };
  }, [ref]);
}

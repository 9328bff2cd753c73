import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The dialog's controls that Tab can reach, in document order. */
function focusables(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0 && !el.closest('[inert]'));
}

/**
 * A native `<dialog>` as a modal (issue 9 "dialogs trap focus and close on Escape"): opens it with
 * `showModal()` on mount (the page behind becomes inert, Escape fires `cancel`), keeps Tab and
 * Shift+Tab cycling inside it (a modal dialog alone lets focus leave to the browser's own UI),
 * and on unmount gives focus back to the control that had it when the dialog opened.
 * Returns the `onKeyDown` handler to put on the dialog.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>): (event: KeyboardEvent<HTMLDialogElement>) => void {
  const openerRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    const active = document.activeElement;
    // (A development re-run of this effect finds focus already inside the dialog: keep the first opener.)
    if (active instanceof HTMLElement && !dialog?.contains(active)) openerRef.current = active;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      const opener = openerRef.current;
      // React removes the dialog without closing it; focus would fall to <body>.
      if (opener?.isConnected && (document.activeElement === document.body || document.activeElement === null || !document.activeElement.isConnected)) {
        opener.focus();
      }
    };
  }, [ref]);

  return (event) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const list = focusables(ref.current);
    if (list.length === 0) {
      event.preventDefault();
      return;
    }
    const first = list[0];
    const last = list[list.length - 1];
    const active = document.activeElement;
    const inside = active instanceof Node && ref.current.contains(active);
    if (event.shiftKey && (active === first || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  };
}

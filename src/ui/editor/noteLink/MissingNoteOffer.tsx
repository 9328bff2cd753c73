import { useLayoutEffect, useRef } from 'react';

/** Space between the link and the offer below it (px). */
const GAP_PX = 6;

/**
 * The offer shown when a link to a missing note is opened (docs/product.md "Links between notes"):
 * "“Title” is not a note: it was deleted, or never made." and *Create “Title”*. A popover next to
 * the link: Escape or a click elsewhere closes it (the browser's own light dismiss), focus starts on
 * the button.
 */
export function MissingNoteOffer({
  label,
  anchor,
  onCreate,
  onClose,
}: {
  label: string;
  anchor: HTMLElement | null;
  onCreate(): void;
  onClose(): void;
}) {
  const popover = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const element = popover.current;
    if (!element) return;
    const box = anchor?.getBoundingClientRect();
    if (box) {
      element.style.left = `${Math.max(8, Math.min(box.left, window.innerWidth - element.offsetWidth - 8))}px`;
      element.style.top = `${box.bottom + GAP_PX}px`;
    }
    element.showPopover();
    button.current?.focus();
  }, [anchor]);
  const name = label.trim() || 'Untitled Note';
  return (
    <div
      ref={popover}
      popover="auto"
      role="dialog"
      aria-label="Missing note"
      className="missing-note-offer"
      onToggle={(event) => event.newState === 'closed' && onClose()}
    >
      <p>“{name}” is not a note: it was deleted, or never made.</p>
      <button ref={button} type="button" className="primary" onClick={onCreate}>
        Create “{name}”
      </button>
    </div>
  );
}

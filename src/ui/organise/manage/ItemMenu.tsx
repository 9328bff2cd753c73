import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';

/** One choice of an item's menu. */
export interface ItemMenuChoice {
  label: string;
  danger?: boolean;
  choose(): void;
}

/**
 * A notebook's or tag's menu (docs/product.md "Notebooks and tags"), opened at a point of the
 * window by its ⋯ button, a right click or Shift+F10: a WAI-ARIA menu whose first choice takes
 * focus; ↓ ↑ Home End move, Enter chooses, Escape, Tab or a click elsewhere closes it. In the page's
 * top layer (a portal on the body), so the editor's header never covers it.
 */
export function ItemMenu({
  label,
  at,
  choices,
  onClose,
}: {
  label: string;
  at: { x: number; y: number };
  choices: readonly ItemMenuChoice[];
  onClose(): void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);
  const items = () => Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);

  // Inside the window: a menu opened near its right or bottom edge opens the other way.
  useLayoutEffect(() => {
    const box = ref.current?.getBoundingClientRect();
    if (!box) return;
    const left = Math.max(8, Math.min(at.x, window.innerWidth - box.width - 8));
    const top = at.y + box.height > window.innerHeight - 8 ? Math.max(8, at.y - box.height) : at.y;
    setPlace({ left, top });
  }, [at]);

  useEffect(() => {
    if (place) items()[0]?.focus();
  }, [place]);

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', onPointer, true);
    return () => document.removeEventListener('pointerdown', onPointer, true);
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => list[(to + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return createPortal(
    // Focus goes to the items (the WAI-ARIA menu pattern), not to the menu itself.
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus
    <div
      ref={ref}
      role="menu"
      aria-label={label}
      className="organise-menu"
      style={place ? { left: place.left, top: place.top } : { left: 0, top: 0, visibility: 'hidden' }}
      onKeyDown={onKeyDown}
    >
      {choices.map((choice) => (
        <button
          key={choice.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={`organise-menu-item${choice.danger ? ' danger' : ''}`}
          onClick={choice.choose}
        >
          {choice.label}
        </button>
      ))}
    </div>,
    document.body,
  );
}

import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** One choice of a menu. */
export interface MenuOption {
  value: string;
  label: string;
  /** A colour shown before the label (text colour menu). */
  swatch?: string;
}

/**
 * A button that opens a menu of choices (WAI-ARIA menu button): Enter, Space or ArrowDown opens it
 * and focuses a choice; arrows, Home and End move; Escape closes and returns focus; a click outside
 * closes. With `current`, the choices are radio items and the current one is checked. Choosing keeps
 * the editor's focus and selection (mouse-down does not move focus).
 */
export function MenuButton(props: {
  label: string;
  /** What the button shows (an icon, maybe text); its accessible name is `label`. */
  children: ReactNode;
  options: readonly MenuOption[];
  current?: string;
  disabled?: boolean;
  title?: string;
  className?: string;
  tabIndex?: number;
  /** Marks the button as an item of a roving-focus toolbar. */
  toolbarItem?: boolean;
  onChoose(value: string): void;
}) {
  const { label, children, options, current, disabled, title, className, tabIndex, toolbarItem, onChoose } = props;
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last' | 'current'>('current');
  const menuId = useId();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role^="menuitem"]') ?? []);
  const close = (refocus: boolean) => {
    setOpen(false);
    setPosition(null);
    if (refocus) buttonRef.current?.focus();
  };

  // Place the menu under the button, inside the viewport (the toolbar may sit at the right edge of a phone).
  useLayoutEffect(() => {
    if (!open || !buttonRef.current || !menuRef.current) return;
    const button = buttonRef.current.getBoundingClientRect();
    const menu = menuRef.current.getBoundingClientRect();
    const left = Math.max(8, Math.min(button.left, window.innerWidth - menu.width - 8));
    const below = button.bottom + 4;
    const top = below + menu.height > window.innerHeight - 8 ? Math.max(8, button.top - menu.height - 4) : below;
    setPosition({ left, top });
  }, [open]);

  // Focus a choice once the menu is placed (a hidden element cannot take focus).
  useEffect(() => {
    if (!open || !position) return;
    const list = items();
    const at =
      focusOnOpen.current === 'last'
        ? list.length - 1
        : focusOnOpen.current === 'first'
          ? 0
          : Math.max(
              0,
              options.findIndex((o) => o.value === current),
            );
    list[at]?.focus();
  }, [open, position]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', onPointer, true);
    return () => document.removeEventListener('pointerdown', onPointer, true);
  }, [open]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      event.stopPropagation();
      focusOnOpen.current = event.key === 'ArrowDown' ? 'first' : 'last';
      setOpen(true);
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
    else return;
    event.stopPropagation();
  };

  return (
    <span className={`menu-button ${className ?? ''}`}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        title={title ?? label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        tabIndex={tabIndex}
        data-toolbar-item={toolbarItem ? '' : undefined}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => {
          focusOnOpen.current = 'current';
          if (open) close(false);
          else setOpen(true);
        }}
        onKeyDown={onButtonKey}
      >
        {children}
      </button>
      {open && (
        // Focus goes to the items (roving tabindex, as the WAI-ARIA menu pattern does), not to the menu itself.
        // eslint-disable-next-line jsx-a11y/interactive-supports-focus
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          className="menu-popup"
          style={position ? { left: position.left, top: position.top } : { visibility: 'hidden', left: 0, top: 0 }}
          onKeyDown={onMenuKey}
        >
          {options.map((option) => (
            <button
              key={option.value}
              type="button"
              role={current === undefined ? 'menuitem' : 'menuitemradio'}
              aria-checked={current === undefined ? undefined : option.value === current}
              tabIndex={-1}
              className="menu-item"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                close(false);
                onChoose(option.value);
              }}
            >
              {option.swatch && <span className="menu-swatch" style={{ background: option.swatch }} aria-hidden="true" />}
              <span>{option.label}</span>
            </button>
          ))}
        </div>
      )}
    </span>
  );
}

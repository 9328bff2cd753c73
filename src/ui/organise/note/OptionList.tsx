import { useEffect, useRef } from 'react';

/** One choice of a combobox's list. */
export interface Option {
  key: string;
  label: string;
  /** A choice that makes something new ("Create “x”"), shown apart. */
  create?: boolean;
  /** What is chosen now (the note's notebook), marked ✓. */
  current?: boolean;
}

/**
 * The list of a combobox (WAI-ARIA combobox with a listbox popup): the field keeps focus and names
 * the active option with `aria-activedescendant` (`${id}-${index}`); a click chooses without taking
 * focus from the field. The active option is kept in view.
 */
export function OptionList({
  id,
  label,
  options,
  active,
  onChoose,
}: {
  id: string;
  label: string;
  options: readonly Option[];
  active: number;
  onChoose(index: number): void;
}) {
  const ref = useRef<HTMLUListElement>(null);
  useEffect(() => {
    ref.current?.querySelector(`[id="${id}-${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [id, active]);
  return (
    <ul ref={ref} id={id} role="listbox" aria-label={label} className="organise-options">
      {options.map((option, i) => (
        // The field handles the keys (aria-activedescendant); a click here must not take its focus.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events
        <li
          key={option.key}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          className={`organise-option${i === active ? ' active' : ''}${option.create ? ' create' : ''}`}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onChoose(i)}
        >
          {option.label}
          {option.current && (
            <span className="organise-option-current">
              <span aria-hidden="true">✓</span>
              <span className="visually-hidden"> (current)</span>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The next active index after `key` in a list of `count` options (-1: none), or null when the key does not move it. */
export function nextActive(key: string, active: number, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowDown') return (active + 1) % count;
  if (key === 'ArrowUp') return active <= 0 ? count - 1 : active - 1;
  return null;
}

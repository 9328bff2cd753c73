import { useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

/** Height of one line of a replay list (px); every line is one line of text (replay.css). */
const LINE_HEIGHT_PX = 22;

/**
 * A scrolling list of `count` one-line items of which only those in view are in the DOM, so a
 * state of 10,000 notes renders the same few dozen lines at every step. `line(i)` renders item
 * `i`'s content; `className(i)` marks it (e.g. the selected note).
 */
export function VirtualLines({
  count,
  line,
  className,
  label,
  testId,
}: {
  count: number;
  line: (index: number) => ReactNode;
  className?: (index: number) => string | undefined;
  label: string;
  testId?: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useVirtualizer({ count, getScrollElement: () => scroller.current, estimateSize: () => LINE_HEIGHT_PX, overscan: 8 });
  return (
    // A scrolling region is focusable so keys can scroll it (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="replay-lines" ref={scroller} aria-label={label} data-testid={testId} tabIndex={0}>
      <ul style={{ height: rows.getTotalSize() }}>
        {rows.getVirtualItems().map((row) => (
          <li
            key={row.index}
            className={className?.(row.index)}
            style={{ transform: `translateY(${row.start}px)`, height: LINE_HEIGHT_PX }}
          >
            {line(row.index)}
          </li>
        ))}
      </ul>
    </div>
  );
}

import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The content width of `ref`'s element in CSS px, following resizes (ResizeObserver); 0 until measured.
 * Charts draw at this width so they fit a 360 px phone as well as a wide window.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(Math.floor(element.clientWidth));
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

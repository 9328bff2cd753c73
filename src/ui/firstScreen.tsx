import { useEffect } from 'react';

/**
 * The first screen of a page load (docs/architecture.md "Start-up order"): the editor showing the selected
 * note, or what the main area shows instead (no note selected, the dashboard, a new note's title field).
 * Work queued for idle time after start-up (`whenLoadedAndIdle`) waits for it: the app may take edits
 * while the editor's chunk still runs, and an idle moment then would put that work before the editor.
 */
let shown = false;
let markShown: () => void = () => {};
let whenShown = new Promise<void>((resolve) => (markShown = resolve));

/** Say that the first screen is shown; later calls do nothing. */
export function firstScreenShown(): void {
  shown = true;
  markShown();
}

/**
 * Resolves once the first screen has been shown, or after `capMs` ms (a screen that never says so: another
 * route, a tab that renders nothing), whichever comes first.
 */
export function whenFirstScreenShown(capMs: number): Promise<void> {
  if (shown) return Promise.resolve();
  return Promise.race([whenShown, new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
}

/** Longest wait for a frame after the first screen before `whenFirstScreenPainted` resolves anyway (ms): a hidden tab paints none. */
const PAINT_WAIT_MS = 100;

/**
 * Resolves once the frame after the first screen has been painted (`whenFirstScreenShown` with `capMs`,
 * then the next frame, or PAINT_WAIT_MS without one): work that may not delay the editable frame,
 * such as reading the stored search index, starts then (docs/architecture.md "Start-up order").
 */
export async function whenFirstScreenPainted(capMs: number): Promise<void> {
  await whenFirstScreenShown(capMs);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, PAINT_WAIT_MS);
    // rAF runs just before the frame is painted; a timer queued from it runs after that paint.
    if (typeof requestAnimationFrame === 'function')
      requestAnimationFrame(() =>
        setTimeout(() => {
          clearTimeout(timer);
          resolve();
        }, 0),
      );
  });
}

/** Renders nothing; says the first screen is shown once it has been committed (a main area without the editor). */
export function FirstScreenShown(): null {
  useEffect(firstScreenShown, []);
  return null;
}

/**
 * Forget that the first screen was shown, as on a new page load.
 * @internal Test seam: each test starts as a page load does.
 */
export function resetFirstScreen(): void {
  shown = false;
  whenShown = new Promise<void>((resolve) => (markShown = resolve));
}

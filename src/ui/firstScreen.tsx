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

import type { InspectionEvent } from 'xstate';
import { BehaviorSubject } from 'rxjs';

/** The latest snapshot value of each live actor, by actor id, for the debug panel. */
export const actorStates$ = new BehaviorSubject<Record<string, string>>({});

let stately: ((event: InspectionEvent) => void) | null = null;

/**
 * The `inspect` option every actor is created with (`useMachine(m, { inspect })`): it feeds the
 * Stately inspector when the URL has `?inspect`, and the dev debug panel's state table.
 */
export function inspect(event: InspectionEvent): void {
  stately?.(event);
  // The state table feeds only the development debug panel; production skips it (every sidebar
  // row's title machine reports here, and copying the table per snapshot would slow every search keystroke).
  if (import.meta.env.DEV && event.type === '@xstate.snapshot') {
    const machineId = (event.actorRef as { logic?: { id?: string } }).logic?.id;
    const id = machineId ? `${machineId} ${event.actorRef.sessionId}` : event.actorRef.sessionId;
    const value = (event.snapshot as { value?: unknown }).value;
    if (value !== undefined) actorStates$.next({ ...actorStates$.value, [id]: JSON.stringify(value) });
  }
}

/**
 * With `?inspect` in the URL, open the Stately inspector (docs/architecture.md "Machines") and connect
 * every actor created afterwards. The inspector's code is loaded only then.
 */
export async function startInspection(search = window.location.search): Promise<boolean> {
  if (!new URLSearchParams(search).has('inspect')) return false;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector();
  stately = (event) => inspector.inspect.next?.(event);
  return true;
}

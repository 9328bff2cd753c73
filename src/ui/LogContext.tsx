import { createContext, useCallback, useContext, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { EventLog } from '../events/eventLog';
import type { AppState } from '../projections/notesState';
import type { LogServices } from './logServices';

const LogContext = createContext<{ log: EventLog; services: LogServices } | null>(null);

/**
 * Gives components the event log (they read its projection and append events to it) and the
 * services made for it at start-up (`createLogServices`).
 */
export function LogProvider({ log, services, children }: { log: EventLog; services: LogServices; children: ReactNode }) {
  const value = useMemo(() => ({ log, services }), [log, services]);
  return <LogContext.Provider value={value}>{children}</LogContext.Provider>;
}

/** The event log of the nearest LogProvider. @throws outside a provider. */
export function useLog(): EventLog {
  return useLogContext().log;
}

/** The services of the nearest LogProvider's log (search and link indexes, export, sync). @throws outside a provider. */
export function useLogServices(): LogServices {
  return useLogContext().services;
}

function useLogContext(): { log: EventLog; services: LogServices } {
  const value = useContext(LogContext);
  if (!value) throw new Error('useLog needs a <LogProvider>');
  return value;
}

/**
 * A slice of the projection; the component re-renders only when the slice changes (by `Object.is`),
 * so typing in one note does not re-render the sidebar.
 */
export function useProjection<T>(select: (state: AppState) => T): T {
  const log = useLog();
  const selectRef = useRef(select);
  selectRef.current = select;
  const subscribe = useCallback(
    (onChange: () => void) => {
      const sub = log.state$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    [log],
  );
  return useSyncExternalStore(subscribe, () => selectRef.current(log.state$.value));
}

/**
 * Whether this tab may still write to the log: false once it met a newer build's data (it then
 * shows what it can fold, read-only; docs/architecture.md "Versions and tabs").
 */
export function useLogWritable(): boolean {
  const log = useLog();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const sub = log.status$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    [log],
  );
  return useSyncExternalStore(subscribe, () => log.status$.value.newerVersion === null);
}

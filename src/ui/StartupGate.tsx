import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { inNextTask } from '../lib/scheduler';
import type { Startup } from '../services/startup';

/** Whether the user may change notes yet, and a promise of the moment they may. */
export interface Editability {
  editable: boolean;
  whenEditable: Promise<void>;
}

// Without a gate (component tests, tools) everything is editable at once.
const EditabilityContext = createContext<Editability>({ editable: true, whenEditable: Promise.resolve() });

/**
 * Reports the first paint of its children to the start-up (which then recovers the journal and
 * imports legacy notes, see appShell) and tells them when the log has become editable. The report
 * waits until the frame of the first commit has been painted; a hidden page paints nothing, so it
 * reports at once.
 */
export function StartupGate({ startup, children }: { startup: Startup; children: ReactNode }) {
  const [whenEditable] = useState(() => startup.editable.then(() => undefined));
  const [editable, setEditable] = useState(false);
  useEffect(() => {
    let live = true;
    void whenEditable.then(() => live && setEditable(true));
    return () => {
      live = false;
    };
  }, [whenEditable]);
  const value = useMemo<Editability>(() => ({ editable, whenEditable }), [editable, whenEditable]);
  useEffect(() => {
    if (document.visibilityState === 'hidden') {
      inNextTask(() => startup.painted());
      return;
    }
    // rAF runs just before the frame is painted; a timer queued from it runs after that paint.
    // One more timer hop: this effect may queue its rAF before others that wait for the same frame
    // (a MutationObserver's callback runs after the commit task, so after this effect), and the
    // recovery's long task (the localStorage load) should come after their "frame shown" tasks,
    // such as the bench's first-row probe, not before them.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => (timer = setTimeout(() => startup.painted(), 0)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [startup]);
  return <EditabilityContext.Provider value={value}>{children}</EditabilityContext.Provider>;
}

/** Whether notes may be changed yet (false while start-up recovers the journal); see StartupGate. */
export function useEditability(): Editability {
  return useContext(EditabilityContext);
}

import { useEffect, useState } from 'react';
import type { AppEvent } from '../../../catalog';
import { useLog } from '../LogContext';
import { actorStates$ } from '../inspection';
import './debug.css';

/** Events kept in the panel's list. */
const RECENT_EVENTS = 15;

/**
 * Development-only debug panel: each actor's current state and the
 * last events of the log. Alt+Shift+D shows and hides it.
 */
export default function DebugPanel() {
  const log = useLog();
  const [open, setOpen] = useState(false);
  const [actors, setActors] = useState(actorStates$.value);
  const [events, setEvents] = useState<AppEvent[]>([]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && e.shiftKey && e.code === 'KeyD') setOpen((o) => !o);
    };
    window.addEventListener('keydown', onKey);
    const a = actorStates$.subscribe(setActors);
    const b = log.events$.subscribe((e) => setEvents((list) => [e, ...list].slice(0, RECENT_EVENTS)));
    return () => {
      window.removeEventListener('keydown', onKey);
      a.unsubscribe();
      b.unsubscribe();
    };
  }, [log]);

  if (!open) return null;
  return (
    <aside className="debug-panel" aria-label="Debug panel">
      <h2>Actors</h2>
      <table>
        <tbody>
          {Object.entries(actors).map(([id, value]) => (
            <tr key={id}>
              <th>{id}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Last events</h2>
      <ol>
        {events.map((e) => (
          <li key={e.id}>
            #{e.seq} {e.type}
          </li>
        ))}
      </ol>
    </aside>
  );
}

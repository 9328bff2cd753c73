import DOMPurify from 'dompurify';
import { noteIndex, type AppState } from '../../projections/notesState';
import { toStorageKeys } from '../../projections/storageKeys';

/** The projected state at a replay step: notes, the selected note read-only, starred set, localStorage keys. */
export function ReplayState({ state }: { state: AppState }) {
  const notes = noteIndex(state.notes);
  const selected = state.view.selectedId;
  const keys = toStorageKeys(state.notes);
  return (
    <div className="replay-state">
      <section aria-label="Notes at this step">
        <h3>Notes ({notes.length})</h3>
        <ol className="replay-notes">
          {notes.map((n) => (
            <li key={n.id} className={n.id === selected ? 'selected' : undefined}>
              {state.notes.starred.includes(n.id) ? '★ ' : ''}
              {n.title} <small>{new Date(n.modified).toLocaleString()}</small>
            </li>
          ))}
        </ol>
      </section>
      <section aria-label="Selected note at this step">
        <h3>Selected note</h3>
        {selected && state.notes.bodies[selected]?.html === '' ? (
          <p className="muted">(empty note)</p>
        ) : selected && state.notes.bodies[selected] ? (
          <article
            className="replay-note-body"
            // Sanitized: replayed logs may come from anywhere.
            dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(state.notes.bodies[selected].html) }}
          />
        ) : (
          <p className="muted">No note selected</p>
        )}
      </section>
      <section aria-label="Starred at this step">
        <h3>Starred</h3>
        <p>{state.notes.starred.length ? state.notes.starred.join(', ') : 'none'}</p>
      </section>
      <section aria-label="localStorage at this step">
        <h3>localStorage keys</h3>
        {/* A scrolling region is focusable so keys can scroll it (axe: scrollable-region-focusable). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <pre className="replay-keys" data-testid="replay-keys" tabIndex={0}>
          {JSON.stringify(keys, null, 2)}
        </pre>
      </section>
    </div>
  );
}

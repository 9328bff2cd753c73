import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import type { AppEvent } from '../../../catalog';
import { bodyHtml, type AppState, type NotesState } from '../../projections/notesState';
import { targetNoteId } from '../../projections/noteIdentity';
import { openShares } from '../../projections/sharedLinks';
import { VirtualLines } from './VirtualLines';
import { ReplayOrganisation } from './ReplayOrganisation';
import { replayStorageKeys } from './storageLines';

/** Characters of a storage value shown on its line; the line says how long the whole value is. */
const VALUE_SHOWN_CHARS = 160;

/** `"key": "value"` as JSON writes them, the value cut after VALUE_SHOWN_CHARS characters with its length. */
function keyLine(key: string, value: string): string {
  if (value.length <= VALUE_SHOWN_CHARS) return `${JSON.stringify(key)}: ${JSON.stringify(value)}`;
  return `${JSON.stringify(key)}: ${JSON.stringify(value.slice(0, VALUE_SHOWN_CHARS)).slice(0, -1)}…" (${value.length.toLocaleString()} characters)`;
}

/** The live note `event` is about (docs/architecture.md "Note identity"), if it names one. */
function eventNote(notes: NotesState, event: AppEvent): string | undefined {
  const payload = event.payload as { id?: unknown; ref?: string };
  if (!event.type.startsWith('note.') || typeof payload.id !== 'string') return undefined;
  const id = targetNoteId(notes, { id: payload.id, ref: payload.ref });
  return notes.meta[id] ? id : undefined;
}

/**
 * The projected state at a replay step (docs/product.md "Event log tools"): the notes, the selected
 * note read-only (until a note is selected, the note the step's event is about), the starred set, the notebooks and tags, the open shared links and the localStorage keys. The notes and the keys are lists of
 * which only the lines in view are rendered, so a step costs the same at 10 notes and at 10,000.
 */
export function ReplayState({ state, event }: { state: AppState; event?: AppEvent }) {
  const { notes } = state;
  // A synced device's log has its selections after the account's events: until one, the note the step's event is about.
  const chosen = state.view.selectedId;
  const about = chosen === null && event ? eventNote(notes, event) : undefined;
  const selected = chosen ?? about ?? null;
  const starred = useMemo(() => new Set(notes.starred), [notes.starred]);
  const keys = useMemo(() => replayStorageKeys(notes), [notes]);
  // The links open at this step (docs/product.md "Share a note"), by their notes' titles.
  const links = useMemo(
    () =>
      openShares({ shares: notes.shares }).map(
        ({ share }) => `${notes.meta[share.note]?.title ?? share.note} (${share.follows ? 'follows edits' : 'as shared'})`,
      ),
    [notes.shares, notes.meta],
  );
  const html = selected ? bodyHtml(notes.bodies[selected]) : undefined;
  // Sanitized: replayed logs may come from anywhere. Once per body: steps that leave it alone reuse it.
  const clean = useMemo(() => (html ? DOMPurify.sanitize(html) : ''), [html]);
  return (
    <div className="replay-state">
      <section aria-label="Notes at this step">
        <h3>Notes ({notes.order.length})</h3>
        <VirtualLines
          label="Notes"
          count={notes.order.length}
          className={(i) => (notes.order[i] === selected ? 'selected' : undefined)}
          line={(i) => {
            const id = notes.order[i];
            const meta = notes.meta[id];
            return (
              <>
                {starred.has(id) ? '★ ' : ''}
                {meta.title} <small>{new Date(meta.modified).toLocaleString()}</small>
              </>
            );
          }}
        />
      </section>
      <section aria-label="Selected note at this step">
        <h3>{about ? 'Note of this event' : 'Selected note'}</h3>
        {selected && html === '' ? (
          <p className="muted">(empty note)</p>
        ) : selected && html !== undefined ? (
          <article className="replay-note-body" dangerouslySetInnerHTML={{ __html: clean }} />
        ) : (
          <p className="muted">No note selected</p>
        )}
      </section>
      <section aria-label="Starred at this step">
        <h3>Starred</h3>
        <p className="replay-starred">{notes.starred.length ? notes.starred.join(', ') : 'none'}</p>
      </section>
      <section aria-label="Shared links at this step">
        <h3>Shared links</h3>
        <p className="replay-starred">{links.length ? links.join(', ') : 'none'}</p>
      </section>
      <ReplayOrganisation notes={notes} />
      <section aria-label="localStorage at this step">
        <h3>localStorage keys ({keys.keys.length})</h3>
        <VirtualLines
          label="localStorage keys"
          testId="replay-keys"
          count={keys.keys.length}
          line={(i) => keyLine(keys.keys[i], keys.value(i))}
        />
      </section>
    </div>
  );
}

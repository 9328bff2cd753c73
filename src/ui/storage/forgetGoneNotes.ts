import type { Observable } from 'rxjs';
import type { AppState, NotesState } from '../../projections/notesState';
import { withoutGoneNotes, type StoredNoteCounts } from '../../projections/storedNoteCounts';
import { inBackground } from '../../lib/scheduler';
import { readCache, writeCache } from './derivedCache';

/**
 * Keep the text of deleted notes out of the derived caches (docs/architecture.md "Derived caches"):
 * when notes leave the projection (deleted, or removed with the account at sign-out), the stored
 * dashboard counts, whose follow-up items are note text, are written again without them in a
 * background task. (The stored search index is written again by its own keeper after any change.)
 */
export function forgetGoneNotes(state$: Observable<AppState>): void {
  let last: NotesState | null = null;
  let pending = false;
  state$.subscribe(({ notes }) => {
    const before = last;
    last = notes;
    if (!before || pending || before.meta === notes.meta || !before.order.some((id) => !notes.meta[id])) return;
    pending = true;
    inBackground(() => {
      void readCache<StoredNoteCounts>('note-counts')
        .then((stored) => {
          const kept = stored && last ? withoutGoneNotes(stored, last) : stored;
          return kept && kept !== stored ? writeCache('note-counts', kept) : undefined;
        })
        .catch((error: unknown) => console.warn('NotePad: the dashboard counts could not be cleaned of deleted notes', error))
        .finally(() => (pending = false));
    });
  });
}

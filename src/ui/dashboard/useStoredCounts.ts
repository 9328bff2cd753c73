import { useEffect, useRef, useState } from 'react';
import type { NotesState } from '../../projections/notesState';
import { knownCounts, type KnownCounts, type StoredNoteCounts } from '../../projections/storedNoteCounts';
import { toStoredNoteCounts } from '../../projections/statistics';
import { inBackground } from '../../lib/scheduler';
import { readCache, writeCache } from '../storage/derivedCache';

/** Quiet time after the notes last changed before the counts are stored again (ms). */
const STORE_DELAY_MS = 3000;

/** Whether `stored` (note id -> revision) holds every note of `notes` at its revision. */
function coversAll(notes: NotesState, stored: ReadonlyMap<string, string>): boolean {
  return notes.order.every((id) => notes.revs[id] === undefined || stored.get(id) === notes.revs[id].id);
}

/**
 * The dashboard's per-note counts an earlier page stored (docs/architecture.md "Derived caches"):
 * undefined while they are read, null when there are none. While the dashboard is open, the counts
 * of `notes` are stored again STORE_DELAY_MS after a change that left them behind, in a
 * background task, so the next open reads only notes changed since.
 */
export function useStoredCounts(notes: NotesState): KnownCounts | null | undefined {
  const [known, setKnown] = useState<KnownCounts | null | undefined>(undefined);
  const stored = useRef(new Map<string, string>());
  useEffect(() => {
    let live = true;
    void readCache<StoredNoteCounts>('note-counts').then((value) => {
      if (!live) return;
      const counts = value ? knownCounts(value) : null;
      stored.current = new Map([...(counts ?? [])].map(([id, c]) => [id, c.rev]));
      setKnown(counts);
    });
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (known === undefined || coversAll(notes, stored.current)) return;
    let live = true;
    const timer = setTimeout(
      () =>
        inBackground(() => {
          if (!live) return;
          const value = toStoredNoteCounts(notes, known);
          writeCache('note-counts', value).then(
            () => (stored.current = new Map(value.ids.map((id, i) => [id, value.revs[i]]))),
            (error: unknown) =>
              console.warn('NotePad: the dashboard counts could not be stored; the next open reads the notes again', error),
          );
        }),
      STORE_DELAY_MS,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [notes, known]);
  return known;
}

import { useEffect, useState } from 'react';
import { bodiesToRead } from '../../projections/statistics';
import { factsFromHtml } from '../../projections/statisticsText';
import type { NotesState } from '../../projections/notesState';
import type { KnownCounts } from '../../projections/storedNoteCounts';
import { useLog } from '../LogContext';

/** Notes whose HTML is read from their records at a time: each slice's HTML is counted and let go. */
const READ_SLICE = 200;

/**
 * Whether every body the dashboard counts for `notes` can be read now: the bodies whose HTML is only
 * in their records (docs/architecture.md "Documents by reference") and whose counts are not stored
 * at their revision are read first, READ_SLICE at a time, and their counts kept per body
 * (`factsFromHtml`), keeping no HTML. False until then (and while `known` is still being read).
 */
export function useReadTexts(notes: NotesState, now: Date | number, timeZone: string, known: KnownCounts | null | undefined): boolean {
  const log = useLog();
  const [readFor, setReadFor] = useState<NotesState | null>(null);
  const ready = known !== undefined && (readFor === notes || bodiesToRead(notes, now, timeZone, known).length === 0);
  useEffect(() => {
    if (known === undefined || ready) return;
    let live = true;
    void (async () => {
      const lacking = bodiesToRead(notes, now, timeZone, known);
      for (let at = 0; at < lacking.length && live; at += READ_SLICE) {
        const slice = lacking.slice(at, at + READ_SLICE);
        const read = await log.readHtml(slice);
        for (const body of slice) factsFromHtml(body, read.get(body) ?? '');
      }
      if (live) setReadFor(notes);
    })().catch((error: unknown) =>
      console.warn('NotePad: the dashboard could not read some notes; it tries again on the next change', error),
    );
    return () => {
      live = false;
    };
  }, [log, notes, now, timeZone, known, ready]);
  return ready;
}

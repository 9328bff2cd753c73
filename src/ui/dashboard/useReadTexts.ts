import { useEffect, useState } from 'react';
import { bodiesToRead } from '../../projections/statistics';
import { factsFromHtml } from '../../projections/statisticsText';
import type { NotesState } from '../../projections/notesState';
import type { KnownCounts } from '../../projections/storedNoteCounts';
import { useLog } from '../LogContext';

/**
 * Whether every body the dashboard counts for `notes` can be read now: the bodies whose HTML is only
 * in their records (docs/architecture.md "Documents by reference") and whose counts are not stored
 * at their revision are read first, a slice at a time (`EventLog.eachHtml`), and their counts kept per body
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
      await log.eachHtml(
        lacking,
        (body, html) => factsFromHtml(body, html),
        () => !live,
      );
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

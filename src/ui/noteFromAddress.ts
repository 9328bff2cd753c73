import { useEffect } from 'react';
import { useSearchParams } from 'wouter';
import { isNoteId } from '../projections/noteLinks/noteLinkShape';
import { useLog } from './LogContext';

/** The query parameter that names the note to open: `/?note=ID` (docs/product.md "Screens and routes"). */
const NOTE_PARAM = 'note';

/**
 * Open the note an address names (`/?note=ID`: a link opened in a new tab, a bookmark) once notes
 * may be changed (`editable`): it is selected as the sidebar selects, the dashboard closing if open;
 * a note that does not exist selects nothing. Then `note` leaves the address (other parameters stay),
 * so a reload shows the last note chosen, as without it.
 */
export function useNoteFromAddress(editable: boolean): void {
  const log = useLog();
  const [params, setParams] = useSearchParams();
  const id = params.get(NOTE_PARAM);
  useEffect(() => {
    if (!editable || id === null) return;
    if (isNoteId(id) && log.state.notes.meta[id]) {
      if (log.state.view.analyticsOpen) void log.append('ui.analytics-toggled', { open: false });
      if (log.state.view.selectedId !== id) void log.append('note.selected', { id });
    }
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(NOTE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [editable, id, log, setParams]);
}

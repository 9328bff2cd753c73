import { useEffect, useMemo, useState } from 'react';
import { useLog, useLogServices, useProjection } from '../../LogContext';

/**
 * "Linked from" (docs/product.md "Links between notes"): the notes whose text links to the open
 * note, by title, each opening its note; nothing when none does. Read from the log's link index
 * (`useLogServices().links`, src/ui/sidebar/liveLinkIndex.ts), which follows every save; right
 * after start-up it shows once that index is built, in the background after the editor's first frame.
 */
export function LinkedFrom({ noteId }: { noteId: string }) {
  const log = useLog();
  const { links } = useLogServices();
  const notes = useProjection((s) => s.notes);
  // Until the index has read every note once (start-up), the list waits for it in the background:
  // building it in this render would put every body's read in the frame that opens the editor.
  const [built, setBuilt] = useState(() => links.isBuilt());
  useEffect(() => {
    if (built) return;
    let live = true;
    void links.whenBuilt(notes).then(() => live && setBuilt(true));
    return () => {
      live = false;
    };
  }, [links, notes, built]);
  const sources = useMemo(
    () =>
      (built ? links.linkedFrom(notes, noteId) : [])
        .map((id) => ({ id, title: notes.meta[id].title }))
        .sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id)),
    [links, notes, noteId, built],
  );
  if (sources.length === 0) return null;
  return (
    <nav className="linked-from" aria-labelledby="linked-from-heading">
      <h3 id="linked-from-heading">
        Linked from <span className="linked-from-count">{sources.length}</span>
      </h3>
      <ul>
        {sources.map(({ id, title }) => (
          <li key={id}>
            <button type="button" onClick={() => void log.append('note.selected', { id })}>
              {title}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

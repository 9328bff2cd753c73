import { useEffect, useState } from 'react';
import { importFeedback } from '../feedback';
import { useLog, useLogWritable } from '../LogContext';
import { useEditability } from '../StartupGate';
import { importFilesLazily } from './runLazily';

/** Whether a drag carries files (not text or a link dragged within the page). */
const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/** Whether `target` is inside a note's body: a drop there is the editor's own (an image goes into the note). */
const overNoteBody = (target: EventTarget | null) => target instanceof Element && target.closest('.bn-editor') !== null;

/**
 * Files dropped on the app window are imported (docs/product.md "Import notes"), with an overlay that
 * says so while they are dragged over it. Over a note's body the drop stays the editor's: BlockNote
 * puts a dropped image into the note. Nothing is taken before notes may be changed.
 */
export function ImportDropTarget() {
  const log = useLog();
  const writable = useLogWritable();
  const { editable } = useEditability();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!editable || !writable) return;
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      if (overNoteBody(event.target)) {
        setShown(false);
        return;
      }
      // Taking the drag over is what lets the page receive the drop.
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
      setShown(true);
    };
    const leave = (event: DragEvent) => {
      // Leaving the window: the drag's next element is none.
      if (event.relatedTarget === null) setShown(false);
    };
    const drop = (event: DragEvent) => {
      setShown(false);
      if (!carriesFiles(event) || overNoteBody(event.target)) return;
      event.preventDefault();
      importFilesLazily(log, Array.from(event.dataTransfer?.files ?? []));
    };
    const end = () => setShown(false);
    document.addEventListener('dragenter', over);
    document.addEventListener('dragover', over);
    document.addEventListener('dragleave', leave);
    document.addEventListener('drop', drop);
    document.addEventListener('dragend', end);
    return () => {
      document.removeEventListener('dragenter', over);
      document.removeEventListener('dragover', over);
      document.removeEventListener('dragleave', leave);
      document.removeEventListener('drop', drop);
      document.removeEventListener('dragend', end);
    };
  }, [log, editable, writable]);

  if (!shown) return null;
  const { IMPORT_TEXT } = importFeedback();
  return (
    <div className="import-drop-overlay" role="status">
      <p className="import-drop-title">{IMPORT_TEXT.dropTitle}</p>
      <p>{IMPORT_TEXT.dropDetail}</p>
    </div>
  );
}

import { useRef } from 'react';
import { useModalDialog } from '../dialog/useModalDialog';
import { previewLogFile, type ParsedLogFile } from '../../events/logFile';

/**
 * Confirms a log import: says what the file holds (events, notes affected, time range)
 * before anything changes. Into a non-empty app the choice is to replace the notes or to open the
 * file read-only in the replay view. A native <dialog>: focus stays inside, Escape cancels.
 */
export function ImportDialog(props: {
  file: ParsedLogFile;
  fileName: string;
  appHasNotes: boolean;
  onReplace(): void;
  onOpenReadOnly(): void;
  onCancel(): void;
}) {
  const { file, fileName, appHasNotes, onReplace, onOpenReadOnly, onCancel } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const preview = previewLogFile(file);
  useModalDialog(ref);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="import-title" onCancel={onCancel}>
      <h2 id="import-title">Import event log</h2>
      <p className="dialog-file">{fileName}</p>
      <ul className="dialog-facts">
        <li>{preview.events} events</li>
        <li>{preview.notes.length} notes affected</li>
        {preview.firstAt && (
          <li>
            From {new Date(preview.firstAt).toLocaleString()} to {new Date(preview.lastAt!).toLocaleString()}
          </li>
        )}
      </ul>
      {appHasNotes && (
        <p>Your notes will be replaced by the file’s. Export your own log first if you may want it back, or open the file read-only.</p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" onClick={onOpenReadOnly}>
          Open read-only
        </button>
        <button type="button" className={appHasNotes ? 'danger-button' : 'primary'} onClick={onReplace}>
          {appHasNotes ? 'Replace my notes' : 'Import'}
        </button>
      </div>
    </dialog>
  );
}

import { useEffect, useRef, useState } from 'react';
import { format } from 'date-fns';
import { importSummaries, type ImportedFileSummary, type ImportSummary } from '../../projections/imports';
import { SOURCE_APP_NAMES, type SourceApp } from '../../importers/neutralNotes';
import { importFeedback } from '../feedback';
import { useLog } from '../LogContext';
import { useModalDialog } from '../dialog/useModalDialog';
import { undoWithMessage } from './undoFromUi';

const appName = (app: string) => (Object.prototype.hasOwnProperty.call(SOURCE_APP_NAMES, app) ? SOURCE_APP_NAMES[app as SourceApp] : app);

/** One chosen file's part of an import: notes in, and every note and file that did not come along, with its reason. */
function FileSummary({ file }: { file: ImportedFileSummary }) {
  const { IMPORT_TEXT } = importFeedback();
  return (
    <li className="import-file">
      <h4>{file.file}</h4>
      <p>
        {file.failed && file.imported === 0
          ? IMPORT_TEXT.fileFailed(file.failed)
          : IMPORT_TEXT.fileImported(appName(file.app), file.imported)}
      </p>
      {file.failed && file.imported > 0 && <p>{file.failed}</p>}
      {file.skipped.length > 0 && (
        <details>
          <summary>{IMPORT_TEXT.skippedHeading(file.skipped.length)}</summary>
          <ul>
            {file.skipped.map((s, i) => (
              <li key={i}>
                {s.item}: {s.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {file.dropped.length > 0 && (
        <details>
          <summary>{IMPORT_TEXT.droppedHeading(file.dropped.length)}</summary>
          <ul>
            {file.dropped.map((d, i) => (
              <li key={i}>
                {d.note ? `${d.note}: ` : ''}
                {d.item}: {d.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {file.unlisted ? <p>{IMPORT_TEXT.unlisted(file.unlisted)}</p> : null}
    </li>
  );
}

/** One import: when, how many notes, its state (cancelled, interrupted, undone), its files, and Undo. */
function ImportEntry({ summary, onUndo, busy }: { summary: ImportSummary; onUndo: () => void; busy: boolean }) {
  const { IMPORT_TEXT } = importFeedback();
  return (
    <article className="import-entry" aria-label={IMPORT_TEXT.summaryHeading(summary.notes.length)}>
      <h3>
        {IMPORT_TEXT.summaryHeading(summary.notes.length)} <time dateTime={summary.at}>{format(new Date(summary.at), 'PP p')}</time>
      </h3>
      {summary.cancelled && <p>{IMPORT_TEXT.cancelledNote}</p>}
      {!summary.finished && <p>{IMPORT_TEXT.interruptedNote}</p>}
      {summary.undone && <p>{IMPORT_TEXT.undoneNote(summary.undone.removed, summary.undone.kept)}</p>}
      <ul className="import-files">
        {summary.files.map((file, i) => (
          <FileSummary key={i} file={file} />
        ))}
      </ul>
      {!summary.undone && summary.notes.length > 0 && (
        <button type="button" onClick={onUndo} disabled={busy}>
          {IMPORT_TEXT.undo}
        </button>
      )}
    </article>
  );
}

/**
 * The summary of past imports (docs/product.md "Import notes"), newest first, read from the import's
 * records in the log, so it is there after a reload too, with *Undo*. `importId`: the import to show
 * first. A native modal dialog.
 */
export function ImportSummaryDialog({ importId, onClose }: { importId?: string; onClose(): void }) {
  const log = useLog();
  const ref = useRef<HTMLDialogElement>(null);
  const [summaries, setSummaries] = useState<ImportSummary[] | null>(null);
  const [busy, setBusy] = useState(false);
  useModalDialog(ref);

  const load = () =>
    log.importRecords().then((records) => {
      const all = importSummaries(records);
      const chosen = all.findIndex((s) => s.importId === importId);
      setSummaries(chosen > 0 ? [all[chosen], ...all.slice(0, chosen), ...all.slice(chosen + 1)] : all);
    });

  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once when opened; Undo reads again itself.
  }, []);

  const undo = async (summary: ImportSummary) => {
    setBusy(true);
    await undoWithMessage(log, summary.importId);
    await load();
    setBusy(false);
  };

  const { IMPORT_TEXT } = importFeedback();
  return (
    <dialog ref={ref} className="dialog import-summary" aria-labelledby="import-summary-title" onCancel={onClose}>
      <h2 id="import-summary-title">{IMPORT_TEXT.summaryTitle}</h2>
      {summaries === null ? (
        <p className="muted">Loading…</p>
      ) : summaries.length === 0 ? (
        <p>{IMPORT_TEXT.noImports}</p>
      ) : (
        <div className="import-entries">
          {summaries.map((summary) => (
            <ImportEntry key={summary.importId} summary={summary} busy={busy} onUndo={() => void undo(summary)} />
          ))}
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          {IMPORT_TEXT.close}
        </button>
      </div>
    </dialog>
  );
}

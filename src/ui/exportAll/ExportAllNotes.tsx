import { useSyncExternalStore } from 'react';
import { EXPORT_TEXT } from '../feedback';
import { useLog } from '../LogContext';
import { cancelExport, exportState, startExport, subscribeExport } from './exportRun';
import './exportAll.css';

/**
 * The sidebar's *Export all notes* (docs/product.md "Export all notes"): downloads every note as
 * Markdown in a zip. While it runs: "Exporting 1,234 of 10,000 notes…", a progress bar and Cancel;
 * the app stays usable. The exporter loads on first use (runExportAll.ts), not with the first screen.
 */
export function ExportAllNotes() {
  const log = useLog();
  const run = useSyncExternalStore(subscribeExport, exportState);

  if (!run.running)
    return (
      <button type="button" className="link-button" onClick={() => void startExport(log)}>
        {EXPORT_TEXT.button}
      </button>
    );
  return (
    <div className="export-progress">
      <span>
        {run.waiting
          ? EXPORT_TEXT.waitingForImport
          : run.total === null
            ? EXPORT_TEXT.preparing
            : EXPORT_TEXT.progress(run.done, run.total)}
      </span>
      {/* Without a value the bar is indeterminate: the exporter is still loading. */}
      <progress aria-label={EXPORT_TEXT.progressLabel} max={run.total ?? 1} value={run.total === null ? undefined : run.done} />
      <button type="button" onClick={cancelExport}>
        {EXPORT_TEXT.cancel}
      </button>
    </div>
  );
}

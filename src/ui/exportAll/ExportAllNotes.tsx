import { useSyncExternalStore } from 'react';
import { EXPORT_TEXT } from '../feedback';
import { useLogServices } from '../LogContext';
import './exportAll.css';

/**
 * The sidebar's *Export all notes* (docs/product.md "Export all notes"): downloads every note as
 * Markdown in a zip. While it runs: "Exporting 1,234 of 10,000 notes…", a progress bar and Cancel;
 * the app stays usable. The exporter loads on first use (runExportAll.ts), not with the first screen.
 */
export function ExportAllNotes() {
  const { exportRun } = useLogServices();
  const run = useSyncExternalStore(exportRun.subscribe, exportRun.state);

  if (!run.running)
    return (
      <button type="button" className="link-button" onClick={() => void exportRun.start()}>
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
      <button type="button" onClick={exportRun.cancel}>
        {EXPORT_TEXT.cancel}
      </button>
    </div>
  );
}

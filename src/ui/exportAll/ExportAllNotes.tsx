import { useEffect, useRef, useState } from 'react';
import { EXPORT_TEXT } from '../feedback';
import { useLog } from '../LogContext';
import './exportAll.css';

/** Progress of a running export: notes written so far of the total (null until the first note). */
type Progress = { done: number; total: number } | null;

/**
 * The sidebar's *Export all notes* (docs/product.md "Export all notes"): downloads every note as
 * Markdown in a zip. While it runs: "Exporting 1,234 of 10,000 notes…", a progress bar and Cancel;
 * the app stays usable. The exporter loads on first use (runExportAll.ts), not with the first screen.
 */
export function ExportAllNotes() {
  const log = useLog();
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<Progress>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page (or this sidebar) stops an export nobody will download.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    // The notes as they are now: edits made while the export runs belong to the next one.
    const notes = log.state.notes;
    setRunning(true);
    setProgress(null);
    try {
      const { runExportAll } = await import('./runExportAll');
      await runExportAll({ notes, log, signal: abort.signal, onProgress: (done, total) => setProgress({ done, total }) });
    } finally {
      controller.current = null;
      setRunning(false);
    }
  };

  if (!running)
    return (
      <button type="button" className="link-button" onClick={() => void start()}>
        {EXPORT_TEXT.button}
      </button>
    );
  return (
    <div className="export-progress">
      <span>{progress ? EXPORT_TEXT.progress(progress.done, progress.total) : EXPORT_TEXT.preparing}</span>
      {/* Without a value the bar is indeterminate: the exporter is still loading. */}
      <progress aria-label={EXPORT_TEXT.progressLabel} max={progress?.total ?? 1} value={progress?.done} />
      <button type="button" onClick={() => controller.current?.abort(new DOMException('Export cancelled', 'AbortError'))}>
        {EXPORT_TEXT.cancel}
      </button>
    </div>
  );
}

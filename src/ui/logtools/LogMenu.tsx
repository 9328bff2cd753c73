import { lazy, Suspense, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { logToolToasts } from '../feedback';
import { LogFileInput } from './LogFileInput';
import type { ParsedLogFile } from '../../events/logFile';
import { useLog } from '../LogContext';
import { setReplayFile } from '../replay/replaySource';
import { reloadToNewestVersion } from '../pwa/reloadToNewest';
import './logtools.css';

// Log files are read and written only from this menu: that code loads on first use (kept off the first load).
const ImportDialog = lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));

/** The sidebar's "Event log" menu: export, import (validated first), replay. */
export function LogMenu() {
  const log = useLog();
  const [, navigate] = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const [candidate, setCandidate] = useState<{ file: ParsedLogFile; name: string } | null>(null);

  const exportLog = async () => {
    const { downloadLogFile, exportLogFile } = await import('../../services/logTransfer');
    try {
      downloadLogFile(await exportLogFile(log));
    } catch (error) {
      logToolToasts.exportFailed((error as Error).message);
      return;
    }
    logToolToasts.exported();
  };

  const readFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    const { LogFileError, parseLogFile } = await import('../../events/logFile');
    try {
      setCandidate({ file: parseLogFile(await chosen.text()), name: chosen.name });
    } catch (error) {
      const reason = error instanceof LogFileError ? error.message : `The file could not be read (${(error as Error).message}).`;
      if (error instanceof LogFileError && error.newerVersion !== null)
        logToolToasts.importNeedsNewerVersion(reason, () => void reloadToNewestVersion());
      else logToolToasts.importFailed(reason);
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const replace = async () => {
    if (!candidate) return;
    setCandidate(null);
    try {
      await log.replaceWith(candidate.file);
      logToolToasts.imported(candidate.file.events.length, candidate.name);
    } catch (error) {
      logToolToasts.importFailed((error as Error).message);
    }
  };

  return (
    <details className="log-menu">
      <summary>Event log</summary>
      <div className="log-menu-items">
        <button type="button" onClick={() => void exportLog()}>
          Export event log
        </button>
        <button type="button" onClick={() => input.current?.click()}>
          Import event log
        </button>
        <button type="button" onClick={() => navigate('/replay')}>
          Replay event log
        </button>
        <LogFileInput inputRef={input} label="Event log file" onFile={(file) => void readFile(file)} />
      </div>
      {candidate && (
        <Suspense fallback={null}>
          <ImportDialog
            file={candidate.file}
            fileName={candidate.name}
            appHasNotes={log.state.notes.order.length > 0}
            onCancel={() => setCandidate(null)}
            onReplace={() => void replace()}
            onOpenReadOnly={() => {
              setReplayFile(candidate.file, candidate.name);
              setCandidate(null);
              navigate('/replay');
            }}
          />
        </Suspense>
      )}
    </details>
  );
}

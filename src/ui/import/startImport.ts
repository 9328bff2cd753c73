import type { EventLog } from '../../events/eventLog';
import { loadPurifier } from '../../services/purifier';
import { convertNote } from '../../services/noteImport/convertNote';
import { importActivity$, importRunning } from '../../services/noteImport/importActivity';
import { runImport, type ImportOutcome } from '../../services/noteImport/importRun';
import { workerReader } from '../../services/noteImport/readerClient';
import { loadImportFeedback, type ImportFeedback } from '../feedback';
import { createConversionTools } from './conversionTools';
import { openImportSummary } from './summaryRequests';
import { undoWithMessage } from './undoFromUi';

/** The progress bar is updated at most this often (ms): a count per note would render thousands of times. */
const PROGRESS_EVERY_MS = 100;

/** Tell the person what the import did (docs/product.md "Import notes"). */
function report(log: EventLog, outcome: ImportOutcome, { importToasts }: ImportFeedback): void {
  if (outcome.kind === 'failed') importToasts.failed(outcome.failures);
  else if (outcome.kind === 'cancelled') importToasts.cancelledNothing();
  else {
    importToasts.imported({
      imported: outcome.imported,
      cancelled: outcome.cancelled,
      files: outcome.files.map((f) => f.file),
      failedFiles: outcome.files.filter((f) => f.failed && f.imported === 0).length,
      undo: () => void undoWithMessage(log, outcome.importId),
      summary: () => openImportSummary(outcome.importId),
    });
  }
}

/**
 * Import `files` into `log` (docs/product.md "Import notes"): the readers in their worker, conversion
 * on the page in slices, the progress bar with Cancel meanwhile, then the result with Undo and the
 * summary. One import at a time; the page stays usable throughout.
 */
export async function startImport(log: EventLog, files: File[]): Promise<void> {
  const feedback = await loadImportFeedback();
  const { importToasts } = feedback;
  if (importRunning()) {
    importToasts.busy();
    return;
  }
  const cancel = new AbortController();
  const stop = () => cancel.abort();
  importActivity$.next({ kind: 'planning', files: files.length, cancel: stop });
  let shownAt = 0;
  try {
    await loadPurifier();
    const tools = createConversionTools();
    const outcome = await runImport({
      log,
      reader: workerReader(),
      files: files,
      convert: (note, linkTo) => convertNote(note, tools, linkTo),
      signal: cancel.signal,
      onProgress: ({ done, total }) => {
        const now = performance.now();
        if (done < total && now - shownAt < PROGRESS_EVERY_MS) return;
        shownAt = now;
        importActivity$.next({ kind: 'importing', done, total, cancel: stop });
      },
    });
    report(log, outcome, feedback);
  } catch (error) {
    console.error('NotePad: the import stopped', error);
    importToasts.stopped(error instanceof Error ? error.message : String(error));
  } finally {
    importActivity$.next({ kind: 'idle' });
  }
}

import { exportAllNotes, NothingToExportError } from '../../exporters/exportAll';
import type { MarkdownConverter } from '../../exporters/noteMarkdown';
import type { EventLog } from '../../events/eventLog';
import type { NoteBody, NotesState } from '../../projections/notesState';
import { browserDownloader, type FileDownloader } from '../../services/download';
import { exportToasts } from '../feedback';
import { createMarkdownConverter } from './markdownConverter';

/*
 * The part of *Export all notes* that loads when it is first used (docs/product.md "Export all
 * notes"): the exporter, BlockNote's conversions, zip.js and yaml are not in the first screen's code.
 */

let converter: Promise<MarkdownConverter> | null = null;

/** The converter, made once (its editor takes a moment to create); a failed load is tried again next time. */
function sharedConverter(): Promise<MarkdownConverter> {
  converter ??= createMarkdownConverter().catch((error: unknown) => {
    converter = null;
    throw error;
  });
  return converter;
}

/** What an export needs: the notes as they were when it was asked for, the log for its activity event, progress and cancel. */
export interface ExportRun {
  notes: NotesState;
  log: Pick<EventLog, 'append'>;
  signal: AbortSignal;
  onProgress: (done: number, total: number) => void;
  downloader?: FileDownloader;
  /** The whole bodies of notes `ids` of `notes`, read a slice at a time (ExportAllOptions.readBodies). */
  readBodies?: (ids: readonly string[]) => Promise<ReadonlyMap<string, NoteBody>>;
}

/**
 * Export every note of `run.notes` into `notepad-notes-YYYY-MM-DD.zip` and download it, then append
 * `notes.exported`. Never rejects: the outcome is said by a toast (exported, nothing to export,
 * cancelled, failed with the reason); nothing is downloaded unless the whole zip was written.
 */
export async function runExportAll(run: ExportRun): Promise<void> {
  try {
    const result = await exportAllNotes(run.notes, {
      converter: await sharedConverter(),
      signal: run.signal,
      onProgress: run.onProgress,
      readBodies: run.readBodies,
    });
    (run.downloader ?? browserDownloader).download(result.fileName, result.blob, 'application/zip');
    exportToasts.exported(result.notes, result.fileName);
    void run.log.append('notes.exported', { count: result.notes, images: result.images }).catch((error: unknown) => {
      console.error('NotePad: the export was not logged', error);
    });
  } catch (error) {
    if (error instanceof NothingToExportError) exportToasts.nothingToExport();
    else if (run.signal.aborted) exportToasts.cancelled();
    else {
      console.error('NotePad: export failed', error);
      exportToasts.failed(error instanceof Error ? error.message : String(error));
    }
  }
}

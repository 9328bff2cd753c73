import { toast } from './toast';
import { IMPORT_RESULT_DURATION_MS, TOAST_DURATION_MS, TOAST_ERROR_DURATION_MS } from './durations';
import { IMPORT_TEXT } from './importText';

/** A file and why it gave nothing. */
type Failure = { file: string; reason: string };

const failureText = (failures: Failure[]) => failures.map((f) => `${f.file}: ${f.reason}`).join('\n');

/** The import's toasts (docs/product.md "Import notes"); texts in importText.ts. */
export const importToasts = {
  /** An import finished (or was cancelled) with notes in: Undo, and the summary. */
  imported: (options: {
    imported: number;
    cancelled: boolean;
    files: string[];
    failedFiles: number;
    undo: () => void;
    summary: () => void;
  }) =>
    toast.success(options.cancelled ? IMPORT_TEXT.cancelledAfter(options.imported) : IMPORT_TEXT.imported(options.imported), {
      description: [
        options.files.length === 1 ? IMPORT_TEXT.fromFile(options.files[0]) : IMPORT_TEXT.fromFiles(options.files.length),
        options.failedFiles ? IMPORT_TEXT.someFailed(options.failedFiles) : '',
      ]
        .filter(Boolean)
        .join(' '),
      duration: IMPORT_RESULT_DURATION_MS,
      action: { label: IMPORT_TEXT.undo, onClick: options.undo },
      cancel: { label: IMPORT_TEXT.summary, onClick: options.summary },
    }),
  /** No note could come in: each file's reason. */
  failed: (failures: Failure[]) =>
    toast.error(IMPORT_TEXT.failed, { description: failureText(failures), duration: IMPORT_RESULT_DURATION_MS }),
  cancelledNothing: () => toast(IMPORT_TEXT.cancelledNothing, { duration: TOAST_DURATION_MS }),
  /** The import stopped half-way (storage full, the reader died): what is in stays. */
  stopped: (reason: string) => toast.error(IMPORT_TEXT.stopped, { description: reason, duration: IMPORT_RESULT_DURATION_MS }),
  undone: (removed: number, kept: number) => toast.success(IMPORT_TEXT.removed(removed, kept)),
  alreadyUndone: () => toast(IMPORT_TEXT.alreadyUndone),
  undoFailed: (reason: string) => toast.error(IMPORT_TEXT.undoFailed, { description: reason, duration: TOAST_ERROR_DURATION_MS }),
  busy: () => toast(IMPORT_TEXT.busy, { description: IMPORT_TEXT.busyDetail }),
  /** The offer to turn `notes` notes' "Tags:" lines into tags: it stays until answered. */
  tagLinesOffer: (notes: number, convert: () => void, notNow: () => void) =>
    toast(IMPORT_TEXT.tagLinesTitle, {
      description: IMPORT_TEXT.tagLinesDetail(notes),
      duration: Infinity,
      action: { label: IMPORT_TEXT.tagLinesConvert, onClick: convert },
      cancel: { label: IMPORT_TEXT.tagLinesNotNow, onClick: notNow },
    }),
  tagLinesDone: (notes: number, undo: () => void) =>
    toast.success(notes ? IMPORT_TEXT.tagLinesDone(notes) : IMPORT_TEXT.tagLinesNothing, {
      duration: IMPORT_RESULT_DURATION_MS,
      ...(notes ? { action: { label: IMPORT_TEXT.undo, onClick: undo } } : {}),
    }),
  tagLinesUndone: (notes: number) => toast.success(IMPORT_TEXT.tagLinesUndone(notes)),
  tagLinesFailed: (reason: string) => toast.error(IMPORT_TEXT.tagLinesFailed, { description: reason, duration: TOAST_ERROR_DURATION_MS }),
};

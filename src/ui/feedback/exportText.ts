import { notesCount } from './notesCount';

const count = new Intl.NumberFormat('en-US');

/** The sidebar texts of *Export all notes* (docs/product.md "Export all notes"). */
export const EXPORT_TEXT = {
  button: 'Export all notes',
  cancel: 'Cancel',
  progressLabel: 'Export progress',
  preparing: 'Preparing the export…',
  /** An import is still bringing notes in: the export starts once it has finished. */
  waitingForImport: 'Waiting for the import to finish…',
  /** "Exporting 1,234 of 10,000 notes…" */
  progress: (done: number, total: number) => `Exporting ${count.format(done)} of ${notesCount(total)}…`,
};

/**
 * The texts of the import of notes from other apps (docs/product.md "Import notes"), but the sidebar
 * entry's (importEntryText.ts): loaded with the import's code, not with the first screen.
 */

import { notesCount } from './notesCount';

const count = (n: number) => n.toLocaleString('en-US');

export const IMPORT_TEXT = {
  dropTitle: 'Drop files to import them as notes',
  dropDetail:
    'Evernote (.enex), Markdown, text, HTML, Google Keep or Simplenote (.json), or a .zip of them. To add an image to a note, drop it on the note.',
  planning: (files: number) => `Reading ${files === 1 ? 'the file' : `${count(files)} files`}…`,
  importing: (done: number, total: number) => `Importing ${count(done)} of ${notesCount(total)}…`,
  cancel: 'Cancel',
  undo: 'Undo',
  summary: 'Summary',
  imported: (n: number) => `Imported ${notesCount(n)}`,
  cancelledAfter: (n: number) => `Import cancelled: ${notesCount(n)} imported`,
  failed: 'Import failed: nothing was changed',
  cancelledNothing: 'Import cancelled: nothing was changed',
  /** The files a successful import could not read, for the toast's description. */
  someFailed: (files: number) => `${count(files)} ${files === 1 ? 'file' : 'files'} could not be imported: see the summary.`,
  fromFile: (file: string) => `From ${file}.`,
  fromFiles: (files: number) => `From ${count(files)} files.`,
  removed: (removed: number, kept: number) =>
    kept
      ? `Removed ${notesCount(removed)}; ${notesCount(kept)} you edited since ${kept === 1 ? 'was' : 'were'} kept`
      : `Removed ${notesCount(removed)}`,
  alreadyUndone: 'This import was already undone',
  undoFailed: 'Undo did not work',
  busy: 'An import is already running',
  busyDetail: 'Wait for it to finish, or cancel it.',
  stopped: 'The import stopped',
  /** Summary dialog. */
  summaryTitle: 'Imports',
  noImports: 'No notes have been imported from other apps yet.',
  summaryHeading: (n: number) => `Imported ${notesCount(n)}`,
  cancelledNote: 'Cancelled: the notes read until then were kept.',
  interruptedNote: 'The page closed before this import finished: the notes read until then were kept.',
  undoneNote: (removed: number, kept: number) => `Undone: ${IMPORT_TEXT.removed(removed, kept).replace(/^R/, 'r')}.`,
  fileImported: (app: string, n: number) => `${app}: ${notesCount(n)} imported`,
  fileFailed: (reason: string) => `Could not be imported: ${reason}`,
  skippedHeading: (n: number) => `Skipped (${count(n)})`,
  droppedHeading: (n: number) => `Not imported (${count(n)})`,
  unlisted: (n: number) => `…and ${count(n)} more`,
  close: 'Close',
  /** The offer to turn earlier imports' "Tags: a, b" lines into tags. */
  tagLinesTitle: 'Turn “Tags:” lines into tags?',
  tagLinesDetail: (n: number) =>
    `${notesCount(n)} from earlier imports ${n === 1 ? 'ends' : 'end'} with a line “Tags: …”. NotePad can make those the ${n === 1 ? 'note’s' : 'notes’'} tags and remove the line.`,
  tagLinesConvert: 'Turn into tags',
  tagLinesNotNow: 'Not now',
  tagLinesDone: (n: number) => `Tags added to ${notesCount(n)}`,
  tagLinesNothing: 'No “Tags:” lines are left to turn into tags',
  tagLinesUndone: (n: number) => `The “Tags:” lines are back in ${notesCount(n)}`,
  tagLinesFailed: 'The “Tags:” lines could not be turned into tags',
};

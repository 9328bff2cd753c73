/*
 * The import's feedback (docs/product.md "Import notes"): its toasts and texts, a chunk of their own
 * loaded with the import's code (importFeedbackLoader.ts), so the first screen holds only the entry's.
 */
export { importToasts } from './importToasts';
export { IMPORT_TEXT } from './importText';
export { notesCount } from './notesCount';

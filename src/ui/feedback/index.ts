/*
 * User feedback, one API (docs/architecture.md "User feedback"): the editor header's status line, toasts
 * (sonner, loaded lazily) and every text they show. Import from this folder's index only; lint refuses
 * deep imports from outside it.
 */
export { STATUS_MESSAGE_MS } from './durations';
export { showStatus, statusMessages$ } from './status';
export { toast, toasts } from './toast';
export { ToastHost } from './ToastHost';
export {
  announceChangedElsewhere,
  announceMergedElsewhere,
  announceConflictCopy,
  announceNewerVersion,
  announceSaveFailed,
  announceStartup,
  watchLogReads,
} from './notices';
export { editorToasts } from './editorToasts';
export { aiToasts } from './aiToasts';
export { AI_TEXT } from './aiText';
export { logToolToasts } from './logToolToasts';
export { EXPORT_TEXT } from './exportText';
export { notesCount } from './notesCount';
export { exportToasts } from './exportToasts';
export { IMPORT_ENTRY_TEXT } from './importEntryText';
export { importFeedback, loadImportFeedback, type ImportFeedback } from './importFeedbackLoader';
export { loadOrganiseFeedback, type OrganiseFeedback } from './organiseFeedbackLoader';

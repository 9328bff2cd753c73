import { toast } from './toast';
import type { StartupResult } from '../../services/startup';
import type { EventLog } from '../../events/eventLog';
import { TOAST_ERROR_DURATION_MS } from './durations';
import { storageErrorKind } from '../../services/webStorage';

const isQuota = (error: unknown) => storageErrorKind(error) === 'quota';

/**
 * Tell the user about start-up recovery: unreadable log records set aside, unreadable legacy
 * storage or page-hide journal backed up, or storage that will not persist. Each shows once, at the
 * start that found it.
 */
export function announceStartup(result: StartupResult, log: EventLog): void {
  const { quarantinedNow } = log.status$.value;
  if (quarantinedNow.length || result.legacyProblems.length || result.journalProblems.length) {
    const parts = [];
    if (quarantinedNow.length)
      parts.push(
        `${quarantinedNow.length} unreadable log entr${quarantinedNow.length === 1 ? 'y was' : 'ies were'} set aside (kept, and included in “Export event log”)`,
      );
    if (result.legacyProblems.length) parts.push('an unreadable notes list was backed up under a notepad:legacy-backup key');
    parts.push(...result.journalProblems);
    toast.warning('Some saved data could not be read', {
      description: `${parts.join('; ')}. Everything else was loaded.`,
      duration: TOAST_ERROR_DURATION_MS,
      id: 'recovery',
    });
    if (result.legacyProblems.length) console.warn('NotePad: legacy notes import problems', result.legacyProblems);
    if (result.journalProblems.length) console.warn('NotePad: page-hide journal problems', result.journalProblems);
  }
  if (!result.durable) {
    toast.error('Storage unavailable', {
      description: 'This browser blocks IndexedDB: NotePad works for this session, but changes will not persist.',
      duration: Infinity,
      id: 'no-idb',
    });
  }
}

/**
 * "Error saving note" when the log could not store an edit: one toast, updated by each retry while the disk stays
 * full. `error` is the failed write's error (or its message); `hasImage` whether the note holds an image.
 */
export function announceSaveFailed(error: unknown, hasImage: boolean): void {
  toast.error('Error saving note', {
    description: describeSaveError(error, hasImage),
    duration: TOAST_ERROR_DURATION_MS,
    id: 'save-error',
  });
}

/**
 * The description of the "Error saving note" toast when the log could not store an edit.
 * The edit stays in the editor and in memory and is saved again by the autosave retry, so say so;
 * a full disk gets its own words (a note with an image: docs/product.md "Messages"'s image wording first).
 * `error` is the failed write's error (or its message); `hasImage` whether the note holds an image.
 */
function describeSaveError(error: unknown, hasImage: boolean): string {
  const message = error instanceof Error ? error.message : String(error);
  if (isQuota(error) || /quota|storage is full|no space/i.test(message)) {
    return hasImage
      ? 'The image might be too large or there was an error converting it. Your text is kept in this tab and saved once there is room.'
      : 'NotePad’s storage is full. Your text is kept in this tab and saved as soon as there is room: delete notes or large images to free space.';
  }
  return `Your text is kept in this tab and will be saved again. (${message})`;
}

/**
 * Another tab or device saved the note this tab shows (docs/product.md "Two tabs, two devices").
 * `reloaded`: this tab had nothing unsaved and now shows that text; otherwise this tab's unsaved
 * edits stay and are saved as the note, and the other text is kept as a conflict copy beside it.
 * One toast, updated.
 */
export function announceChangedElsewhere(reloaded: boolean): void {
  toast('This note was changed elsewhere', {
    description: reloaded
      ? 'It now shows the latest text. Earlier text is kept in History.'
      : 'Your edits here are kept and saved as the note; the other version is kept as a copy beside it.',
    duration: TOAST_ERROR_DURATION_MS,
    id: 'changed-elsewhere',
  });
}

/**
 * Another tab or device changed the note this tab shows while it had unsaved edits, and the change
 * merged with them (docs/product.md "Two tabs, two devices"): the note now shows both. The same toast as above, updated.
 */
export function announceMergedElsewhere(): void {
  toast('This note was changed elsewhere', {
    description: 'It now shows those changes together with your edits.',
    duration: TOAST_ERROR_DURATION_MS,
    id: 'changed-elsewhere',
  });
}

/**
 * Two versions of a note were saved from the same text (two tabs, or devices offline): both are
 * kept, the later in the note, the other as `copyTitle` beside it (docs/architecture.md "Conflicts").
 */
export function announceConflictCopy(title: string, copyTitle: string): void {
  toast.warning('Two versions of a note were kept', {
    description: `“${title}” was changed in two places at once. Both versions are kept: the other one is “${copyTitle}”.`,
    duration: TOAST_ERROR_DURATION_MS,
    id: `conflict-${copyTitle}`,
  });
}

/**
 * This tab met a newer build's data (another tab, a journal, an import): it has stopped saving so
 * it cannot overwrite what the newer build wrote. One lasting notice with Reload
 * (docs/architecture.md "Versions and tabs"); what was typed here waits in the page-hide journal.
 */
export function announceNewerVersion(reload: () => void): void {
  toast.warning('NotePad was updated elsewhere', {
    description:
      'This tab runs an older version and has stopped saving, so it cannot overwrite newer notes. Reload to keep working: anything unsaved here is kept and saved by the new version.',
    duration: Infinity,
    dismissible: false,
    id: 'newer-version',
    action: { label: 'Reload', onClick: reload },
  });
}

/**
 * Follow the log's reads of its tail (what other tabs, or this tab, made durable): when one fails,
 * say that this tab's list may be behind and that it keeps trying (docs/product.md "Messages"),
 * once for each run of failures. The log retries by itself; nothing stored is lost.
 */
export function watchLogReads(log: EventLog): void {
  let failing = false;
  log.status$.subscribe(({ readError }) => {
    if (readError && !failing)
      toast.warning('Changes from other tabs are not shown yet', {
        description: `NotePad could not read its saved log (${readError.message}) and keeps trying. Nothing saved is lost.`,
        duration: TOAST_ERROR_DURATION_MS,
        id: 'log-read',
      });
    failing = readError !== null;
  });
}

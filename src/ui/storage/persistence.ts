import { BehaviorSubject, filter, take, type Subscription } from 'rxjs';
import type { EventLog } from '../../events/eventLog';

/** Whether the browser keeps this origin's storage under storage pressure (the Storage line shows it). */
export const persisted$ = new BehaviorSubject(false);

/**
 * Ask the browser once to keep NotePad's storage (`navigator.storage.persist`), after
 * the first note body is saved: asking before the user has written anything would come out of
 * nowhere. Runs for the page, whatever the sidebar shows (on a phone the Storage line sits in a
 * closed drawer). Returns the subscription, or null when the browser has no storage manager.
 */
export function requestPersistenceAfterFirstSave(
  log: EventLog,
  storage: StorageManager | undefined = navigator.storage,
): Subscription | null {
  if (!storage?.persist) return null;
  void storage.persisted?.().then((kept) => kept && persisted$.next(true));
  return log.events$
    .pipe(
      filter((e) => e.type === 'note.body-saved' || e.type === 'note.changed'),
      take(1),
    )
    .subscribe(() => void storage.persist().then((granted) => persisted$.next(granted)));
}

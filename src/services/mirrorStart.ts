import { filter } from 'rxjs';
import type { EventLog } from '../events/eventLog';
import type { LegacyOutcome } from './startup';
import { StorageMirror, type LocalCopy } from './storageMirror';
import type { StorageArea } from './webStorage';

/**
 * Start the localStorage mirror (docs/architecture.md "localStorage mirror") once the original app's
 * notes are all in the log: until then its first write would replace the `notes` key, which lists the
 * notes not imported yet, and a tab closed half-way would lose them. When that import stopped on an
 * error the mirror does not start: the original app's keys stay as they are and the next start carries
 * on. `onCopy` hears what the copy holds whenever that changes (the Storage line says when it is partial);
 * `onFull`, when a write meets the quota, frees what yields room to the mirror (see StorageMirror).
 * Returns `flush`, for page hide (nothing before the mirror started).
 */
export function startMirrorAfterLegacyImport(
  log: EventLog,
  storage: StorageArea,
  legacyImported: Promise<LegacyOutcome>,
  onCopy: (copy: LocalCopy) => void,
  onFull?: () => boolean,
): { flush(): void } {
  let mirror: StorageMirror | null = null;
  void legacyImported.then(({ error }) => {
    if (error) {
      console.error('NotePad: the original app’s notes are not all imported; localStorage is left as it is', error);
      return;
    }
    const copy = new StorageMirror(storage, { onCopy, onFull });
    mirror = copy;
    // A tab that met a newer build stops: its fold lacks the newer events, so its keys would be stale.
    // So does a synced device whose stored checkpoint did not read, until it has taken it again (its
    // fold lacks the notes from before it; docs/architecture.md "Reading states").
    const whole = () => log.writable && log.serverSync.lostOrigin() === null;
    // The first write at once, not in a task of its own: with nothing to import, legacy import's
    // read and this write share one task, so no key another page writes between them is replaced.
    if (whole()) copy.write(log.state.notes);
    // Mirror writes run in a task of their own (a big note_{id} takes tens of ms); page hide writes what waits.
    log.state$.subscribe((state) => whole() && copy.schedule(state.notes));
    // A durable write may follow freed space without a new projection (the edit was already shown):
    // let a partial copy catch up then too, instead of waiting for the next change. Only note events:
    // view events (a search keystroke) would walk every note while the copy stays partial.
    log.events$.pipe(filter((event) => event.type.startsWith('note.') && whole())).subscribe(() => copy.retry());
  });
  return { flush: () => mirror?.flush() };
}

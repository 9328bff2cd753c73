import { filter } from 'rxjs';
import type { EventLog } from '../events/eventLog';
import type { LegacyOutcome } from './startup';
import { hasUnknownLegacyNotes, planLegacyImport } from './legacyImport';
import { StorageMirror, type LocalCopy } from './storageMirror';
import type { StorageArea } from './webStorage';

/** Bodies whose HTML the mirror has read from their records at a time. */
const MIRROR_READ_SLICE = 100;

/**
 * Start the localStorage mirror (docs/architecture.md "localStorage mirror") once the original app's
 * notes are all in the log: until then its first write would replace the `notes` key, which lists the
 * notes not imported yet, and a tab closed half-way would lose them. When that import stopped on an
 * error the mirror does not start: the original app's keys stay as they are and the next start carries
 * on. The first write waits for `after` too (idle time after the first screen: it is tens of ms at 10,000 notes);
 * in its task the original app's index is read again, and notes it lists that the log lacks (written
 * since the start's read) are imported first, so the first write never replaces an index listing a note
 * the log does not hold. `onCopy` hears what the copy holds whenever that changes (the Storage line says
 * when it is partial); `onFull`, when a write meets the quota, frees what yields room to the mirror (see
 * StorageMirror). Returns `flush`, for page hide: before `after` it makes the first write at once (nothing
 * while the original app's notes are still coming in).
 */
export function startMirrorAfterLegacyImport(
  log: EventLog,
  storage: StorageArea,
  legacyImported: Promise<LegacyOutcome>,
  onCopy: (copy: LocalCopy) => void,
  onFull?: () => boolean,
  after: Promise<void> = Promise.resolve(),
): { flush(): void } {
  let mirror: StorageMirror | null = null;
  // The original app's index read again in the first write's task: what it lists now is in the log before that write.
  const startWhenAllIn = () => {
    if (!log.writable || !hasUnknownLegacyNotes(log, storage)) return start();
    planLegacyImport(log, storage)
      .run()
      .then(startWhenAllIn, (error: unknown) =>
        console.error('NotePad: the original app’s notes are not all imported; localStorage is left as it is', error),
      );
  };
  /** The start's legacy import ended without an error: the mirror may start (at once on page hide, see `flush`). */
  let legacyIn = false;
  void legacyImported.then(({ error }) => (legacyIn = error === null));
  void Promise.all([legacyImported, after]).then(([{ error }]) => {
    if (error) {
      console.error('NotePad: the original app’s notes are not all imported; localStorage is left as it is', error);
      return;
    }
    startWhenAllIn();
  });
  const start = () => {
    if (mirror) return;
    const copy = new StorageMirror(storage, { onCopy, onFull });
    mirror = copy;
    // Bodies holding no HTML (docs/architecture.md "Documents by reference") that a write needed: read
    // by note, MIRROR_READ_SLICE at a time, and handed to the copy, which goes on; none of it is kept.
    let reading = false;
    const readLacking = () => {
      const lacking = copy.lacking();
      if (reading || lacking.length === 0) return;
      reading = true;
      log.readHtml(lacking.slice(0, MIRROR_READ_SLICE)).then(
        (read) => {
          reading = false;
          if (!whole()) return;
          copy.supply(read);
          readLacking();
        },
        (error: unknown) => {
          // A record gone makes the log fold again: the write of the state it publishes asks again.
          reading = false;
          console.warn('NotePad: notes could not be read for the localStorage copy; it tries again on the next change', error);
        },
      );
    };
    // A tab that met a newer build stops: its fold lacks the newer events, so its keys would be stale.
    // So does a synced device whose stored checkpoint did not read, until it has taken it again (its
    // fold lacks the notes from before it; docs/architecture.md "Reading states").
    const whole = () => log.writable && log.serverSync.lostOrigin() === null;
    // The first write at once, not in a task of its own: the original app's index was just read again
    // in this task (startWhenAllIn), so no key another page writes between that read and it is replaced.
    if (whole()) copy.write(log.state.notes);
    readLacking();
    // Mirror writes run in a task of their own (a big note_{id} takes tens of ms); page hide writes what waits.
    log.state$.subscribe((state) => whole() && copy.schedule(state.notes, readLacking));
    // A durable write may follow freed space without a new projection (the edit was already shown):
    // let a partial copy catch up then too, instead of waiting for the next change. Only note events:
    // view events (a search keystroke) would walk every note while the copy stays partial.
    log.events$.pipe(filter((event) => event.type.startsWith('note.') && whole())).subscribe(() => copy.retry());
  };
  return {
    flush: () => {
      // A page hidden before the first screen: the first write is made now, as it would have been before the editor showed.
      if (!mirror && legacyIn && (!log.writable || !hasUnknownLegacyNotes(log, storage))) start();
      mirror?.flush();
    },
  };
}

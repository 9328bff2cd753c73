/**
 * Keeps the host's copies of the account's links as the log says they are (docs/sync.md "Shared
 * links"), from the one tab of this device that runs sync: after a note a link follows is saved or
 * renamed (debounced, never on the keystroke path), its copy is sealed again and replaces the
 * host's; the copies of links that ended (stopped, or their note deleted), on any device, are
 * deleted. What the host holds is compared by each copy's fingerprint (the HMAC its PUT carried),
 * so several devices doing this at once send a copy only when it changed. A link the host does
 * not list is left alone: it is another device's, not made yet, or already deleted.
 */
import { distinctUntilChanged, map, skip, type Subscription } from 'rxjs';
import type { ShareListing } from '../../../catalog';
import type { EventLog } from '../../events/eventLog';
import type { NotesState } from '../../projections/notesState';
import { endedShareIds, hasExpired, openShares } from '../../projections/sharedLinks';
import type { ShareApi } from './shareApi';
import { noteForShare, sealNote } from './shareLinks';
import { shareTag } from './shareSeal';

/** Quiet time after a change before the copies are brought up to date (ms): a few saves of typing go as one copy. */
const SHARE_RESEAL_DELAY_MS = 3000;
/** After a failure (offline, host busy), the next try (ms). */
const SHARE_RETRY_MS = 30_000;

/** What the copies depend on: the links (with their keys) and, for links that follow, their notes' text, title and time. */
function inputsOf(notes: NotesState): string {
  const followed = openShares(notes)
    .filter(({ share }) => share.follows)
    .map(({ id, share }) => [id, notes.revs[share.note]?.id, notes.meta[share.note]?.title, notes.meta[share.note]?.modified]);
  return JSON.stringify([Object.keys(notes.shares).length, [...endedShareIds(notes)], openShares(notes), followed]);
}

/** Timing and clock of the publisher; tests shorten them. */
export interface PublisherOptions {
  delayMs?: number;
  retryMs?: number;
  now?: () => number;
}

/**
 * Start bringing the host's copies up to date for this device (`deviceId`); returns the stop.
 * Runs once at start, then after each change of what the copies depend on.
 */
export function publishShares(log: EventLog, api: ShareApi, deviceId: string, options: PublisherOptions = {}): () => void {
  const delayMs = options.delayMs ?? SHARE_RESEAL_DELAY_MS;
  const retryMs = options.retryMs ?? SHARE_RETRY_MS;
  const now = options.now ?? Date.now;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, ms);
  };
  const run = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = reconcile()
      .catch((error: unknown) => {
        console.warn('NotePad: the shared notes could not be brought up to date; trying again later', error);
        schedule(retryMs);
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void run();
        }
      });
    await running;
  };

  /** One pass: list what the host holds, delete what ended, send what changed. */
  const reconcile = async () => {
    if (!log.writable || !log.account$.value) return;
    const notes = log.state.notes;
    const shares = openShares(notes);
    const ended = endedShareIds(notes);
    if (!shares.length && !ended.size) return;
    const held = new Map<string, ShareListing>((await api.list(deviceId)).map((listing) => [listing.id, listing]));
    for (const id of ended) if (held.has(id)) await api.remove(deviceId, id);
    for (const { id, share } of shares) {
      const listing = held.get(id);
      if (!listing || listing.expired || hasExpired(share, now())) continue;
      if (share.follows) {
        const content = await noteForShare(log, notes, share.note);
        if (!content) continue;
        const tag = await shareTag(share.contentKey, {
          revision: content.revision,
          title: content.note.title,
          modified: content.note.modified,
        });
        if (tag !== listing.tag) {
          await api.put({ deviceId, id, expiresAt: share.expiresAt, tag, share: await sealNote(id, share, content.note) });
          continue;
        }
      }
      if (listing.expiresAt !== share.expiresAt) await api.put({ deviceId, id, expiresAt: share.expiresAt, tag: listing.tag });
    }
  };

  const subscription: Subscription = log.state$
    .pipe(
      map((state) => state.notes),
      distinctUntilChanged((a, b) => a.shares === b.shares && a.revs === b.revs && a.meta === b.meta),
      map(inputsOf),
      distinctUntilChanged(),
      // The current state is handled by the first pass below.
      skip(1),
    )
    .subscribe(() => schedule(delayMs));
  void run();
  return () => {
    stopped = true;
    subscription.unsubscribe();
    if (timer) clearTimeout(timer);
  };
}

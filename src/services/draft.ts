import type { AppEvent } from '../../catalog';
import type { EventLog } from '../events/eventLog';
import {
  draftKey,
  draftPageIds,
  openLocalStorage,
  openSessionStorage,
  readItem,
  removeItem,
  writeItem,
  type StorageArea,
} from './webStorage';
import { overtakenBodySave, readStoredEvents } from './storedSaves';
import { forgetDraftPages, listDraftPage, listedDraftPages } from './draftIndex';

/*
 * The typed-text draft (docs/architecture.md "Page-hide journal"): a loaded machine may kill a page before
 * its page-hide handler has saved what was typed, so the editor also writes the shown note's unsaved body,
 * as the whole-body save it would append, shortly after typing: to localStorage under this page's id, which
 * a later start of any tab recovers once this page is gone (its Web Lock released), or to this tab's session
 * storage where that cannot be (no Web Locks, the localStorage mirror not whole), which only this tab's next
 * start reads. Drafts never cost the mirror room: they yield it first when the mirror meets the quota.
 * A start appends a draft unless a save at least as new reached the log; a page still open keeps its draft.
 */

/** A draft is written this long after the first keystroke it holds (ms): what a killed page can lose. */
export const DRAFT_DELAY_MS = 400;
/**
 * Notes whose saved HTML is longer than this (characters) get no draft: writing a long body every
 * DRAFT_DELAY_MS while typing would cost the keystrokes; they keep the page-hide journal alone.
 */
export const DRAFT_MAX_CHARS = 200_000;
/** Prefix of the Web Lock each page holds while it is open, so a start can tell its draft from a dead page's. */
const PAGE_LOCK_PREFIX = 'notepad-page:';

/** An area drafts are kept in: read, written and listed key by key. */
type DraftArea = StorageArea & Pick<Storage, 'key' | 'length'>;

/** Ends a claim on a page (see `DraftPlaces.claimPage`). */
type Release = () => void;

/** Where drafts are kept, and how a start tells a gone page from an open one. */
export interface DraftPlaces {
  /** localStorage: drafts any later start recovers once their page is gone; null where it cannot be used. */
  shared: DraftArea | null;
  /** This tab's sessionStorage: drafts only this tab's next start reads; null where it cannot be used. */
  tab: DraftArea | null;
  /**
   * Take page `pageId`'s Web Lock if it is free (the page is gone and no other start is recovering its
   * draft); resolves with what releases it, or null when it is held. Null where there are no Web Locks.
   */
  claimPage: ((pageId: string) => Promise<Release | null>) | null;
}

/**
 * This page's draft keeper: its id; whether its Web Lock is held and whether the localStorage mirror is
 * whole (its draft goes to `shared` only when both are true).
 */
export interface DraftWriter {
  pageId: string;
  lockHeld: boolean;
  mirrorWhole: boolean;
}

/**
 * Write `event` (an unsaved `note.body-saved`) as `writer`'s draft, replacing its last one: to `shared`
 * while its lock is held and the mirror is whole, else (or when that write fails) to `tab`, removing the
 * copy in the other area. Returns false when neither took it (logged once).
 */
export function writeDraft(places: DraftPlaces, writer: DraftWriter, event: AppEvent<'note.body-saved'>): boolean {
  const key = draftKey(writer.pageId);
  const text = JSON.stringify(event);
  const shared = places.shared;
  if (shared && writer.lockHeld && writer.mirrorWhole && writeItem(shared, key, text).ok) {
    // Listed again at each write: a list another page rewrote at the same moment may have lost this page.
    if (listDraftPage(shared, writer.pageId, true)) {
      if (places.tab) removeItem(places.tab, key);
      return true;
    }
    removeItem(shared, key);
  }
  const written = places.tab ? writeItem(places.tab, key, text) : null;
  if (written?.ok) {
    if (places.shared) removeItem(places.shared, key);
    return true;
  }
  if (!refusedOnce) {
    refusedOnce = true;
    console.error('NotePad: could not write the typed-text draft', written?.error);
  }
  return false;
}
let refusedOnce = false;

/**
 * Another page rewrote the drafts' list (the `storage` event of DRAFT_PAGES_KEY): list `writer`'s page
 * again if its draft is in `places.shared` and the list lost it. Two pages listing themselves at the same
 * moment, or a start unlisting what it recovered while a page lists itself, can each drop the other's
 * entry, and a start reads only listed drafts. Returns whether the page was listed again.
 */
export function keepDraftListed(places: DraftPlaces, writer: DraftWriter): boolean {
  const shared = places.shared;
  if (!shared || listedDraftPages(shared).includes(writer.pageId)) return false;
  const draft = readItem(shared, draftKey(writer.pageId));
  return draft.ok && draft.value !== null && listDraftPage(shared, writer.pageId, true);
}

/** Remove `writer`'s draft (what it held is saved). */
export function clearDraft(places: DraftPlaces, writer: DraftWriter): void {
  for (const area of [places.shared, places.tab]) if (area) removeItem(area, draftKey(writer.pageId));
  if (places.shared) listDraftPage(places.shared, writer.pageId, false);
}

/**
 * What the localStorage mirror holds changed (docs/architecture.md "localStorage mirror"): `whole` when
 * its copy is complete. While it is not, `writer`'s drafts go to session storage.
 */
export function followMirror(writer: DraftWriter, whole: boolean): void {
  writer.mirrorWhole = whole;
}

/**
 * The mirror's write met the quota: remove every typed-text draft from `places.shared` before the mirror
 * drops a body, moving `writer`'s own to `places.tab` (another page's is lost; that page's text still has
 * its page-hide journal, and its next draft follows its own mirror). Returns whether a draft was removed,
 * so the mirror tries its write again in the room they freed.
 */
export function yieldDraftsToMirror(places: DraftPlaces, writer: DraftWriter): boolean {
  const shared = places.shared;
  if (!shared) return false;
  const own = draftKey(writer.pageId);
  let removed = false;
  const listed = listedDraftPages(shared);
  for (const pageId of listed) {
    const key = draftKey(pageId);
    if (key === own && places.tab) {
      const read = readItem(shared, key);
      if (read.ok && read.value !== null) writeItem(places.tab, key, read.value);
    }
    removed = removeItem(shared, key).ok || removed;
  }
  if (listed.length) forgetDraftPages(shared);
  return removed;
}

/**
 * At start, after the page-hide journal: append the drafts of pages that are gone (oldest first) where the
 * log lacks their text, and remove them. A draft is dropped when it is not a body save this build reads,
 * when the log holds it already, when its note no longer exists, when the note was saved at or after the
 * draft's time (that save holds the draft's text or replaced it), or when the note already holds that
 * HTML. Each gone page's lock is claimed while its draft is recovered, so two starts at once never both
 * append it. A page still open keeps its draft in localStorage; a copy of it in this tab's session storage
 * (a duplicated tab) is dropped. Without Web Locks only this tab's session drafts are read. A draft of a
 * newer build is left for it. Resolves with the appended events.
 */
export async function recoverDrafts(log: EventLog, places: DraftPlaces): Promise<AppEvent[]> {
  if (!log.writable) return [];
  const claims = new Map<string, Release>();
  try {
    const drafts: { area: DraftArea; pageId: string; event: AppEvent | null }[] = [];
    for (const area of [places.tab, places.shared]) {
      if (!area) continue;
      const shared = area === places.shared;
      for (const pageId of shared ? listedDraftPages(area) : draftPageIds(area)) {
        const key = draftKey(pageId);
        if (places.claimPage) {
          const release = claims.get(pageId) ?? (await places.claimPage(pageId));
          if (!release) {
            // Open (or being recovered by another start): its own; a copy in this tab is a duplicate.
            if (area === places.tab) removeItem(area, key);
            continue;
          }
          claims.set(pageId, release);
        } else if (area !== places.tab) continue;
        const read = readItem(area, key);
        if (!read.ok) continue;
        if (read.value === null) {
          // Listed, but its draft is gone (removed for the mirror, or saved): the entry goes too.
          if (shared) listDraftPage(area, pageId, false);
          continue;
        }
        const { events, newestVersion } = readStoredEvents([parsed(read.value)]);
        if (newestVersion !== null) continue;
        if (!events[0]) console.error('NotePad: a typed-text draft could not be read; it was dropped', key);
        drafts.push({ area, pageId, event: events[0] ?? null });
      }
    }
    drafts.sort((a, b) => (a.event?.at ?? '').localeCompare(b.event?.at ?? ''));
    const appended: AppEvent[] = [];
    for (const { area, pageId, event } of drafts) {
      if (event && (await stillUnsaved(log, event))) appended.push(await log.appendEvent({ ...event, seq: 0 }));
      removeItem(area, draftKey(pageId));
      if (area === places.shared) listDraftPage(area, pageId, false);
    }
    return appended;
  } finally {
    for (const release of claims.values()) release();
  }
}

/** The stored draft `text` parsed, or null when it is no JSON. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Whether draft `event` holds text its note lacks: a body save the log does not hold, of a note that exists, not overtaken, with other HTML. */
async function stillUnsaved(log: EventLog, event: AppEvent): Promise<boolean> {
  if (event.type !== 'note.body-saved' || (await log.holds([event.id])).size) return false;
  const notes = log.state.notes;
  const { id, html } = event.payload;
  if (notes.meta[id] === undefined || overtakenBodySave(notes, event, true)) return false;
  const body = notes.bodies[id];
  // A body whose HTML is only in its record ("Documents by reference") is compared with what the record holds.
  return !body || (await log.readHtml([body])).get(body) !== html;
}

let places: DraftPlaces | undefined;
let writer: DraftWriter | undefined;

/**
 * This page's draft places (localStorage, sessionStorage, the pages' Web Locks), opened at their first
 * use: the first access of an area loads it.
 */
export function browserDraftPlaces(): DraftPlaces {
  if (places) return places;
  const locks = typeof navigator === 'object' ? navigator.locks : undefined;
  const local = openLocalStorage();
  const session = openSessionStorage();
  places = {
    shared: locks && local.ok ? local.area : null,
    tab: session.ok ? session.area : null,
    claimPage: locks
      ? (pageId) =>
          new Promise<Release | null>((resolve) => {
            void locks.request(`${PAGE_LOCK_PREFIX}${pageId}`, { ifAvailable: true }, (lock) => {
              if (!lock) {
                resolve(null);
                return undefined;
              }
              // Held until the start has recovered the page's draft.
              return new Promise<void>((release) => resolve(() => release()));
            });
          })
      : null,
  };
  return places;
}

/** This page's draft writer: a random id, and its Web Lock asked for at once and held while the page is open. */
export function pageDraftWriter(): DraftWriter {
  if (writer) return writer;
  const made: DraftWriter = { pageId: crypto.randomUUID(), lockHeld: false, mirrorWhole: true };
  writer = made;
  const locks = typeof navigator === 'object' ? navigator.locks : undefined;
  void locks?.request(`${PAGE_LOCK_PREFIX}${made.pageId}`, () => {
    made.lockHeld = true;
    return new Promise<never>(() => {});
  });
  return made;
}

import { readRecords, type AppEvent } from '../../catalog';
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

/*
 * The typed-text draft (docs/architecture.md "Page-hide journal"): a loaded machine may kill a page before
 * its page-hide handler has saved what was typed, so the editor also writes the shown note's unsaved body,
 * as the whole-body save it would append, shortly after typing: to localStorage under this page's id, which
 * a later start of any tab recovers once this page is gone (its Web Lock released), or to this tab's session
 * storage where that cannot be (no Web Locks, localStorage full), which only this tab's next start reads.
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

/** Where drafts are kept, and which pages are still open. */
export interface DraftPlaces {
  /** localStorage: drafts any later start recovers once their page is gone; null where it cannot be used. */
  shared: DraftArea | null;
  /** This tab's sessionStorage: drafts only this tab's next start reads; null where it cannot be used. */
  tab: DraftArea | null;
  /** The ids of the pages still open; null where the browser cannot say (no Web Locks). */
  livePages(): Promise<Set<string> | null>;
}

/** This page's draft keeper: its id, and whether its Web Lock is held (only then may its draft go to `shared`). */
export interface DraftWriter {
  pageId: string;
  lockHeld: boolean;
}

/**
 * Write `event` (an unsaved `note.body-saved`) as `writer`'s draft, replacing its last one: to `shared`
 * while its lock is held, else (or when that write fails) to `tab`. Returns false when neither took it (logged once).
 */
export function writeDraft(places: DraftPlaces, writer: DraftWriter, event: AppEvent<'note.body-saved'>): boolean {
  const key = draftKey(writer.pageId);
  const text = JSON.stringify(event);
  if (places.shared && writer.lockHeld && writeItem(places.shared, key, text).ok) {
    if (places.tab) removeItem(places.tab, key);
    return true;
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

/** Remove `writer`'s draft (what it held is saved). */
export function clearDraft(places: DraftPlaces, writer: DraftWriter): void {
  for (const area of [places.shared, places.tab]) if (area) removeItem(area, draftKey(writer.pageId));
}

/**
 * At start, after the page-hide journal: append the drafts of pages that are gone (oldest first) where the
 * log lacks their text, and remove them. A draft is dropped when it is not a body save this build reads,
 * when its note no longer exists, when the note was saved at or after the draft's time (that save holds
 * the draft's text or replaced it), or when the note already holds that HTML. A page still open keeps its
 * draft in localStorage; a copy of it in this tab's session storage (a duplicated tab) is dropped. Where
 * the browser cannot say which pages are open, only this tab's session drafts are read. A draft of a newer
 * build is left for it. Resolves with the appended events.
 */
export async function recoverDrafts(log: EventLog, places: DraftPlaces): Promise<AppEvent[]> {
  if (!log.writable) return [];
  const live = await places.livePages();
  const found: { area: DraftArea; pageId: string }[] = [];
  for (const area of [places.tab, places.shared]) {
    if (!area) continue;
    for (const pageId of draftPageIds(area)) {
      if (live?.has(pageId)) {
        if (area === places.tab) removeItem(area, draftKey(pageId));
      } else if (live !== null || area === places.tab) found.push({ area, pageId });
    }
  }
  const drafts: { area: DraftArea; key: string; event: AppEvent | null }[] = [];
  for (const { area, pageId } of found) {
    const key = draftKey(pageId);
    const read = readItem(area, key);
    if (!read.ok || read.value === null) continue;
    const { events, newestVersion } = readRecords([withoutSeq(read.value)], { requireSeq: false });
    if (newestVersion !== null) continue;
    if (!events[0]) console.error('NotePad: a typed-text draft could not be read; it was dropped', key);
    drafts.push({ area, key, event: events[0] ?? null });
  }
  drafts.sort((a, b) => (a.event?.at ?? '').localeCompare(b.event?.at ?? ''));
  const appended: AppEvent[] = [];
  for (const { area, key, event } of drafts) {
    if (event && (await stillUnsaved(log, event))) appended.push(await log.appendEvent({ ...event, seq: 0 }));
    removeItem(area, key);
  }
  return appended;
}

/** The stored draft `text` as a record to read (its `seq` dropped, as the journal's), or what it is when it is no object. */
function withoutSeq(text: string): unknown {
  try {
    const raw: unknown = JSON.parse(text);
    return typeof raw === 'object' && raw !== null ? { ...raw, seq: undefined } : raw;
  } catch {
    return null;
  }
}

/** Whether draft `event` holds text its note lacks: a body save, newer than the note's last change, with other HTML. */
async function stillUnsaved(log: EventLog, event: AppEvent): Promise<boolean> {
  if (event.type !== 'note.body-saved' || (await log.holds([event.id])).size) return false;
  const { id, html } = event.payload;
  const meta = log.state.notes.meta[id];
  return meta !== undefined && meta.modified < event.at && log.state.notes.bodies[id]?.html !== html;
}

let places: DraftPlaces | undefined;
let writer: DraftWriter | undefined;

/**
 * This page's draft places (localStorage, sessionStorage, the open pages by their Web Locks), opened at
 * their first use: the first access of an area loads it.
 */
export function browserDraftPlaces(): DraftPlaces {
  if (places) return places;
  const locks = typeof navigator === 'object' ? navigator.locks : undefined;
  const local = openLocalStorage();
  const session = openSessionStorage();
  places = {
    shared: locks && local.ok ? local.area : null,
    tab: session.ok ? session.area : null,
    livePages: async () => {
      if (!locks) return null;
      const { held = [] } = await locks.query();
      return new Set(held.flatMap(({ name }) => (name?.startsWith(PAGE_LOCK_PREFIX) ? [name.slice(PAGE_LOCK_PREFIX.length)] : [])));
    },
  };
  return places;
}

/** This page's draft writer: a random id, and its Web Lock asked for at once and held while the page is open. */
export function pageDraftWriter(): DraftWriter {
  if (writer) return writer;
  const made: DraftWriter = { pageId: crypto.randomUUID(), lockHeld: false };
  writer = made;
  const locks = typeof navigator === 'object' ? navigator.locks : undefined;
  void locks?.request(`${PAGE_LOCK_PREFIX}${made.pageId}`, () => {
    made.lockHeld = true;
    return new Promise<never>(() => {});
  });
  return made;
}

import { NOTES_KEY, STARRED_KEY, noteBodyKey } from '../projections/storageKeys';

/*
 * The one module that touches Web Storage (docs/architecture.md "Storage rules"; the lint rules
 * no-restricted-globals and no-restricted-properties keep it so). It names every key NotePad reads
 * or writes and catches every error at the access that raised it, returning it as a typed result:
 * quota (the origin's ~5 MB are full), blocked (storage disabled, SecurityError) or other.
 * Callers receive an area (a `Storage`, or a fake in tests) and pass it back in, so everything stays injectable.
 */

/** The mirror keys of docs/product.md "Entities and storage keys"; their format is the pure projection's. */
export { NOTES_KEY, STARRED_KEY, noteBodyKey };
/** Page-hide journal: events not yet durable when the page was hidden (docs/architecture.md "Page-hide journal"). */
export const JOURNAL_KEY = 'notepad:journal';
/** Time (ms since the epoch) of the last compaction, so it runs at most once a day. */
export const COMPACTED_AT_KEY = 'notepad:compacted-at';
/** Prefix of the keys that keep an unreadable legacy `notes` value before the mirror rewrites it. */
const LEGACY_BACKUP_PREFIX = 'notepad:legacy-backup:';
/** What this device remembers of each account it opened with end-to-end encryption (docs/sync.md "Threat model"); no secret. */
export const ACCOUNT_PINS_KEY = 'notepad:account-pins';
/** Prefix of the keys that keep a page-hide journal that could not be read whole, before it is cleared or rewritten. */
const JOURNAL_BACKUP_PREFIX = 'notepad:journal-backup:';
/**
 * Prefix of the typed-text draft keys: one page's unsaved body, written shortly after typing so a page
 * killed before its page-hide handler ran keeps it for a later start (docs/architecture.md "Page-hide journal").
 */
const DRAFT_PREFIX = 'notepad:draft:';
/**
 * localStorage key listing the page ids whose typed-text drafts are in localStorage (a JSON array), so a
 * start reads the drafts without walking every key (10,000 notes are 10,000 `note_{id}` keys).
 */
export const DRAFT_PAGES_KEY = 'notepad:draft-pages';
/** Key of the typed-text draft of page `pageId` (a random id per page load). */
export const draftKey = (pageId: string): string => `${DRAFT_PREFIX}${pageId}`;
/**
 * The page ids of the typed-text drafts in `area`, read key by key (never throws: [] when it cannot be read).
 * For session storage, which holds a few keys; localStorage's drafts are listed under DRAFT_PAGES_KEY.
 */
export function draftPageIds(area: Pick<Storage, 'key' | 'length'>): string[] {
  try {
    const ids: string[] = [];
    for (let i = 0; i < area.length; i++) {
      const key = area.key(i);
      if (key?.startsWith(DRAFT_PREFIX)) ids.push(key.slice(DRAFT_PREFIX.length));
    }
    return ids;
  } catch {
    return [];
  }
}
/** Session storage key of the usage-tracking session id (docs/product.md "Entities and storage keys"). */
export const SESSION_ID_KEY = 'ss_session_id';

/** Key of one legacy backup, taken at `timeMs` (ms since the epoch). */
export const legacyBackupKey = (timeMs: number): string => `${LEGACY_BACKUP_PREFIX}${timeMs}`;
/** Key of one page-hide journal backup, taken at `timeMs` (ms since the epoch). */
export const journalBackupKey = (timeMs: number): string => `${JOURNAL_BACKUP_PREFIX}${timeMs}`;

/** What NotePad uses of a Web Storage area; `localStorage`, `sessionStorage` and test fakes all fit. */
export type StorageArea = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Why an access failed: `quota` (the area is full), `blocked` (storage disabled or refused), `other`. */
export type StorageErrorKind = 'quota' | 'blocked' | 'other';

/** A failed access: its kind and the browser's own error, for logs. */
interface StorageFailure {
  ok: false;
  kind: StorageErrorKind;
  error: unknown;
}

/** The value under a key (null when absent), or why it could not be read. */
export type StorageRead = { ok: true; value: string | null } | StorageFailure;
/** A write or removal that happened, or why it did not. */
export type StorageWrite = { ok: true } | StorageFailure;
/** An area that can be used, or why it cannot. */
export type StorageOpen = { ok: true; area: Storage } | StorageFailure;

/** The kind of a storage error: QuotaExceededError (code 22 in older browsers) is `quota`, SecurityError `blocked`. */
export function storageErrorKind(error: unknown): StorageErrorKind {
  if (error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22)) return 'quota';
  if (error instanceof DOMException && error.name === 'SecurityError') return 'blocked';
  return 'other';
}

const failure = (error: unknown): StorageFailure => ({ ok: false, kind: storageErrorKind(error), error });

/**
 * The page's `localStorage`. Its first read loads the origin's whole area (~5 MB of mirrored notes) synchronously,
 * so start-up reads it only after the first paint (docs/architecture.md "Start-up order").
 */
export function openLocalStorage(): StorageOpen {
  try {
    return { ok: true, area: window.localStorage };
  } catch (error) {
    return failure(error);
  }
}

/** The page's `sessionStorage`; its first access costs a synchronous load, so open it only when needed. */
export function openSessionStorage(): StorageOpen {
  try {
    return { ok: true, area: window.sessionStorage };
  } catch (error) {
    return failure(error);
  }
}

/** Read `key` from `area`; never throws. */
export function readItem(area: Pick<StorageArea, 'getItem'>, key: string): StorageRead {
  try {
    return { ok: true, value: area.getItem(key) };
  } catch (error) {
    return failure(error);
  }
}

/**
 * The keys `area` holds, or null when it cannot list them (an area with only get, set and remove)
 * or listing fails. Listing is a walk of the keys present: a few dozen where reading one key per
 * note would be thousands of reads.
 */
export function storedKeys(area: StorageArea & Partial<Pick<Storage, 'key' | 'length'>>): string[] | null {
  if (typeof area.key !== 'function' || typeof area.length !== 'number') return null;
  try {
    const keys: string[] = [];
    for (let i = 0; i < area.length; i++) {
      const key = area.key(i);
      if (key !== null) keys.push(key);
    }
    return keys;
  } catch {
    return null;
  }
}

/** Set `key` to `value` in `area`; never throws (a full area is `kind: 'quota'`). */
export function writeItem(area: Pick<StorageArea, 'setItem'>, key: string, value: string): StorageWrite {
  try {
    area.setItem(key, value);
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
}

/** Remove `key` from `area`; never throws. */
export function removeItem(area: Pick<StorageArea, 'removeItem'>, key: string): StorageWrite {
  try {
    area.removeItem(key);
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
}

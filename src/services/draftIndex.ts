import { DRAFT_PAGES_KEY, readItem, removeItem, writeItem, type StorageArea } from './webStorage';

/*
 * The list of pages whose typed-text drafts are in localStorage (docs/architecture.md "Page-hide journal"):
 * walking localStorage's keys to find the drafts took 20-85 ms at each start with 10,000 notes, so a page
 * lists itself when it writes a draft there and a start reads the list. Two pages rewriting the list at
 * the same moment can lose one entry: the page whose entry was lost hears the other's write (its `storage`
 * event) and lists itself again (keepDraftListed, draft.ts), as each of its draft writes does too.
 */

/** The page ids listed in `area` (localStorage): [] when none, or when the list cannot be read. */
export function listedDraftPages(area: StorageArea): string[] {
  const read = readItem(area, DRAFT_PAGES_KEY);
  if (!read.ok || read.value === null) return [];
  try {
    const ids: unknown = JSON.parse(read.value);
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * List (`listed` true) or unlist `pageId` in `area`; the list's key goes once it is empty. Writes only
 * when the list changes. Returns false when the list could not be written (a full localStorage).
 */
export function listDraftPage(area: StorageArea, pageId: string, listed: boolean): boolean {
  const ids = listedDraftPages(area);
  if (ids.includes(pageId) === listed) return true;
  const next = listed ? [...ids, pageId] : ids.filter((id) => id !== pageId);
  if (next.length === 0) return removeItem(area, DRAFT_PAGES_KEY).ok;
  return writeItem(area, DRAFT_PAGES_KEY, JSON.stringify(next)).ok;
}

/** Remove the list from `area` (every draft it named was removed). */
export function forgetDraftPages(area: StorageArea): void {
  removeItem(area, DRAFT_PAGES_KEY);
}

import type { NotesState, ShareState } from './notesState';

/** A link that has not ended (it may have expired: the host decides by its own clock). */
export type OpenShare = Extract<ShareState, { endedAt?: undefined }>;

/** A link of the account with its id. */
export interface ShareEntry {
  id: string;
  share: OpenShare;
}

/** True when `share` has not ended. */
export function isOpenShare(share: ShareState | undefined): share is OpenShare {
  return share !== undefined && share.endedAt === undefined;
}

/** True when an open link has expired at `nowMs` (ms since the epoch): the host answers it as gone. */
export function hasExpired(share: OpenShare, nowMs: number): boolean {
  return share.expiresAt !== null && Date.parse(share.expiresAt) <= nowMs;
}

/**
 * Every link of the account that has not ended, newest first (docs/product.md "Share a note": the
 * Shared notes list, which shows expired ones as such). Pure.
 */
export function openShares(notes: Pick<NotesState, 'shares'>): ShareEntry[] {
  return Object.entries(notes.shares)
    .flatMap(([id, share]) => (isOpenShare(share) ? [{ id, share }] : []))
    .sort((a, b) => b.share.createdAt.localeCompare(a.share.createdAt) || a.id.localeCompare(b.id));
}

/** The live link of note `noteId` at `nowMs` (open, not expired; the newest when there are several), or null. */
export function liveShareOf(notes: Pick<NotesState, 'shares'>, noteId: string, nowMs: number): ShareEntry | null {
  return openShares(notes).find((entry) => entry.share.note === noteId && !hasExpired(entry.share, nowMs)) ?? null;
}

/**
 * The ids of the notes that have a live link at `nowMs`: the sidebar and the header mark them
 * (docs/product.md "Share a note"). Pure.
 */
export function sharedNoteIds(notes: Pick<NotesState, 'shares'>, nowMs: number): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const share of Object.values(notes.shares)) if (isOpenShare(share) && !hasExpired(share, nowMs)) ids.add(share.note);
  return ids;
}

/** The ids of ended links: their copies are deleted from the host by the owner's devices (docs/sync.md "Shared links"). */
export function endedShareIds(notes: Pick<NotesState, 'shares'>): ReadonlySet<string> {
  return new Set(Object.entries(notes.shares).flatMap(([id, share]) => (share.endedAt !== undefined ? [id] : [])));
}

/**
 * Making, changing and stopping a note's link (docs/product.md "Share a note", docs/sync.md
 * "Shared links"), as the share dialog asks: the host gets the sealed copy first, and only once it
 * has it does the log record the link (a `share.created` or `share.changed` of scope note, which
 * syncs sealed to the account's other devices with the keys). Stopping records first and deletes
 * after: a device offline then deletes the copy once it is back (sharePublisher.ts).
 */
import type { KdfParams } from '../../../catalog';
import type { EventLog } from '../../events/eventLog';
import type { NotesState } from '../../projections/notesState';
import { isOpenShare, type OpenShare } from '../../projections/sharedLinks';
import type { ShareApi } from './shareApi';
import { withoutInlineStyles } from './copyHtml';
import { openWithContentKey, type SharedNote } from './shareOpen';
import { newContentKey, newLink, sealShare, shareTag, shareUrl, wrapContentKey } from './shareSeal';

/** How long a link lives (docs/product.md "Share a note"): never ends, or a number of days from now. */
export type ExpiryChoice = 'never' | '1d' | '7d' | '30d';
const EXPIRY_DAYS: Record<ExpiryChoice, number | null> = { never: null, '1d': 1, '7d': 7, '30d': 30 };
const DAY_MS = 86_400_000;

/** What the link functions need: the log, the host, this device's id, the app's origin and the clock. */
export interface LinkDeps {
  log: EventLog;
  api: ShareApi;
  deviceId: string;
  origin: string;
  now(): Date;
}

/** Why a link could not be made or changed: the note is gone, or its old copy could not be read again. */
export class ShareLinkError extends Error {
  constructor(readonly reason: 'no-note' | 'copy-lost') {
    super(reason === 'no-note' ? 'The note is not there any more' : 'The shared copy could not be read again');
    this.name = 'ShareLinkError';
  }
}

/** The time a link made or changed at `now` with `choice` ends, or null. */
function expiryFrom(choice: ExpiryChoice, now: Date): string | null {
  const days = EXPIRY_DAYS[choice];
  return days === null ? null : new Date(now.getTime() + days * DAY_MS).toISOString();
}

/**
 * Note `noteId` of `notes` as its link shows it now, and what its copy's fingerprint covers; null when
 * the note is gone. Its HTML is read from its record when its body is unread without it
 * (docs/architecture.md "Documents by reference").
 * @throws DocumentGone when that record is gone (the log folds again; the caller tries again later).
 */
export async function noteForShare(
  log: Pick<EventLog, 'readHtml'>,
  notes: NotesState,
  noteId: string,
): Promise<{ note: SharedNote; revision: string } | null> {
  const meta = notes.meta[noteId];
  if (!meta) return null;
  const body = notes.bodies[noteId];
  const html = body ? ((await log.readHtml([body])).get(body) ?? '') : '';
  return {
    note: { title: meta.title, html, modified: meta.modified },
    revision: notes.revs[noteId]?.id ?? '',
  };
}

/** The copy of `note` for link `id` under `keys` (sealShare), its HTML without inline styles (copyHtml.ts). */
export function sealNote(id: string, keys: { contentKey: string; wrap: string; kdf: KdfParams | null }, note: SharedNote) {
  return sealShare(id, keys, { ...note, html: withoutInlineStyles(note.html) });
}

/** The fingerprint of `content` under `contentKey` (see shareTag). */
const tagOf = (contentKey: string, content: { note: SharedNote; revision: string }) =>
  shareTag(contentKey, { revision: content.revision, title: content.note.title, modified: content.note.modified });

/**
 * Make a link to note `noteId` with `options` and give its address (`/s/<id>#<key>`).
 * @throws ShareLinkError `no-note`; SyncError when the host refuses or cannot be reached (nothing recorded then).
 */
export async function createLink(
  deps: LinkDeps,
  noteId: string,
  options: { expiry: ExpiryChoice; password: string | null; follows: boolean },
): Promise<string> {
  const content = await noteForShare(deps.log, deps.log.state.notes, noteId);
  if (!content) throw new ShareLinkError('no-note');
  const { id, linkKey } = newLink();
  const contentKey = newContentKey();
  const { wrap, kdf } = await wrapContentKey(id, linkKey, contentKey, options.password);
  const expiresAt = expiryFrom(options.expiry, deps.now());
  const share = await sealNote(id, { contentKey, wrap, kdf }, content.note);
  await deps.api.put({ deviceId: deps.deviceId, id, expiresAt, tag: await tagOf(contentKey, content), share });
  await deps.log.append('share.created', { id: noteId, share: id, linkKey, follows: options.follows, expiresAt, contentKey, wrap, kdf });
  return shareUrl(deps.origin, id, linkKey);
}

/** The address of an open link. */
export const linkUrl = (deps: Pick<LinkDeps, 'origin'>, id: string, share: OpenShare) => shareUrl(deps.origin, id, share.linkKey);

/**
 * Change link `id`'s options: a new expiry counted from now (`expiry`), a new password, none (`null`)
 * or the same (`undefined`), whether it follows the note's edits. A new or removed password brings a
 * new content key: the copy is sealed again (the note as it is now when the link follows it, else
 * the copy as it was, opened with the old key), so whoever had the old password reads nothing new.
 * @throws ShareLinkError; SyncError when the host refuses or cannot be reached (nothing recorded then).
 */
export async function changeLink(
  deps: LinkDeps,
  id: string,
  change: { expiry?: ExpiryChoice; password?: string | null; follows: boolean },
): Promise<void> {
  const current = deps.log.state.notes.shares[id];
  if (!isOpenShare(current)) throw new ShareLinkError('no-note');
  const expiresAt = change.expiry === undefined ? current.expiresAt : expiryFrom(change.expiry, deps.now());
  let keys: { contentKey: string; wrap: string; kdf: KdfParams | null } = current;
  if (change.password !== undefined) {
    const contentKey = newContentKey();
    keys = { contentKey, ...(await wrapContentKey(id, current.linkKey, contentKey, change.password)) };
  }
  // A new copy: under new keys, or the note as it is now for a link that starts following it.
  const reseal = keys !== current || (change.follows && !current.follows);
  const content = await noteForShare(deps.log, deps.log.state.notes, current.note);
  if (!content) throw new ShareLinkError('no-note');
  let body: Pick<Parameters<ShareApi['put']>[0], 'share' | 'tag'> = { tag: await tagOf(current.contentKey, content) };
  if (reseal) {
    let note = content.note;
    if (!change.follows) {
      const stored = await deps.api.read(id);
      const old = stored && (await openWithContentKey(id, current.contentKey, stored));
      if (!old) throw new ShareLinkError('copy-lost');
      note = old;
    }
    body = { share: await sealNote(id, keys, note), tag: await tagOf(keys.contentKey, { ...content, note }) };
  }
  await deps.api.put({ deviceId: deps.deviceId, id, expiresAt, ...body });
  await deps.log.append('share.changed', { id: current.note, share: id, follows: change.follows, expiresAt, ...keys });
}

/**
 * Stop link `id`: recorded at once (the link is shown as stopped everywhere), then its copy deleted
 * from the host; when the host cannot be reached now, the sync tab deletes it later.
 */
export async function stopLink(deps: LinkDeps, id: string): Promise<void> {
  const current = deps.log.state.notes.shares[id];
  if (!current || current.endedAt !== undefined) return;
  await deps.log.append('share.stopped', { id: current.note, share: id });
  try {
    await deps.api.remove(deps.deviceId, id);
  } catch (error) {
    console.warn('NotePad: the shared copy is deleted once the sync server can be reached', error);
  }
}

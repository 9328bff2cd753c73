import { NOTES_KEY, STARRED_KEY, noteBodyKey, readItem, removeItem, storedKeys, writeItem, type StorageArea } from './webStorage';
import { noteIndex, type NoteBody, type NotesState } from '../projections/notesState';
import { bodyWriteOrder } from '../projections/storageKeys';
import { inNextTask } from '../lib/scheduler';

/**
 * What the localStorage copy holds (docs/product.md "Entities and storage keys"): everything; or the
 * complete `notes` and `linkedNotes` and the bodies of the newest `bodies` of `notes` notes; or a
 * `notes` or `linkedNotes` that could not be written (`outdated`: localStorage is full of other data).
 */
export type LocalCopy =
  { kind: 'complete' } | { kind: 'partial'; bodies: number; notes: number } | { kind: 'outdated'; bodies: number; notes: number };

/** What a mirror tells its owner. */
interface MirrorListeners {
  /** A write failed for another reason than a full area (storage blocked, ...): once per `write`. */
  onError?: (error: unknown) => void;
  /** What the copy holds, each time that changes (the Storage line shows it). */
  onCopy?: (copy: LocalCopy) => void;
  /**
   * A write met the quota: remove what yields room to the mirror (the typed-text drafts, docs/architecture.md
   * "Page-hide journal"); returns whether anything was removed. Asked once per write, before any body is dropped.
   */
  onFull?: () => boolean;
}

/** The prefix of the body keys (`note_{id}`). */
const BODY_PREFIX = noteBodyKey('');

const sameCopy = (a: LocalCopy, b: LocalCopy) =>
  a.kind === b.kind && (a.kind === 'complete' || (a.bodies === (b as typeof a).bodies && a.notes === (b as typeof a).notes));

/**
 * Mirrors the notes projection into the localStorage keys of docs/product.md "Entities and storage keys"
 * (`notes`, `note_{id}`, `linkedNotes`), writing only the keys a change touched while everything fits.
 *
 * When the origin's ~5 MB are full (docs/architecture.md "localStorage mirror"): what yields room to the
 * mirror goes first (`onFull`: the typed-text drafts); then `notes` and
 * `linkedNotes` are written first, bodies dropped (oldest first) to make room for them; then the
 * bodies newest first by `modified` while they fit, a newer body taking the room of older ones. A body
 * that does not fit is left out whole, and its key removed: `note_{id}` holds the note's current body
 * or nothing, never an older one. So the copy is the complete list and the text of the newest notes,
 * which `onCopy` reports; a full area is no error.
 */
export class StorageMirror {
  private previous: NotesState | null = null;
  /** The `notes` and `linkedNotes` values last written (or found equal); null after a failed write. */
  private indexJson: string | null = null;
  private starredJson: string | null = null;
  /**
   * Note id -> the body its `note_{id}` holds, as this mirror wrote or found it, and the note's
   * revision then: a body that holds no HTML (docs/architecture.md "Documents by reference") is
   * held when its revision is (one revision is one text).
   */
  private readonly held = new Map<string, { html: string; rev: string | undefined }>();
  /** Keys found at the first write whose note's body holds no HTML: what they hold, until compared. */
  private readonly unverified = new Map<string, string>();
  /** HTML read of bodies that hold none (`supply`); the bodies a write needed and lacked (`lacking`). */
  private htmlRead: ReadonlyMap<NoteBody, string> = new Map();
  private readonly missing = new Set<NoteBody>();
  /** Ids in the order bodies are written (newest first); kept to sort the next order from. */
  private ranked: string[] = [];
  private rankedFor: Pick<NotesState, 'meta' | 'order'> | null = null;
  private copy: LocalCopy = { kind: 'complete' };
  private scheduled: NotesState | null = null;
  private retryQueued = false;
  private failure: unknown = null;
  private readonly onError: (error: unknown) => void;
  private readonly onCopy: (copy: LocalCopy) => void;
  private readonly onFull: () => boolean;
  /** Whether `onFull` was asked during this write (it is asked once per write). */
  private yielded = false;

  constructor(
    private readonly storage: StorageArea,
    listeners: MirrorListeners = {},
  ) {
    this.onError = listeners.onError ?? ((error) => console.error('NotePad: localStorage write failed', error));
    this.onCopy = listeners.onCopy ?? (() => {});
    this.onFull = listeners.onFull ?? (() => false);
  }

  /**
   * Write `notes` in a task of its own, soon; changes until then are written together; then call `written`. Setting a
   * long note's `note_{id}` is a long synchronous task, which must not add up with the save that changed it.
   * Call `flush()` where no later task may run (page hide). The first write is not deferred
   * further: until it has run, keys written meanwhile by others (the original app's notes) could
   * be overwritten by it.
   */
  schedule(notes: NotesState, written?: () => void): void {
    const idle = this.scheduled === null;
    this.scheduled = notes;
    if (idle)
      inNextTask(() => {
        this.flush();
        written?.();
      });
  }

  /** Write a scheduled change now (nothing when none is waiting). */
  flush(): void {
    const notes = this.scheduled;
    this.scheduled = null;
    if (notes) this.write(notes);
  }

  /**
   * Try again to complete a partial copy without a change of the notes, in a task of its own, soon
   * (calls until then make one retry): call it when the log has just written events durably (space may
   * have come back). Does nothing when the copy is complete.
   */
  retry(): void {
    if (this.copy.kind === 'complete' || !this.previous || this.retryQueued) return;
    // Once per task: a burst of note events (a new device's first pull) would each walk every note.
    this.retryQueued = true;
    inNextTask(() => {
      this.retryQueued = false;
      const notes = this.previous;
      if (this.copy.kind === 'complete' || !notes) return;
      this.yielded = false;
      this.writeLists(notes, false);
      this.finish(notes, this.writeNewestBodies(notes));
    });
  }

  /** What the copy holds after the last write. */
  current(): LocalCopy {
    return this.copy;
  }

  /**
   * The bodies of the last write that hold no HTML and were needed (a body to write, a key to
   * compare), in the order needed: the owner reads their HTML (EventLog.readHtml) and `supply`s it.
   */
  lacking(): NoteBody[] {
    return [...this.missing];
  }

  /**
   * HTML read for bodies that hold none (`lacking`): the last write goes on with it, now. Only this
   * call's HTML is kept; what is written stays in `held` as any body's.
   */
  supply(read: ReadonlyMap<NoteBody, string>): void {
    this.htmlRead = read;
    this.missing.clear();
    const notes = this.previous;
    if (!notes) return;
    this.yielded = false;
    this.finish(notes, this.writeNewestBodies(notes));
    this.htmlRead = new Map();
  }

  /** Write what changed since the last call; the first call compares every key with what storage holds. */
  write(notes: NotesState): void {
    const prev = this.previous;
    if (prev === notes) return;
    this.missing.clear();
    this.previous = notes;
    this.yielded = false;
    if (!prev) this.readHeld(notes);
    // Deletions first: they free space for the writes.
    if (prev && prev.order !== notes.order) {
      for (const id of prev.order) if (!notes.meta[id]) this.dropBody(id);
    }
    const listsDropped = this.writeLists(
      notes,
      !prev || prev.order !== notes.order || prev.meta !== notes.meta || prev.starred !== notes.starred,
    );
    let bodies = notes.order.length;
    if (!prev || prev.bodies !== notes.bodies || prev.order !== notes.order || this.copy.kind !== 'complete' || listsDropped) {
      const complete = prev !== null && this.copy.kind === 'complete' && !listsDropped && this.writeChangedBodies(prev, notes);
      if (!complete) bodies = this.writeNewestBodies(notes);
    }
    this.finish(notes, bodies);
  }

  /** Tell the owner what the copy holds now and any error of this write. */
  private finish(notes: NotesState, bodies: number): void {
    const total = notes.order.length;
    const outdated = this.indexJson === null || this.starredJson === null;
    const copy: LocalCopy = outdated
      ? { kind: 'outdated', bodies, notes: total }
      : bodies < total
        ? { kind: 'partial', bodies, notes: total }
        : { kind: 'complete' };
    if (!sameCopy(copy, this.copy)) {
      this.copy = copy;
      this.onCopy(copy);
    }
    if (this.failure !== null) this.onError(this.failure);
    this.failure = null;
  }

  /**
   * The first write: what storage holds already. A body key holding another text than the note's is
   * removed. Only the body keys present are read when the area can list its keys (a full area holds
   * a few dozen bodies, where reading one key per note is thousands of reads on start-up's path).
   */
  private readHeld(notes: NotesState): void {
    const index = readItem(this.storage, NOTES_KEY);
    if (index.ok) this.indexJson = index.value;
    const starred = readItem(this.storage, STARRED_KEY);
    if (starred.ok) this.starredJson = starred.value;
    const keys = storedKeys(this.storage);
    const ids = keys === null ? notes.order : keys.filter((key) => key.startsWith(BODY_PREFIX)).map((key) => key.slice(BODY_PREFIX.length));
    for (const id of ids) {
      if (!notes.meta[id]) continue;
      const stored = readItem(this.storage, noteBodyKey(id));
      if (!stored.ok || stored.value === null) continue;
      const html = this.htmlOf(notes, id);
      // Compared once its HTML is read (`verified`); the walk needs it before any older body.
      if (html === undefined) this.unverified.set(id, stored.value);
      // The state's string, not storage's copy of it: the mirror keeps no second copy of a body.
      else if (stored.value === html) this.held.set(id, { html, rev: notes.revs[id]?.id });
      else this.removeKey(noteBodyKey(id));
    }
  }

  /**
   * `notes` and `linkedNotes` when they `changed` (or a write of them failed before), dropping the oldest
   * bodies while they do not fit. Returns whether a body was dropped for them.
   */
  private writeLists(notes: NotesState, changed: boolean): boolean {
    if (!changed && this.indexJson !== null && this.starredJson !== null) return false;
    const held = this.held.size;
    const index = JSON.stringify(noteIndex(notes));
    if (index !== this.indexJson) this.indexJson = this.writeMakingRoom(notes, NOTES_KEY, index) ? index : null;
    const starred = JSON.stringify(notes.starred);
    if (starred !== this.starredJson) this.starredJson = this.writeMakingRoom(notes, STARRED_KEY, starred) ? starred : null;
    return this.held.size < held;
  }

  /** Set `key`, dropping the oldest bodies held while the area is full; false when it still does not fit. */
  private writeMakingRoom(notes: NotesState, key: string, value: string): boolean {
    // Ranked only when needed: a save changes the dates, and most writes fit.
    let order: string[] | null = null;
    let tail = -1;
    for (;;) {
      const written = writeItem(this.storage, key, value);
      if (written.ok) return true;
      if (written.kind !== 'quota') {
        this.failure ??= written.error;
        return false;
      }
      if (this.othersYielded()) continue;
      if (!order) {
        order = this.rank(notes);
        tail = order.length - 1;
      }
      while (tail >= 0 && !this.held.has(order[tail])) tail -= 1;
      if (tail < 0) return false;
      this.dropBody(order[tail]);
    }
  }

  /**
   * The copy was complete: write the bodies that changed. Returns false at the first that does not fit
   * (then the newest-first walk takes over), true when every body is written.
   */
  private writeChangedBodies(prev: NotesState, notes: NotesState): boolean {
    for (const id of notes.order) {
      // The copy held every body of `prev`: the same body object is held.
      if (prev.meta[id] && prev.bodies[id] === notes.bodies[id]) continue;
      if (this.isHeld(notes, id)) continue;
      const html = this.htmlOf(notes, id);
      if (html === undefined) return false;
      // Strings compare by content: a body re-folded from the stored event is equal, not identical.
      if (prev.meta[id] && prev.bodies[id]?.html === html) continue;
      let written = writeItem(this.storage, noteBodyKey(id), html);
      if (!written.ok && written.kind === 'quota' && this.othersYielded()) written = writeItem(this.storage, noteBodyKey(id), html);
      if (written.ok) this.held.set(id, { html, rev: notes.revs[id]?.id });
      else {
        if (written.kind !== 'quota') this.failure ??= written.error;
        return false;
      }
    }
    return true;
  }

  /**
   * Bodies newest first while they fit, each newer one taking the room of the oldest held; the walk
   * ends at the first that does not fit even then, and no older body stays. Returns how many are held.
   */
  private writeNewestBodies(notes: NotesState): number {
    const order = this.rank(notes);
    let tail = order.length - 1;
    let i = 0;
    for (; i < order.length; i++) {
      const id = order[i];
      if (this.isHeld(notes, id)) continue;
      const html = this.htmlOf(notes, id);
      // Its HTML is in its record: the walk ends here until the owner has read it (`lacking`, `supply`);
      // the older bodies held stay, each its note's current body.
      if (html === undefined) {
        let count = i;
        for (let j = i + 1; j < order.length; j++) if (this.held.has(order[j])) count++;
        return count;
      }
      if (this.verified(notes, id, html)) continue;
      // Its key holds an older text: never leave that in place.
      if (this.held.has(id)) this.dropBody(id);
      let placed = false;
      for (;;) {
        const written = writeItem(this.storage, noteBodyKey(id), html);
        if (written.ok) {
          this.held.set(id, { html, rev: notes.revs[id]?.id });
          placed = true;
          break;
        }
        if (written.kind !== 'quota') {
          this.failure ??= written.error;
          break;
        }
        if (this.othersYielded()) continue;
        while (tail > i && !this.held.has(order[tail])) tail -= 1;
        if (tail <= i) break;
        this.dropBody(order[tail]);
      }
      if (!placed) break;
    }
    for (let j = i + 1; j < order.length; j++) if (this.held.has(order[j]) || this.unverified.has(order[j])) this.dropBody(order[j]);
    return i;
  }

  /** The area is full: whether others' keys were removed for the mirror (`onFull`, once per write), so the write is tried again. */
  private othersYielded(): boolean {
    if (this.yielded) return false;
    this.yielded = true;
    return this.onFull();
  }

  /** The body write order for `notes`, sorted again only when the notes' dates or titles changed. */
  private rank(notes: NotesState): string[] {
    if (this.rankedFor?.meta !== notes.meta || this.rankedFor.order !== notes.order) {
      this.ranked = bodyWriteOrder(notes, this.ranked);
      this.rankedFor = { meta: notes.meta, order: notes.order };
    }
    return this.ranked;
  }

  /**
   * The HTML of note `id`'s body: its own, or read for it (`supply`); '' for none. Undefined when it
   * holds none and none was read: the body is then noted as `lacking`.
   */
  private htmlOf(notes: NotesState, id: string): string | undefined {
    const body = notes.bodies[id];
    if (!body) return '';
    const html = body.html ?? this.htmlRead.get(body);
    if (html === undefined) this.missing.add(body);
    return html;
  }

  /** Whether `note_{id}` holds the note's current body: the same text, or, for a body holding no HTML, the same revision. */
  private isHeld(notes: NotesState, id: string): boolean {
    const held = this.held.get(id);
    if (!held) return false;
    const body = notes.bodies[id];
    if (body?.html !== undefined) return held.html === body.html;
    const rev = notes.revs[id]?.id;
    return body !== undefined && rev !== undefined && held.rev === rev;
  }

  /** A key the first write found for a body holding no HTML, now compared with `html`: whether it holds it (kept, held). */
  private verified(notes: NotesState, id: string, html: string): boolean {
    const stored = this.unverified.get(id);
    if (stored === undefined) return false;
    this.unverified.delete(id);
    if (stored !== html) return false;
    this.held.set(id, { html, rev: notes.revs[id]?.id });
    return true;
  }

  /** Remove note `id`'s body key. */
  private dropBody(id: string): void {
    this.unverified.delete(id);
    this.held.delete(id);
    this.removeKey(noteBodyKey(id));
  }

  private removeKey(key: string): void {
    const removed = removeItem(this.storage, key);
    if (!removed.ok) this.failure ??= removed.error;
  }
}

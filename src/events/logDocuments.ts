import type { FoldedState } from './foldedState';
import type { LogFold } from './logFold';
import type { LogStorage } from './logStorage';
import type { AppEvent } from '../../catalog';
import { isUnreadBody, type NoteBody, type UnreadBody, type WholeBody } from '../projections/notesState';
import { DOCUMENT_READ_SLICE, notesReadBy } from './documentReads';
import { DocumentGone, readBody } from './snapshotDocuments';

/** Notes shown or read last, whose documents a fold again reads before it publishes (`kept`). */
const KEPT_NOTES = 8;

/** What reading documents needs of the log: storage, its folded state, and a fold again from the newest snapshot. */
export interface DocumentsLog {
  readonly storage: LogStorage;
  readonly folded: Pick<FoldedState, 'fold' | 'publish'>;
  reload(): Promise<void>;
}

/**
 * The log's reads of the documents start-up left unread (docs/architecture.md "Snapshots", "Documents
 * by reference"): by note, by key, put into the fold as a change of state that alters no content. A
 * record gone (another tab's clean-up) makes the log fold again from the newest snapshot, once.
 */
export class LogDocuments {
  /** The notes shown or read by note last, newest last (at most KEPT_NOTES). */
  private readonly recent: string[] = [];

  constructor(private readonly log: DocumentsLog) {}

  /**
   * Read the unread documents of notes `ids` (every note: null) into the current fold and publish.
   * @throws DocumentGone when a record is still missing after a fold again.
   */
  async readNotes(ids: Iterable<string> | null): Promise<void> {
    const wanted = ids === null ? null : [...ids];
    if (wanted) this.keep(wanted);
    const { folded } = this.log;
    let reloaded = false;
    // Bounded: each round reads every key it found unread; only a reload (once) or a fold replaced meanwhile adds any.
    for (let round = 0; round < 4; round++) {
      const fold = folded.fold;
      if (fold.unreadKeys(wanted).length === 0) return;
      const gone = await this.readInto(fold, wanted);
      if (fold === folded.fold) folded.publish();
      if (gone === null) continue;
      if (reloaded) throw new DocumentGone(gone);
      reloaded = true;
      await this.log.reload();
    }
    const left = folded.fold.unreadKeys(wanted);
    if (left.length) throw new DocumentGone(left[0]);
  }

  /**
   * The HTML of each of `bodies`: a body's own, or, for an unread body that lacks it (a `'docRefs'`
   * snapshot's), its record's, read by key in slices of DOCUMENT_READ_SLICE without putting anything
   * into the state (docs/architecture.md "Documents by reference"): readers of many notes' HTML
   * (mirror, search, dashboard, tag lines) keep none of it.
   * @throws DocumentGone when a record is gone; the log then folds again from the newest snapshot
   * (the caller asks again with the bodies of the state it then publishes).
   */
  async readHtml(bodies: Iterable<NoteBody>): Promise<Map<NoteBody, string>> {
    const html = new Map<NoteBody, string>();
    await this.eachHtml(bodies, (body, text) => html.set(body, text));
    return html;
  }

  /**
   * Hand `visit` the HTML of each of `bodies` as `readHtml` reads it, a slice of DOCUMENT_READ_SLICE records
   * at a time, keeping none of it: for readers of many notes (the dashboard's counts, the tag-lines offer).
   * Stops before the next slice once `stop()` is true (the reader went away).
   * @throws DocumentGone as `readHtml` does (after the bodies visited before the gone record).
   */
  async eachHtml(
    bodies: Iterable<NoteBody>,
    visit: (body: NoteBody, html: string) => void,
    stop: () => boolean = () => false,
  ): Promise<void> {
    const byKey = new Map<string, NoteBody>();
    for (const body of bodies) {
      if (body.html !== undefined) visit(body, body.html);
      else if (isUnreadBody(body)) byKey.set(body.docKey, body);
    }
    const keys = [...byKey.keys()].sort();
    for (let at = 0; at < keys.length && !stop(); at += DOCUMENT_READ_SLICE) {
      const slice = keys.slice(at, at + DOCUMENT_READ_SLICE);
      const read = await this.log.storage.readDocuments(slice);
      for (const key of slice) {
        const text = read.get(key)?.html;
        if (text === undefined) {
          await this.log.reload();
          throw new DocumentGone(key);
        }
        visit(byKey.get(key)!, text);
      }
    }
  }

  /**
   * Hand `visit` each of `bodies` whole: a whole body as it is, an unread one made whole from its record, read by
   * key a slice of DOCUMENT_READ_SLICE at a time, without putting anything into the state (the export of all
   * notes, the sync checkpoint's upload: docs/architecture.md "Documents by reference"); the whole bodies are the
   * visitor's to keep or drop.
   * @throws DocumentGone as `eachHtml` does.
   */
  async eachWhole(bodies: Iterable<NoteBody>, visit: (body: NoteBody, whole: WholeBody) => void): Promise<void> {
    // A conflict copy may hold another object with the same key: each is visited.
    const byKey = new Map<string, UnreadBody[]>();
    for (const body of bodies) {
      if (isUnreadBody(body)) byKey.set(body.docKey, [...(byKey.get(body.docKey) ?? []), body]);
      else visit(body, body);
    }
    const keys = [...byKey.keys()].sort();
    for (let at = 0; at < keys.length; at += DOCUMENT_READ_SLICE) {
      const slice = keys.slice(at, at + DOCUMENT_READ_SLICE);
      const read = await this.log.storage.readDocuments(slice);
      for (const key of slice) {
        const record = read.get(key);
        if (record === undefined) {
          await this.log.reload();
          throw new DocumentGone(key);
        }
        for (const body of byKey.get(key)!) visit(body, readBody(body, record));
      }
    }
  }

  /** Notes `ids` are shown (or were read by note): a fold again reads them before it publishes (`kept`). */
  keep(ids: readonly string[]): void {
    for (const id of ids) {
      const at = this.recent.indexOf(id);
      if (at >= 0) this.recent.splice(at, 1);
      this.recent.push(id);
    }
    if (this.recent.length > KEPT_NOTES) this.recent.splice(0, this.recent.length - KEPT_NOTES);
  }

  /** The notes whose documents a fold (start, reload) reads before it publishes: `selected` and the ones kept. */
  private kept(selected: string | null): string[] {
    return selected === null ? [...this.recent] : [selected, ...this.recent];
  }

  /**
   * Before `events` are folded into `fold` (the start's pages, the tail): read the documents they merge
   * into (a `note.changed`'s note, `notesReadBy`; docs/architecture.md "Snapshots").
   * @throws DocumentGone when a record is gone (the caller folds again from the newest snapshot).
   */
  async readForFold(fold: LogFold, events: readonly AppEvent[]): Promise<void> {
    const gone = await this.readInto(fold, notesReadBy(events, fold.confirmed.notes));
    if (gone !== null) throw new DocumentGone(gone);
  }

  /**
   * After a fold (start, reload), before it is published: read the selected note's document and those
   * of the notes kept (`keep`), so the tab is editable on them (docs/architecture.md "Start-up order").
   * @throws DocumentGone when a record is gone (the start folds again).
   */
  async readKept(fold: LogFold): Promise<void> {
    const gone = await this.readInto(fold, this.kept(fold.confirmed.view.selectedId));
    if (gone !== null) throw new DocumentGone(gone);
  }

  /**
   * Read into `fold` the unread documents of notes `ids` (every note: null), a transaction per
   * DOCUMENT_READ_SLICE keys in key order. Resolves with the key of a record that is gone, or null when all were read.
   */
  async readInto(fold: LogFold, ids: Iterable<string> | null): Promise<string | null> {
    // In key order: each slice is a range of the store, read with one getAll (LogStorage.readDocuments).
    const keys = fold.unreadKeys(ids).sort();
    for (let at = 0; at < keys.length; at += DOCUMENT_READ_SLICE) {
      const slice = keys.slice(at, at + DOCUMENT_READ_SLICE);
      const read = await this.log.storage.readDocuments(slice);
      fold.putDocuments(read);
      const gone = slice.find((key) => !read.has(key));
      if (gone !== undefined) return gone;
    }
    return null;
  }
}

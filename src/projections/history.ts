import type { AppEvent, EventType } from '../../catalog';
import { ignoring } from './ignoring';
import { SOURCE_APP_NAMES, type SourceApp } from '../importers/neutralNotes';
import { bodyBlocks, bodyHtml, EMPTY_NOTES, type NoteBody, type NoteRevisionRef, type NotesState } from './notesState';
import { foldNotes } from './foldNotes';
import { targetNoteId } from './noteIdentity';
import { liveNotebook, notebookPath } from './organisation/notebooks';

/** One saved state of a note (docs/product.md "History"): its title and body after the event at `seq`. */
export interface Revision {
  seq: number;
  at: string;
  kind: 'created' | 'imported' | 'renamed' | 'saved' | 'restored' | 'filed' | 'tagged' | 'untagged' | 'copied' | ShareEntryKind;
  title: string;
  html: string;
  blocks?: unknown[];
  /** The device that made it, when the event names one (docs/architecture.md "Sync"). */
  device?: string;
  /** Where an imported revision came from, for people: "Evernote (My Notes.enex)" (docs/product.md "History"). */
  from?: string;
  /** What an organisation step did, for people: the notebook's path ("Work / Projects", "" for none) or the tag. */
  detail?: string;
  /**
   * The conflict copy a save as a change made or went to (docs/product.md "History"): its title.
   * For `copied` the whole change went there (title and text are the copy's); for a save of the
   * note, part of it did (blocks a delete and an edit met in).
   */
  copy?: string;
  /** A link's options as it was shared or changed (the entry's text says them). */
  link?: { follows: boolean; expiresAt: string | null; password: boolean };
}

/** History entries that are no revision (docs/product.md "History"): a link made, changed or stopped; the text is the note's at that moment. */
type ShareEntryKind = 'shared' | 'share-changed' | 'share-stopped';
/** Entries that are no revision of the note's text: links' entries, and changes that went to a conflict copy. */
const NOT_REVISIONS: ReadonlySet<Revision['kind']> = new Set<Revision['kind']>(['shared', 'share-changed', 'share-stopped', 'copied']);

/** True for an entry that is a revision of the text (one that may be restored), false for a link's entry or a change that went to a copy. */
export function isRevision(entry: Revision): boolean {
  return !NOT_REVISIONS.has(entry.kind);
}

/** A note's title and body as far as its history has been read, with the body and revision a change folds onto. */
interface Draft {
  title: string;
  html: string;
  blocks?: unknown[];
  from?: string;
  body?: NoteBody;
  rev?: NoteRevisionRef;
}

/** A draft whose body was set whole by `e` (`origin`: the event made the note). */
const wholeBody = (title: string, html: string, blocks: unknown[] | undefined, e: AppEvent, origin: boolean): Draft => ({
  title,
  html,
  ...(blocks ? { blocks } : {}),
  body: blocks ? { html, blocks } : { html },
  rev: { id: e.id, origin },
});

/** What an entry shows instead of the note's draft: the conflict copy a change went to. */
interface Shown {
  title: string;
  html: string;
  blocks?: unknown[];
  copy: string;
}

/**
 * A change's entry (docs/product.md "History"): folded as the notes fold folds it, on a state holding
 * only this note. When the note's body stays as it was and a copy was made, the change went to a
 * conflict copy: `copied`, showing that copy (titled as the notes hold it when a copy of the note
 * keeps the change's chain), and the draft is unchanged; a save that also made a copy names it.
 * @throws ChainEngineNeeded for a merge before the engine has loaded.
 */
function changedStep(d: Draft, e: AppEvent<'note.changed'>, notes: NotesState, noteId: string): [Revision['kind'], Draft, string?, Shown?] {
  const saved = e.payload.fromSeq !== undefined ? 'restored' : 'saved';
  const { draft, after, before } = changedDraft(d, e, noteId, notes);
  const copyId = after.order.find((id) => id !== noteId);
  if (copyId === undefined) return [saved, draft];
  // The copy as the notes hold it: one the change made (its revision is the change or the revision kept) or reached (its chain).
  const held = notes.order.find((id) => {
    const rev = notes.revs[id];
    return (
      rev?.copyOf === noteId && (rev.id === e.id || rev.id === d.rev?.id || (rev.chain !== undefined && rev.chain === e.payload.start))
    );
  });
  const title = held !== undefined ? notes.meta[held].title : after.meta[copyId].title;
  if (after.bodies[noteId] !== before) return [saved, draft, undefined, { ...draft, copy: title }];
  const body = after.bodies[copyId];
  const blocks = bodyBlocks(body);
  return ['copied', d, undefined, { title, html: bodyHtml(body), ...(blocks ? { blocks } : {}), copy: title }];
}

/**
 * The draft after a change (docs/architecture.md "Saves as changes"), folded as the notes fold folds
 * it, on a state holding only this note; that state, and the note's body it folded onto.
 * @throws ChainEngineNeeded for a merge before the engine has loaded.
 */
function changedDraft(
  d: Draft,
  e: AppEvent<'note.changed'>,
  noteId: string,
  notes: NotesState,
): { draft: Draft; after: NotesState; before: NoteBody } {
  const body = d.body ?? (d.blocks ? { html: d.html, blocks: d.blocks } : { html: d.html });
  const alone: NotesState = {
    ...EMPTY_NOTES,
    order: [noteId],
    meta: { [noteId]: { title: d.title, modified: e.at } },
    bodies: { [noteId]: body },
    revs: d.rev ? { [noteId]: d.rev } : {},
    devices: notes.devices,
  };
  const { ref: _ref, ...payload } = e.payload;
  const after = foldNotes(alone, [{ ...e, payload: { ...payload, id: noteId } }]);
  const next = after.bodies[noteId];
  const blocks = bodyBlocks(next);
  const draft = { title: after.meta[noteId].title, html: bodyHtml(next), blocks, body: next, rev: after.revs[noteId] };
  return { draft, after, before: body };
}

/**
 * Where a note.imported came from, in words: the app and the chosen file ("Evernote (My Notes.enex)"),
 * or undefined for the legacy import and sources this build does not name.
 */
function importedFrom(source: string, file: string | undefined): string | undefined {
  const app = Object.prototype.hasOwnProperty.call(SOURCE_APP_NAMES, source) ? SOURCE_APP_NAMES[source as SourceApp] : undefined;
  if (!app) return undefined;
  return file ? `${app} (${file})` : app;
}

/** How one event type makes a revision of its note; `null`: it makes none. */
type RevisionStep<K extends EventType> =
  ((draft: Draft, event: AppEvent<K>, notes: NotesState, noteId: string) => [Revision['kind'], Draft, string?, Shown?]) | null;

/**
 * Which event types are revisions and what each one sets. Typed against the catalog: a new event
 * type does not compile until it is listed here.
 */
const REVISION_STEPS: { [K in EventType]: RevisionStep<K> } = {
  ...ignoring('view', 'preference', 'activity', 'log'),
  'note.created': (_, e) => ['created', wholeBody(e.payload.title, '', undefined, e, true)],
  'note.imported': (_, e) => [
    'imported',
    { ...wholeBody(e.payload.title, e.payload.html, e.payload.blocks, e, true), from: importedFrom(e.payload.source, e.payload.file) },
  ],
  'note.renamed': (d, e) => ['renamed', { ...d, title: e.payload.title }],
  'note.body-saved': (d, e) => ['saved', wholeBody(d.title, e.payload.html, e.payload.blocks, e, false)],
  'note.revision-restored': (d, e) => ['restored', wholeBody(e.payload.title ?? d.title, e.payload.html, e.payload.blocks, e, false)],
  'note.changed': changedStep,
  'note.filed': (d, e, notes) => [
    'filed',
    d,
    e.payload.notebook === null
      ? ''
      : notebookPath(notes, liveNotebook(notes, e.payload.notebook) ?? e.payload.notebook).join(' / ') || 'a deleted notebook',
  ],
  'note.tagged': (d, e) => ['tagged', d, e.payload.tag],
  'note.untagged': (d, e) => ['untagged', d, e.payload.tag],
  'note.deleted': null,
  'note.moved': null,
  'note.starred': null,
  'note.unstarred': null,
  'device.named': null,
  // Events about every note of a notebook or a tag are not a note's own steps.
  'notebook.created': null,
  'notebook.renamed': null,
  'notebook.moved': null,
  'notebook.deleted': null,
  'tag.created': null,
  'tag.renamed': null,
  'tag.deleted': null,
  'share.created': (d) => ['shared', d],
  'share.changed': (d) => ['share-changed', d],
  'share.stopped': (d) => ['share-stopped', d],
};

/**
 * The note event `e` is about in `notes` (docs/architecture.md "Note identity"): where the note its
 * making event made had to take another id, that one; else the id it names.
 */
function noteOf(notes: NotesState, e: AppEvent): string | undefined {
  const payload = e.payload as { id?: unknown; ref?: string };
  if (typeof payload.id !== 'string') return undefined;
  if (e.type === 'note.created' || e.type === 'note.imported') return notes.remaps[e.id] ?? payload.id;
  return targetNoteId(notes, { id: payload.id, ref: payload.ref });
}

/**
 * The revisions of one note, newest first, from its events in seq order (events about other notes
 * are ignored; `notes`, the current projection, tells which note an event meant and names
 * notebooks). Each revision carries the full title and body as they were after it. Pure.
 * @throws ChainEngineNeeded when a change must be merged before the chain engine has loaded
 * (run it through `foldingChanges`).
 */
export function noteRevisions(noteId: string, events: readonly AppEvent[], notes: NotesState): Revision[] {
  const revisions: Revision[] = [];
  let draft: Draft = { title: '', html: '' };
  for (const e of events) {
    if (noteOf(notes, e) !== noteId) continue;
    const step = REVISION_STEPS[e.type] as RevisionStep<EventType>;
    if (!step) continue;
    const [kind, next, detail, shown] = step(draft, e, notes, noteId);
    draft = next;
    const text = shown ?? draft;
    revisions.push({
      seq: e.seq,
      at: e.at,
      kind,
      title: text.title,
      html: text.html,
      ...(text.blocks ? { blocks: text.blocks } : {}),
      ...(shown ? { copy: shown.copy } : {}),
      ...(e.device ? { device: e.device } : {}),
      ...(kind === 'imported' && draft.from ? { from: draft.from } : {}),
      ...(detail !== undefined ? { detail } : {}),
      ...(e.type === 'share.created' || e.type === 'share.changed'
        ? { link: { follows: e.payload.follows, expiresAt: e.payload.expiresAt, password: e.payload.kdf !== null } }
        : {}),
    });
  }
  return revisions.reverse();
}

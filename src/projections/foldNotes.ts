import type { AppEvent, EventType } from '../../catalog';
import { bodyHtml, DEFAULT_NOTE_TITLE, type NoteRevisionRef, type NotesState } from './notesState';
import { copyNoteId, copyTitle, isConflict, type BodyChange } from './conflicts';
import { ignoring } from './ignoring';
import { NotesDraft } from './notesDraft';
import { isNoteIdTaken, nextFreeNoteId, targetNoteId } from './noteIdentity';
import { copyOrganisation, fileNote, forgetOrganisation, ORGANISATION_FOLDS, tagNote } from './organisation/foldOrganisation';
import { foldChanged } from './changes/foldChanged';
import { bodyOf } from './documentJson';

const titleOrDefault = (title: string) => (title.trim() === '' ? DEFAULT_NOTE_TITLE : title);

/** How one event type changes the notes; `null`: it does not (view, preference, activity, log events). */
type NoteFold<K extends EventType> = ((draft: NotesDraft, event: AppEvent<K>) => void) | null;

/**
 * What every event type does to the notes. Typed against the catalog: a new event type does not
 * compile until it is listed here (docs/architecture.md "Projections").
 */
const NOTE_FOLDS: { [K in EventType]: NoteFold<K> } = {
  ...ignoring('view', 'preference', 'activity', 'log'),
  'note.created': (draft, { id: eventId, at, device, payload: { title, ...payload } }) => {
    const id = claimNoteId(draft, payload.id, eventId);
    draft.write('order').unshift(id);
    draft.write('meta')[id] = { title: titleOrDefault(title), modified: at };
    draft.write('bodies')[id] = { html: '' };
    draft.write('revs')[id] = revisionRef(eventId, true, device);
  },
  'note.imported': (draft, { id: eventId, device, payload }) => {
    const { title, modified, starred } = payload;
    if (isNoteIdTaken(draft.state, payload.id) && isSameImport(draft.state, payload)) return;
    const id = claimNoteId(draft, payload.id, eventId);
    // Imports keep the order they are appended in (the legacy list's, an export's), after the notes there are.
    draft.write('order').push(id);
    draft.write('meta')[id] = { title: titleOrDefault(title), modified };
    draft.write('bodies')[id] = bodyOf(payload);
    draft.write('revs')[id] = revisionRef(eventId, true, device);
    if (starred && !draft.state.starred.includes(id)) draft.write('starred').push(id);
    if (payload.notebook !== undefined) fileNote(draft, id, payload.notebook);
    if (payload.tags?.length) tagNote(draft, id, payload.tags);
  },
  'note.renamed': (draft, { at, payload }) => {
    const id = targetNoteId(draft.state, payload);
    if (!draft.state.meta[id]) return;
    const { title } = payload;
    draft.write('meta')[id] = { title: titleOrDefault(title), modified: at };
  },
  'note.body-saved': (draft, event) => changeBody(draft, event, event.payload),
  'note.revision-restored': (draft, event) => changeBody(draft, event, event.payload),
  'note.changed': foldChanged,
  'note.deleted': (draft, { at, payload }) => {
    const notes = draft.state;
    const id = targetNoteId(notes, payload);
    const meta = notes.meta[id];
    if (!meta) return;
    const order = draft.write('order');
    order.splice(order.indexOf(id), 1);
    delete draft.write('meta')[id];
    delete draft.write('bodies')[id];
    if (notes.starred.includes(id)) draft.write('starred').splice(notes.starred.indexOf(id), 1);
    draft.write('deleted')[id] = { title: meta.title };
    forgetOrganisation(draft, id);
    // A deleted note is shared no more: its links end (and their copies go from the host).
    for (const [share, state] of Object.entries(notes.shares))
      if (state.note === id && state.endedAt === undefined)
        draft.write('shares')[share] = { note: id, createdAt: state.createdAt, endedAt: at };
  },
  'note.moved': (draft, { payload }) => {
    const id = targetNoteId(draft.state, payload);
    const from = draft.state.order.indexOf(id);
    // With a partner (its neighbour in a filtered list) the two swap places; else the neighbour does.
    const partner = payload.with === undefined ? -1 : draft.state.order.indexOf(payload.with);
    const to = partner >= 0 ? partner : payload.direction === 'up' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= draft.state.order.length || to === from) return;
    const order = draft.write('order');
    [order[from], order[to]] = [order[to], order[from]];
  },
  'note.starred': (draft, { payload }) => {
    const id = targetNoteId(draft.state, payload);
    if (!draft.state.meta[id] || draft.state.starred.includes(id)) return;
    draft.write('starred').push(id);
  },
  'note.unstarred': (draft, { payload }) => {
    const id = targetNoteId(draft.state, payload);
    const at = draft.state.starred.indexOf(id);
    if (at >= 0) draft.write('starred').splice(at, 1);
  },
  'device.named': (draft, { payload: { device, name } }) => {
    if (draft.state.devices[device] !== name) draft.write('devices')[device] = name;
  },
  ...ORGANISATION_FOLDS,
  // Shared links (docs/product.md "Share a note"): the first word on a share id wins; an ended link stays ended.
  'share.created': (draft, { at, payload }) => {
    const { id: _id, ref: _ref, share, ...options } = payload;
    if (draft.state.shares[share]) return;
    const id = targetNoteId(draft.state, payload);
    // A link made while another device deleted its note is ended at once: its copy goes from the host.
    draft.write('shares')[share] = draft.state.meta[id]
      ? { note: id, createdAt: at, ...options }
      : { note: id, createdAt: at, endedAt: at };
  },
  'share.changed': (draft, { payload: { share, id: _note, ref: _ref, ...options } }) => {
    const current = draft.state.shares[share];
    if (current && current.endedAt === undefined) draft.write('shares')[share] = { ...current, ...options };
  },
  'share.stopped': (draft, { at, payload }) => {
    const { share } = payload;
    const current = draft.state.shares[share];
    if (current?.endedAt === undefined)
      draft.write('shares')[share] = {
        note: current?.note ?? targetNoteId(draft.state, payload),
        createdAt: current?.createdAt ?? at,
        endedAt: at,
      };
  },
};

/**
 * The id a note made by event `eventId` gets (docs/architecture.md "Note identity"): the one it
 * names, or, when a note (live or deleted) has that id already, the next free id, remembered under
 * the making event so the note's later events (`ref`) find it.
 */
function claimNoteId(draft: NotesDraft, id: string, eventId: string): string {
  let claimed = id;
  if (isNoteIdTaken(draft.state, id)) {
    claimed = nextFreeNoteId(draft.state, id);
    draft.write('remaps')[eventId] = claimed;
  }
  draft.write('origins')[claimed] = eventId;
  return claimed;
}

/**
 * Whether an import meeting a taken id brings the note that has it: the original app's notes (the
 * legacy import never brings a note back), or one export imported on two devices (same title, time
 * and text). Anything else is another note and gets the next free id.
 */
function isSameImport(notes: NotesState, payload: AppEvent<'note.imported'>['payload']): boolean {
  if (payload.source === 'localStorage') return true;
  const meta = notes.meta[payload.id];
  return (
    meta !== undefined &&
    meta.title === titleOrDefault(payload.title) &&
    meta.modified === payload.modified &&
    bodyHtml(notes.bodies[payload.id]) === payload.html
  );
}

const revisionRef = (id: string, origin: boolean, device: string | undefined, copyOf?: string): NoteRevisionRef => ({
  id,
  origin,
  ...(device ? { device } : {}),
  ...(copyOf ? { copyOf } : {}),
});

/** What a body save and a restore carry; a restore may bring its title back too. */
type BodyPayload = BodyChange & { id: string; ref?: string; blocks?: unknown[]; title?: string };

/**
 * A body save or restore (docs/architecture.md "Conflicts"): a conflicting change keeps the
 * current body as a copy first, then becomes the note (the later one in server order wins the
 * note, the other stays visible); a change that names its base and meets a note deleted elsewhere
 * brings the note back; one that meets a note this order never made (a conflict copy the device
 * folded before the server's order came in, under another id) makes it, titled as a conflict.
 * Saves that name no base (version-1 logs) change only a live note.
 */
function changeBody(draft: NotesDraft, event: AppEvent, body: BodyPayload): void {
  const notes = draft.state;
  const id = targetNoteId(notes, body);
  let meta = notes.meta[id];
  if (!meta) {
    if (body.base === undefined) return;
    const deleted = notes.deleted[id];
    if (deleted) delete draft.write('deleted')[id];
    draft.write('order').unshift(id);
    const device = event.device ? notes.devices[event.device] : undefined;
    meta = { title: deleted ? deleted.title : copyTitle(DEFAULT_NOTE_TITLE, device, event.at), modified: event.at };
  } else if (isConflict(notes, id, body)) {
    keepAsCopy(draft, id);
  }
  draft.write('meta')[id] = { title: body.title !== undefined ? titleOrDefault(body.title) : meta.title, modified: event.at };
  draft.write('bodies')[id] = bodyOf(body);
  draft.write('revs')[id] = revisionRef(event.id, false, event.device);
}

/** Keep note `id`'s current title and body as a new note right after it: a conflict copy. */
function keepAsCopy(draft: NotesDraft, id: string): void {
  const notes = draft.state;
  const meta = notes.meta[id];
  const rev = notes.revs[id];
  const copyId = copyNoteId(notes, meta.modified);
  const order = draft.write('order');
  order.splice(order.indexOf(id) + 1, 0, copyId);
  draft.write('meta')[copyId] = {
    title: copyTitle(meta.title, rev.device ? notes.devices[rev.device] : undefined, meta.modified),
    modified: meta.modified,
  };
  draft.write('bodies')[copyId] = notes.bodies[id];
  // The copy starts at the revision it keeps: an edit of the copy based on it is no conflict. It
  // keeps the chain of changes that revision is on, so changes of that chain made elsewhere reach it.
  draft.write('revs')[copyId] = {
    ...revisionRef(rev.id, true, rev.device, id),
    ...(rev.chain !== undefined ? { chain: rev.chain } : {}),
    ...(rev.partial ? { partial: true } : {}),
  };
  copyOrganisation(draft, id, copyId);
}

function apply<K extends EventType>(draft: NotesDraft, event: AppEvent<K>): void {
  NOTE_FOLDS[event.type]?.(draft, event);
}

/**
 * Fold events into the notes projection (docs/product.md "Entities and storage keys", "States and transitions"). Pure: `state` is never mutated;
 * containers no event touched are shared with the input. Unknown ids are ignored, so a
 * replayed or merged log never throws.
 */
export function foldNotes(state: NotesState, events: readonly AppEvent[]): NotesState {
  const draft = new NotesDraft(state);
  for (const event of events) apply(draft, event);
  return draft.state;
}

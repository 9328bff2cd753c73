import type { AppEvent } from '../../../catalog';
import {
  bodyBlocks,
  bodyChain,
  DEFAULT_NOTE_TITLE,
  type NoteBody,
  type NoteChain,
  type NoteRevisionRef,
  type NotesState,
} from '../notesState';
import type { NotesDraft } from '../notesDraft';
import { targetNoteId } from '../noteIdentity';
import { copyNoteId, copyTitle } from '../conflicts';
import { copyOrganisation } from '../organisation/foldOrganisation';
import { isPendingBody, PENDING_CHANGED_BODY } from '../pendingBodies';
import { loadedChainEngine } from './chainEngine';
import { isBase64 } from './updateBytes';
import type { PlainBlock } from './plainBlocks';
import {
  applyChange,
  applyPartial,
  carried,
  chainBody,
  chainStartDocument,
  chainStartOrigin,
  droppedInMerge,
  mergeChange,
  mergedRevisionId,
  withUpdate,
  type Doc,
} from './changeDocument';

/**
 * How a save as a change (`note.changed`) changes a note (docs/architecture.md "Saves as changes").
 * Pure and deterministic: every device folds the same server-ordered events to the same notes.
 *
 * - A change that started from the note's current revision (`base`) on its chain (`start`) is applied
 *   as it says, without Yjs: its blocks replace theirs, its splices move the top-level order.
 * - One that starts a chain from the current revision takes the current body as the chain's first
 *   state (`origin`) and its HTML split per block, then applies as above.
 * - One on the note's chain that started from another revision (two devices, two tabs) is merged by
 *   Yjs (the chain engine, loaded on demand): the merged document's blocks and order; a block whose
 *   text was merged keeps the HTML of the last save that carried it, listed as `stale`, until a device
 *   that shows the note saves it again. Its revision id is derived from the one before and the event,
 *   so no device takes it for a revision it saw unless it folded the same changes.
 * - One whose chain the note no longer has (a whole-body save replaced it meanwhile) goes to the copy
 *   holding that chain, else becomes a copy of its own holding the blocks it brought ("partial").
 * - One for a note deleted elsewhere brings it back with those blocks.
 * - One whose update is damaged changes nothing: not base64 (seen without Yjs), or, where it must be
 *   merged, not an update Yjs reads.
 */

type Changed = AppEvent<'note.changed'>;

/** Bodies folded from one body by one event, so folding the same event again gives the same object (structural sharing). */
const folded = new WeakMap<NoteBody, { event: string; body: NoteBody }>();

function once(body: NoteBody, event: string, make: () => NoteBody): NoteBody {
  if (isPendingBody(body)) return PENDING_CHANGED_BODY;
  const known = folded.get(body);
  if (known?.event === event) return known.body;
  const made = make();
  folded.set(body, { event, body: made });
  return made;
}

const ref = (rev: Omit<NoteRevisionRef, 'device'>, device: string | undefined): NoteRevisionRef => ({
  ...rev,
  ...(device ? { device } : {}),
});

/** Fold one `note.changed` (see the rules above). */
export function foldChanged(draft: NotesDraft, event: Changed): void {
  const notes = draft.state;
  const payload = event.payload;
  if (!isBase64(payload.update)) return;
  const id = targetNoteId(notes, payload);
  if (!notes.meta[id]) return revive(draft, event, id);
  applyTo(draft, event, id, true);
}

/** Fold `event` into note `id`; `route`: an event of a chain the note no longer has may go to a copy holding it. */
function applyTo(draft: NotesDraft, event: Changed, id: string, route: boolean): void {
  const notes = draft.state;
  const { payload } = event;
  const rev = notes.revs[id];
  const body = notes.bodies[id];
  const onChain = rev?.chain === payload.start;
  // A body not read yet (a preview) is decided by its revision alone; its text stays unknown.
  const hasChain = isPendingBody(body) ? rev?.chain !== undefined : bodyChain(body) !== undefined;
  let next: NoteBody | null = null;
  let revId = event.id;
  let partial = false;
  if (rev && onChain && rev.partial) {
    next = once(body, event.id, () => chainBody(applyPartial(docOf(body), payload), { ...bodyChain(body)!, updates: [] }));
    partial = true;
  } else if (rev && onChain && hasChain && payload.base === rev.id) {
    next = once(body, event.id, () => {
      const chain = bodyChain(body)!;
      const to = withUpdate(chain, payload.update);
      loadedChainEngine()?.follow(chain, to, payload.update);
      // A block the save carries has the HTML of what its device shows: no longer stale.
      const stale = new Set(chain.stale ?? []);
      for (const c of payload.blocks ?? []) stale.delete(c.block.id);
      return chainBody(applyChange(docOf(body), payload), to, stale);
    });
  } else if (rev && payload.base === rev.id && payload.start === payload.base) {
    const start = payload.whole ? null : isPendingBody(body) ? { blocks: [], parts: [] } : chainStartDocument(body, rev.id);
    if (start || payload.whole) {
      next = once(body, event.id, () => {
        const origin = chainStartOrigin(body, rev.id);
        const chain: NoteChain = { ...(origin ? { origin } : {}), updates: payload.update ? [payload.update] : [], parts: [] };
        return chainBody(applyChange(start ?? { blocks: [], parts: [] }, payload), chain);
      });
    }
  } else if (rev && onChain && hasChain) {
    next = once(body, event.id, () => mergeChange(body, payload.start, payload));
    // A damaged update merges nothing: the change is left out (a body not read yet cannot tell).
    if (next === body && !isPendingBody(body)) return;
    revId = mergedRevisionId(rev.id, event.id);
    if (!isPendingBody(next)) {
      keepDeletedEdits(draft, event, id, next);
      const dropped = droppedInMerge(body, payload.update);
      if (dropped) keepEditsDeleted(draft, id, dropped, rev);
    }
  }
  if (next === null) {
    const holder = route ? copyHolding(notes, id, payload.start) : undefined;
    if (holder !== undefined) return applyTo(draft, event, holder, false);
    return keepAsPartialCopy(draft, event, id);
  }
  // A copy a change was routed to keeps its conflict title: the title the change carries is the note's.
  const title = route ? payload.title : undefined;
  draft.write('meta')[id] = { title: title !== undefined ? titleOrDefault(title) : notes.meta[id].title, modified: event.at };
  draft.write('bodies')[id] = next;
  draft.write('revs')[id] = ref(
    { id: revId, origin: false, ...(rev?.copyOf ? { copyOf: rev.copyOf } : {}), chain: payload.start, ...(partial ? { partial } : {}) },
    event.device,
  );
}

const titleOrDefault = (title: string) => (title.trim() === '' ? DEFAULT_NOTE_TITLE : title);

function docOf(body: NoteBody): Doc {
  return { blocks: (bodyBlocks(body) ?? []) as PlainBlock[], parts: bodyChain(body)?.parts ?? [] };
}

/** A copy of note `id` (in the list's order) that holds the chain started at `start`, if any. */
function copyHolding(notes: NotesState, id: string, start: string): string | undefined {
  return notes.order.find((copy) => copy !== id && notes.revs[copy]?.copyOf === id && notes.revs[copy]?.chain === start);
}

/** A body holding only the blocks `event` brought. */
function partialBody(event: Changed): NoteBody {
  return chainBody(carried(event.payload), { updates: [], parts: [] });
}

/**
 * A change whose chain the note does not have: its blocks are kept as a copy right after the note,
 * titled as a conflict after the change's device and time; later changes of that chain go to it.
 */
function keepAsPartialCopy(draft: NotesDraft, event: Changed, id: string): void {
  const notes = draft.state;
  const meta = notes.meta[id];
  const copyId = copyNoteId(notes, event.at);
  const order = draft.write('order');
  order.splice(order.indexOf(id) + 1, 0, copyId);
  const device = event.device ? notes.devices[event.device] : undefined;
  draft.write('meta')[copyId] = { title: copyTitle(meta.title, device, event.at), modified: event.at };
  draft.write('bodies')[copyId] = partialBody(event);
  draft.write('revs')[copyId] = ref({ id: event.id, origin: true, copyOf: id, chain: event.payload.start, partial: true }, event.device);
  copyOrganisation(draft, id, copyId);
}

/**
 * Blocks a change carries that the merge no longer has: another device deleted them while this one
 * edited them, and Yjs lets the delete win. The edited blocks are kept as a copy right after the
 * note, titled as a conflict, so the edit is not lost (docs/product.md "Two tabs, two devices").
 */
function keepDeletedEdits(draft: NotesDraft, event: Changed, id: string, merged: NoteBody): void {
  const kept = new Set(((bodyBlocks(merged) ?? []) as PlainBlock[]).map((block) => block.id));
  const lost = (event.payload.blocks ?? []).filter((c) => !kept.has(c.block.id));
  if (!lost.length) return;
  const notes = draft.state;
  const copyId = copyNoteId(notes, event.at);
  const order = draft.write('order');
  order.splice(order.indexOf(id) + 1, 0, copyId);
  const device = event.device ? notes.devices[event.device] : undefined;
  draft.write('meta')[copyId] = { title: copyTitle(notes.meta[id].title, device, event.at), modified: event.at };
  draft.write('bodies')[copyId] = chainBody(carried({ ...event.payload, blocks: lost }), { updates: [], parts: [] });
  // No chain: later changes of the note's chain stay with the note.
  draft.write('revs')[copyId] = ref({ id: event.id, origin: true, copyOf: id, partial: true }, event.device);
  copyOrganisation(draft, id, copyId);
}

/**
 * Blocks a merged change deleted that had been edited after its base, on a device it had not heard
 * from: Yjs lets the delete win, so the blocks as the note held them before it (`doc`) are kept as a
 * copy right after the note, titled as a conflict after the revision they come from (`kept`, the
 * note's revision before the merge), with no chain, the same way as the other order keeps them
 * (docs/product.md "Two tabs, two devices").
 */
function keepEditsDeleted(draft: NotesDraft, id: string, doc: Doc, kept: NoteRevisionRef): void {
  const notes = draft.state;
  const modified = notes.meta[id].modified;
  const copyId = copyNoteId(notes, modified);
  const order = draft.write('order');
  order.splice(order.indexOf(id) + 1, 0, copyId);
  const device = kept.device ? notes.devices[kept.device] : undefined;
  draft.write('meta')[copyId] = { title: copyTitle(notes.meta[id].title, device, modified), modified };
  draft.write('bodies')[copyId] = chainBody(doc, { updates: [], parts: [] });
  draft.write('revs')[copyId] = ref({ id: kept.id, origin: true, copyOf: id, partial: true }, kept.device);
  copyOrganisation(draft, id, copyId);
}

/**
 * A change for a note this order has deleted (elsewhere) or never made (a copy only another order
 * made): the note comes back, at the top, with the blocks the change brought, rather than losing them.
 */
function revive(draft: NotesDraft, event: Changed, id: string): void {
  const notes = draft.state;
  const deleted = notes.deleted[id];
  if (deleted) delete draft.write('deleted')[id];
  draft.write('order').unshift(id);
  const device = event.device ? notes.devices[event.device] : undefined;
  draft.write('meta')[id] = { title: deleted ? deleted.title : copyTitle(DEFAULT_NOTE_TITLE, device, event.at), modified: event.at };
  draft.write('bodies')[id] = partialBody(event);
  draft.write('revs')[id] = ref({ id: event.id, origin: false, chain: event.payload.start, partial: true }, event.device);
}

import type { AppEvent } from '../../../catalog';
import { bodyBlocks, DEFAULT_NOTE_TITLE, type NoteBody, type NoteChain, type NoteRevisionRef, type NotesState } from '../notesState';
import type { NotesDraft } from '../notesDraft';
import { targetNoteId } from '../noteIdentity';
import { copyNoteId, copyTitle } from '../conflicts';
import { copyOrganisation } from '../organisation/foldOrganisation';
import { isPendingBody, PENDING_CHANGED_BODY } from '../pendingBodies';
import { chainEngine, loadedChainEngine } from './chainEngine';
import { isBase64 } from './updateBytes';
import { joinParts, splitDocument } from './documentParts';
import { normalBlocks, sameJson, type PlainBlock } from './plainBlocks';

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
type Payload = Changed['payload'];

/** A note's document as the fold keeps it: its top-level blocks and each one's HTML alone, in order. */
interface Doc {
  blocks: PlainBlock[];
  parts: string[];
}

/**
 * What a chain started at `rev` from a body without a chain starts from, worked out at most once per body
 * (bodies are never mutated): the editor asks while it makes its change model in the background, and the
 * fold of the first save, and every fold of it again, finds the answer here. Kept by the body's block array,
 * which the tab's shown state and its durable fold share (their body objects may differ: the shown one is
 * kept where equal, docs/architecture.md "IndexedDB log").
 */
interface ChainStart {
  rev: string;
  html: string;
  /** The body's blocks with ids filled in. */
  normal: PlainBlock[];
  /** Its HTML split per block (null: it does not split); undefined until asked. */
  doc?: Doc | null;
}
const chainStarts = new WeakMap<readonly unknown[], ChainStart>();

function chainStartOf(body: NoteBody, rev: string): ChainStart | undefined {
  const blocks = bodyBlocks(body);
  if (!blocks) return undefined;
  let start = chainStarts.get(blocks);
  if (start?.rev !== rev || start.html !== body.html) {
    start = { rev, html: body.html, normal: normalBlocks(blocks, rev) };
    chainStarts.set(blocks, start);
  }
  return start;
}

/**
 * The document of `body` at revision `rev` for a chain to start from: its blocks (ids filled in) and
 * its HTML split per block; null when the body has no blocks (HTML only) or its HTML does not split,
 * where a change starting a chain carries the whole document (`whole`).
 * The editor starts its chains with it too, so device and fold agree. The result is shared: read it, never change it.
 */
export function chainStartDocument(body: NoteBody, rev: string): Doc | null {
  if (body.chain) {
    const blocks = bodyBlocks(body);
    return blocks && body.chain.parts.length === blocks.length ? { blocks: blocks as PlainBlock[], parts: body.chain.parts } : null;
  }
  const start = chainStartOf(body, rev);
  if (!start) return null;
  if (start.doc === undefined) {
    const parts = splitDocument(body.html, start.normal);
    start.doc = parts ? { blocks: start.normal, parts } : null;
  }
  return start.doc;
}

/**
 * The blocks a chain started at `rev` from `body` writes its first state from (undefined: its first update holds it).
 * The editor starts its chains with it too, so device and fold agree. The result is shared: read it, never change it.
 */
export function chainStartOrigin(body: NoteBody, rev: string): PlainBlock[] | undefined {
  if (body.chain) return body.chain.parts.length ? (bodyBlocks(body) as PlainBlock[]) : undefined;
  return chainStartOf(body, rev)?.normal;
}

function carried(payload: Payload): Doc {
  return assemble(
    (payload.blocks ?? []).map((c) => c.block.id),
    new Map((payload.blocks ?? []).map((c) => [c.block.id, { block: c.block as unknown as PlainBlock, part: c.html }])),
  );
}

function assemble(ids: readonly string[], entries: ReadonlyMap<string, { block: PlainBlock; part: string }>): Doc {
  const seen = new Set<string>();
  const doc: Doc = { blocks: [], parts: [] };
  for (const id of ids) {
    const entry = entries.get(id);
    if (!entry || seen.has(id)) continue;
    seen.add(id);
    doc.blocks.push(entry.block);
    doc.parts.push(entry.part);
  }
  return doc;
}

function entriesOf(doc: Doc): Map<string, { block: PlainBlock; part: string }> {
  return new Map(doc.blocks.map((block, i) => [block.id, { block, part: doc.parts[i] }]));
}

/** A change applied to the document it started from: the blocks it carries and its splices of the order. */
function applyChange(doc: Doc, payload: Payload): Doc {
  if (payload.whole) return carried(payload);
  const ids = doc.blocks.map((block) => block.id);
  for (const splice of payload.order ?? []) ids.splice(Math.min(splice.at, ids.length), splice.remove, ...splice.insert);
  const entries = entriesOf(doc);
  for (const c of payload.blocks ?? []) entries.set(c.block.id, { block: c.block as unknown as PlainBlock, part: c.html });
  return assemble(ids, entries);
}

/** The blocks a change carries put into a document holding only what changes brought: replaced by id, new ones at the end. */
function applyPartial(doc: Doc, payload: Payload): Doc {
  const entries = entriesOf(doc);
  const ids = doc.blocks.map((block) => block.id);
  for (const c of payload.blocks ?? []) {
    if (!entries.has(c.block.id)) ids.push(c.block.id);
    entries.set(c.block.id, { block: c.block as unknown as PlainBlock, part: c.html });
  }
  return assemble(ids, entries);
}

const withUpdate = (chain: NoteChain, update: string): NoteChain => ({
  ...chain,
  updates: update ? [...chain.updates, update] : chain.updates,
});

/** A body of `doc` on `chain` (its parts and stale blocks set from the document). */
function chainBody(doc: Doc, chain: NoteChain, stale?: ReadonlySet<string>): NoteBody {
  const { stale: _stale, ...rest } = chain;
  const left = stale ? doc.blocks.map((b) => b.id).filter((id) => stale.has(id)) : [];
  return {
    html: joinParts(doc.blocks, doc.parts),
    blocks: doc.blocks,
    chain: { ...rest, parts: doc.parts, ...(left.length ? { stale: left } : {}) },
  };
}

/**
 * The document after merging `payload` into chain `chain` (started at `start`) with Yjs: the merged
 * order and blocks; HTML from the change where its block is what the merge gave, else the HTML last
 * saved for that block, marked stale; `body` itself when the update is damaged (nothing changes).
 * @throws ChainEngineNeeded before the engine has loaded.
 */
function mergeChange(body: NoteBody, start: string, payload: Payload): NoteBody {
  const chain = body.chain!;
  const previous: Doc = { blocks: (bodyBlocks(body) ?? []) as PlainBlock[], parts: chain.parts };
  const next = withUpdate(chain, payload.update);
  const merged = chainEngine().merge(chain, next, start, payload.update, previous.blocks);
  if (merged.damaged) return body;
  if (merged.dropped.length) droppedBy.set(body, { update: payload.update, doc: assemble(merged.dropped, entriesOf(previous)) });
  else droppedBy.delete(body);
  const before = entriesOf(previous);
  const brought = new Map((payload.blocks ?? []).map((c) => [c.block.id, c]));
  const stale = new Set(chain.stale ?? []);
  const entries = new Map<string, { block: PlainBlock; part: string }>();
  for (const id of merged.order) {
    const read = merged.changed.get(id);
    const prior = before.get(id);
    const block = read ?? prior?.block;
    if (!block) continue;
    const c = brought.get(id);
    if (c && sameJson(c.block, block)) {
      entries.set(id, { block, part: c.html });
      stale.delete(id);
    } else if (read) {
      entries.set(id, { block, part: c?.html ?? prior?.part ?? '' });
      stale.add(id);
    } else entries.set(id, prior!);
  }
  return chainBody(assemble(merged.order, entries), next, stale);
}

/**
 * The blocks a merge into a body dropped with edits the merged change had not seen, as they were
 * before it (their blocks and HTML), by the body merged into: kept with the fold's cache of bodies,
 * so folding the same change again finds them without merging again.
 */
const droppedBy = new WeakMap<NoteBody, { update: string; doc: Doc }>();

/** Id of the revision a merge makes: derived from the revision it merged into and the event (FNV-1a, 64 bits as two halves). */
function mergedRevisionId(previous: string, eventId: string): string {
  const text = `${previous}|${eventId}`;
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    a = Math.imul(a ^ text.charCodeAt(i), 0x01000193) >>> 0;
    b = Math.imul(b ^ text.charCodeAt(i), 0x5bd1e995) >>> 0;
  }
  return `merged-${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
}

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
  const hasChain = isPendingBody(body) ? rev?.chain !== undefined : body.chain !== undefined;
  let next: NoteBody | null = null;
  let revId = event.id;
  let partial = false;
  if (rev && onChain && rev.partial) {
    next = once(body, event.id, () => chainBody(applyPartial(docOf(body), payload), { ...body.chain!, updates: [] }));
    partial = true;
  } else if (rev && onChain && hasChain && payload.base === rev.id) {
    next = once(body, event.id, () => {
      const chain = body.chain!;
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
      const dropped = droppedBy.get(body);
      if (dropped?.update === payload.update) keepEditsDeleted(draft, id, dropped.doc, rev);
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
  return { blocks: (bodyBlocks(body) ?? []) as PlainBlock[], parts: body.chain?.parts ?? [] };
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

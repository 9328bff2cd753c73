import type { AppEvent } from '../../../catalog';
import { bodyBlocks, bodyChain, bodyHtml, type NoteBody, type NoteChain } from '../notesState';
import { chainEngine } from './chainEngine';
import { joinParts, splitDocument } from './documentParts';
import { normalBlocks, sameJson, type PlainBlock } from './plainBlocks';

/**
 * The documents a save as a change works on (docs/architecture.md "Saves as changes"): a chain's
 * first document, a change applied to the document it started from, and a change merged by Yjs
 * into one it did not start from. Pure; bodies are never mutated, so what is worked out is kept by
 * the body (WeakMaps).
 */

type Payload = AppEvent<'note.changed'>['payload'];

/** A note's document as the fold keeps it: its top-level blocks and each one's HTML alone, in order. */
export interface Doc {
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
  const html = bodyHtml(body);
  if (start?.rev !== rev || start.html !== html) {
    start = { rev, html, normal: normalBlocks(blocks, rev) };
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
  const chain = bodyChain(body);
  if (chain) {
    const blocks = bodyBlocks(body);
    return blocks && chain.parts.length === blocks.length ? { blocks: blocks as PlainBlock[], parts: chain.parts } : null;
  }
  const start = chainStartOf(body, rev);
  if (!start) return null;
  if (start.doc === undefined) {
    const parts = splitDocument(bodyHtml(body), start.normal);
    start.doc = parts ? { blocks: start.normal, parts } : null;
  }
  return start.doc;
}

/**
 * The blocks a chain started at `rev` from `body` writes its first state from (undefined: its first update holds it).
 * The editor starts its chains with it too, so device and fold agree. The result is shared: read it, never change it.
 */
export function chainStartOrigin(body: NoteBody, rev: string): PlainBlock[] | undefined {
  const chain = bodyChain(body);
  if (chain) return chain.parts.length ? (bodyBlocks(body) as PlainBlock[]) : undefined;
  return chainStartOf(body, rev)?.normal;
}

/** The document a change carrying the whole document (`whole`) gives: its blocks, in the order they come. */
export function carried(payload: Payload): Doc {
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
export function applyChange(doc: Doc, payload: Payload): Doc {
  if (payload.whole) return carried(payload);
  const ids = doc.blocks.map((block) => block.id);
  for (const splice of payload.order ?? []) ids.splice(Math.min(splice.at, ids.length), splice.remove, ...splice.insert);
  const entries = entriesOf(doc);
  for (const c of payload.blocks ?? []) entries.set(c.block.id, { block: c.block as unknown as PlainBlock, part: c.html });
  return assemble(ids, entries);
}

/** The blocks a change carries put into a document holding only what changes brought: replaced by id, new ones at the end. */
export function applyPartial(doc: Doc, payload: Payload): Doc {
  const entries = entriesOf(doc);
  const ids = doc.blocks.map((block) => block.id);
  for (const c of payload.blocks ?? []) {
    if (!entries.has(c.block.id)) ids.push(c.block.id);
    entries.set(c.block.id, { block: c.block as unknown as PlainBlock, part: c.html });
  }
  return assemble(ids, entries);
}

/** `chain` with `update` appended (an empty update adds nothing). */
export const withUpdate = (chain: NoteChain, update: string): NoteChain => ({
  ...chain,
  updates: update ? [...chain.updates, update] : chain.updates,
});

/** A body of `doc` on `chain` (its parts and stale blocks set from the document). */
export function chainBody(doc: Doc, chain: NoteChain, stale?: ReadonlySet<string>): NoteBody {
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
export function mergeChange(body: NoteBody, start: string, payload: Payload): NoteBody {
  const chain = bodyChain(body)!;
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

/** What the merge of `update` into `body` dropped (see droppedBy), or undefined. */
export function droppedInMerge(body: NoteBody, update: string): Doc | undefined {
  const dropped = droppedBy.get(body);
  return dropped?.update === update ? dropped.doc : undefined;
}

/** Id of the revision a merge makes: derived from the revision it merged into and the event (FNV-1a, 64 bits as two halves). */
export function mergedRevisionId(previous: string, eventId: string): string {
  const text = `${previous}|${eventId}`;
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    a = Math.imul(a ^ text.charCodeAt(i), 0x01000193) >>> 0;
    b = Math.imul(b ^ text.charCodeAt(i), 0x5bd1e995) >>> 0;
  }
  return `merged-${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
}

import type { NoteChain, WholeBody } from '../projections/notesState';
import { storedBlocksJson } from './storedForm';

/**
 * How snapshot bodies are kept in IndexedDB, like events' stored form (storedForm.ts): a body's
 * BlockNote document is kept as one JSON string, `blocksJson`, beside its HTML (the bodies
 * themselves go in parts, snapshotParts.ts, their documents in records of their own,
 * snapshotDocuments.ts).
 *
 * Why: a snapshot of 10,000 notes holds tens of thousands of block objects, and IndexedDB copies
 * them synchronously on the main thread both ways: writing a snapshot (every 500 events, after a
 * save) and reading it at start-up would be long tasks, plus the garbage of as many objects.
 * Strings are copied, not walked (docs/benchmarks.md has the figures). A body read back keeps the string (`NoteBody.blocksJson`): the
 * state uses it as it is, `bodyBlocks` parses it the first time something reads the document (the
 * editor opening the note, the search index, statistics), and the next snapshot writes it again
 * without stringifying.
 *
 * Compatibility: snapshots of older builds (bodies with `blocks` arrays) read unchanged. A tab of an
 * older build reading a new snapshot sees bodies without `blocks` and opens those notes from their
 * HTML, as it does for legacy notes.
 */

/** JSON of a body's blocks, by body object: bodies are shared between states and never mutated. */
const bodyJson = new WeakMap<WholeBody, string>();
/** A chain in stored form, by chain object (its first state's blocks as JSON). */
const storedChains = new WeakMap<NoteChain, NoteChain>();

/** A chain of changes in stored form: the blocks its first state is written from as JSON, `originJson`. */
function storedChain(chain: NoteChain): NoteChain {
  if (!Array.isArray(chain.origin)) return chain;
  let stored = storedChains.get(chain);
  if (stored === undefined) {
    const { origin, ...rest } = chain;
    stored = { ...rest, originJson: storedBlocksJson(origin) };
    storedChains.set(chain, stored);
  }
  return stored;
}

/** `body` in stored form: its document as JSON (made once per body object), and its chain of changes' first state too. */
export function storedBody(body: WholeBody): WholeBody {
  const chain = body.chain ? storedChain(body.chain) : undefined;
  if (!Array.isArray(body.blocks) && chain === body.chain) return body; // no document, or already its JSON
  let json = body.blocksJson;
  if (Array.isArray(body.blocks)) {
    json = bodyJson.get(body);
    if (json === undefined) {
      json = storedBlocksJson(body.blocks);
      bodyJson.set(body, json);
    }
  }
  return { html: body.html, ...(json !== undefined ? { blocksJson: json } : {}), ...(chain ? { chain } : {}) };
}

/** The characters of a stored body's strings (HTML, document, a chain's parts and updates): what a snapshot part is cut by. */
export function storedChars(body: WholeBody): number {
  let chars = body.html.length + (body.blocksJson?.length ?? 0);
  if (body.chain) {
    chars += body.chain.originJson?.length ?? 0;
    for (const part of body.chain.parts) chars += part.length;
    for (const update of body.chain.updates) chars += update.length;
  }
  return chars;
}

/**
 * The chain engine (chainTypes.ts) on Yjs and the block model: loaded on demand by chainEngine.ts.
 * A note's document is built from its chain (first state, then every update) the first time a merge
 * needs it and kept for the next ones, a few notes at a time.
 */
import type { NoteChain } from '../notesState';
import { YBlockDoc } from './blockModel';
import { chainOrigin } from './chainState';
import type { ChainEngine, ChainMerge } from './chainTypes';
import { topLevelOf, type PlainBlock } from './plainBlocks';
import { updateFromBase64 } from './updateBytes';

/** Documents kept between merges: the most recently used notes' (a long note's document is tens of MB). */
const KEPT_DOCUMENTS = 8;
/**
 * Keyed by the chain's `updates` array: the fold makes a new chain object for every body it folds
 * (its parts change) but passes the same updates array on, so the document a merge left is found by
 * the next merge of that chain instead of being built again from the chain's first state.
 */
const documents = new Map<readonly string[], YBlockDoc>();

function take(chain: NoteChain): YBlockDoc | undefined {
  const model = documents.get(chain.updates);
  if (model) documents.delete(chain.updates);
  return model;
}

function keep(chain: NoteChain, model: YBlockDoc): void {
  documents.set(chain.updates, model);
  while (documents.size > KEPT_DOCUMENTS) documents.delete(documents.keys().next().value!);
}

/**
 * Apply one stored update; false for a damaged one (not base64, not an update), which is skipped the
 * same way on every device: the fold leaves such a change out.
 */
function applyStored(model: YBlockDoc, update: string): boolean {
  if (update === '') return true;
  try {
    model.applyRemote(updateFromBase64(update));
    return true;
  } catch {
    return false;
  }
}

/** The bytes of a stored update, or null when it is not base64 (damaged). */
function readable(update: string): Uint8Array | null {
  try {
    return updateFromBase64(update);
  } catch {
    return null;
  }
}

/** The document of `chain`, which started at revision `start`. */
function build(chain: NoteChain, start: string): YBlockDoc {
  const model = new YBlockDoc();
  const origin = chainOrigin(chain);
  // Written straight into the document: the same items as applying `initialState`, without a second document and its update.
  if (origin) for (const _ of model.writeFirstState(origin, start));
  for (const update of chain.updates) applyStored(model, update);
  return model;
}

/** The engine the notes fold loads: chainEngine.ts imports this module on demand. */
export const yjsChainEngine: ChainEngine = {
  merge(from, to, start, update, previous): ChainMerge {
    const model = take(from) ?? build(from, start);
    const bytes = readable(update);
    if (!bytes) return { order: [], changed: new Map(), damaged: true, dropped: [] };
    const {
      result: { result: applied, touched },
      dropped: droppedIds,
    } = model.droppingUnseen(bytes, () => model.touching(() => applyStored(model, update)));
    const damaged = !applied;
    if (damaged) {
      // The model may hold part of what it read: build it again from the chain when next needed.
      return { order: [], changed: new Map(), damaged, dropped: [] };
    }
    const { top, topOf } = model.structure();
    const before = topLevelOf(previous);
    const dropped = new Set<string>();
    for (const id of droppedIds) {
      const under = before.get(id);
      if (under !== undefined) dropped.add(under);
    }
    const wasTop = new Set(previous.map((block) => block.id));
    const wanted = new Set<string>();
    for (const id of touched) {
      const under = topOf.get(id) ?? before.get(id);
      if (under !== undefined && topOf.get(under) === under) wanted.add(under);
    }
    for (const id of top) if (!wasTop.has(id)) wanted.add(id);
    const changed = new Map<string, PlainBlock>();
    if (wanted.size) for (const block of model.readTop(wanted)) if (wanted.has(block.id)) changed.set(block.id, block);
    keep(to, model);
    return { order: top, changed, damaged, dropped: previous.map((block) => block.id).filter((id) => dropped.has(id)) };
  },
  follow(from, to, update) {
    const model = take(from);
    if (model && applyStored(model, update)) keep(to, model);
  },
};

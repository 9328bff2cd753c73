import type { NoteChain } from '../notesState';
import type { PlainBlock } from './plainBlocks';

/** What a merge of one update into a note's document gave (docs/architecture.md "Saves as changes"). */
export interface ChainMerge {
  /** The top-level block ids after it, in order. */
  order: string[];
  /** The top-level blocks it changed, read from the merged document, by id. */
  changed: Map<string, PlainBlock>;
  /** Whether the update was damaged (not an update Yjs reads): the document did not change. */
  damaged: boolean;
  /**
   * Top-level blocks of `previous` that the update deleted (or deleted something within) while they
   * held content its device had not seen: edits made after its base, which the delete took with it.
   */
  dropped: string[];
}

/**
 * The Yjs side of the notes fold, loaded on demand (Yjs is not part of the first screen): merges a
 * save that did not start from the note's current revision into the note's document.
 */
export interface ChainEngine {
  /**
   * Apply `update` (base64, v2) to the document of chain `from` (started at revision `start`), which
   * becomes the document of `to`; `previous` are the top-level blocks before it.
   */
  merge(from: NoteChain, to: NoteChain, start: string, update: string, previous: readonly PlainBlock[]): ChainMerge;
  /** A save that started from the current revision extended `from` into `to`: a document kept for `from` follows it. */
  follow(from: NoteChain, to: NoteChain, update: string): void;
}

/**
 * Thrown by the notes fold when it meets a merge before the chain engine has loaded; the fold is
 * pure, so the caller loads the engine (`loadChainEngine`) and folds again.
 */
export class ChainEngineNeeded extends Error {
  constructor() {
    super('The changes engine is not loaded');
    this.name = 'ChainEngineNeeded';
  }
}

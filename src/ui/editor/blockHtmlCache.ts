import { nodeToBlock } from '@blocknote/core';
import type { Node as PmNode } from 'prosemirror-model';
import { inBackground, inNextTask } from '../../lib/scheduler';
import { primeStoredJson } from '../../events/storedForm';
import { partsInPlace } from '../../projections/changes/documentParts';
import type { NoteBlock, NoteEditor } from './schema';

/** Stop a priming slice when less than this is left of it (ms). */
const PRIME_MIN_IDLE_MS = 1;
/** Longest priming slice (ms): input arriving during one waits at most this long. */
const PRIME_SLICE_MS = 6;
/** Quiet time after the last edit before priming starts (ms): well inside the autosave's AUTOSAVE_DELAY_MS. */
const PRIME_QUIET_MS = 500;
/** Longest slice of the priming a save waits for (ms): each is a task of its own, well under a long task. */
const SAVE_PRIME_SLICE_MS = 12;

interface BlockEntry {
  html: string;
}

/**
 * Per-block HTML of a BlockNote document, so `note_{id}` is derived incrementally
 * (docs/architecture.md "Editor"). BlockNote returns the same block object for a block whose
 * ProseMirror node did not change, so the cache is keyed by block object: a keystroke makes one
 * new top-level block, and only that one is serialized again.
 *
 * The result is byte-identical to `editor.blocksToFullHTML(blocks)`: that output is the blockGroup
 * wrapper around each top-level block's own HTML, and every transform BlockNote applies after
 * serializing is local to a block except one: a top-level numbered-list item's `data-index`
 * continues the previous top-level block's first numbered item. `html()` patches that number, as the notes
 * fold does when it joins the parts a save as a change carries (documentParts.ts).
 */
export class BlockHtmlCache {
  /** Per top-level block: its HTML alone in a document, and where its first numbered item keeps its index. */
  private readonly html1 = new WeakMap<NoteBlock, BlockEntry>();
  private wrapper: { open: string; close: string } | null = null;
  private primeScheduled = false;
  private primeGeneration = 0;
  private primeTimer: ReturnType<typeof setTimeout> | undefined;
  /** The document priming walks and the index of its next top-level node (shared by the idle prime and a save's). */
  private primeDoc: PmNode | null = null;
  private primeNext = 0;
  /** True once a prime went through every block of the document shown (reset when another is shown). */
  primed = false;

  constructor(private readonly editor: NoteEditor) {}

  /** The blockGroup wrapper around every document's HTML, taken from BlockNote's own output. */
  private groupWrapper(): { open: string; close: string } {
    if (!this.wrapper) {
      const empty = this.editor.blocksToFullHTML([]);
      const open = empty.slice(0, empty.indexOf('>') + 1);
      this.wrapper = { open, close: empty.slice(open.length) };
    }
    return this.wrapper;
  }

  /** The HTML of one top-level block as if it were alone in the document (cached). */
  blockHtml(block: NoteBlock): string {
    return this.entry(block).html;
  }

  private entry(block: NoteBlock): BlockEntry {
    let entry = this.html1.get(block);
    if (entry === undefined) {
      const { open, close } = this.groupWrapper();
      const full = this.editor.blocksToFullHTML([block]);
      if (!full.startsWith(open) || !full.endsWith(close)) throw new Error('BlockNote HTML has an unexpected wrapper');
      const html = full.slice(open.length, full.length - close.length);
      entry = { html };
      this.html1.set(block, entry);
    }
    return entry;
  }

  /** `blocksToFullHTML(blocks)` for top-level `blocks`, serializing only blocks not seen before. */
  html(blocks: readonly NoteBlock[]): string {
    const { open, close } = this.groupWrapper();
    const entries = blocks.map((block) => this.entry(block));
    // In context a numbered item continues the previous block's first numbered item (documentParts.ts).
    const parts = partsInPlace(
      blocks.map((block) => block.type),
      entries.map((entry) => entry.html),
    );
    const full = open + parts.join('') + close;
    // Keep each block's HTML as a slice of `full` (a few bytes each in V8) rather than a copy of its own:
    // the note's HTML is then held once, by the cache and the saved body together.
    let at = open.length;
    for (let i = 0; i < blocks.length; i++) {
      if (parts[i] === entries[i].html) entries[i].html = full.slice(at, at + parts[i].length);
      at += parts[i].length;
    }
    return full;
  }

  /** True while idle-time priming is scheduled or under way. */
  get priming(): boolean {
    return this.primeScheduled;
  }

  /**
   * Serialize blocks not in the cache yet, in background slices once editing pauses for PRIME_QUIET_MS, so
   * the save (AUTOSAVE_DELAY_MS after the last input) finds them ready. Each call restarts the wait: nothing of it
   * runs while keys arrive (`primeUntil`).
   */
  schedulePrime(): void {
    const generation = ++this.primeGeneration;
    this.primeScheduled = true;
    clearTimeout(this.primeTimer);
    const step = () => {
      if (generation !== this.primeGeneration) return; // a newer edit rescheduled it
      // At most PRIME_SLICE_MS per slice: input arriving meanwhile waits no longer.
      if (!this.primeUntil(performance.now() + PRIME_SLICE_MS)) return inBackground(step);
      this.primeScheduled = false;
    };
    this.primeTimer = setTimeout(() => inBackground(step), PRIME_QUIET_MS);
  }

  /**
   * Resolve once every top-level block of the document has its HTML cached, serializing what is left of
   * the priming in tasks of at most SAVE_PRIME_SLICE_MS at normal priority: the autosave waits for it
   * before capturing, so no save serializes a long note in one task (docs/architecture.md "Editor").
   * Resolves at once when the document was primed; blocks edited since are left to the capture.
   */
  primeForSave(): Promise<void> {
    if (this.primed) return Promise.resolve();
    return new Promise((resolve) => {
      const step = () => {
        if (this.primeUntil(performance.now() + SAVE_PRIME_SLICE_MS)) resolve();
        else inNextTask(step);
      };
      step();
    });
  }

  /**
   * Cache the HTML (and stored JSON) of the current document's top-level blocks, from where the last call
   * stopped, until `ends` (performance.now(), ms). True once every block is cached (`primed` is then set).
   * Top-level nodes are converted to blocks one by one (`nodeToBlock` fills BlockNote's own block cache),
   * because the first `editor.document` of a freshly loaded 5,000-block note would convert them all in one go.
   */
  private primeUntil(ends: number): boolean {
    const current = this.editor.prosemirrorState.doc;
    if (current !== this.primeDoc) {
      this.primeDoc = current;
      this.primeNext = 0;
    }
    const group = current.firstChild;
    for (; group && this.primeNext < group.childCount; this.primeNext++) {
      if (ends - performance.now() < PRIME_MIN_IDLE_MS) return false;
      const block = nodeToBlock(group.child(this.primeNext), current) as unknown as NoteBlock;
      this.entry(block);
      // The log stores the document as JSON per block (storedForm.ts): ready it too, for the save's write.
      primeStoredJson(block);
    }
    this.primed = true;
    return true;
  }
}

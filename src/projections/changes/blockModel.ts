/**
 * A note's document as a Y.Doc in NotePad's own block model (docs/architecture.md "Saves as
 * changes"), kept beside the editor, never bound to it. A save writes the blocks that changed since
 * the last one in one transaction; that transaction's update (Yjs v2) is what the save carries, and
 * Yjs merges the updates of two devices.
 *
 * Model: `blocks` is a Y.Map from block id to the block's own fields, a Y.Map: `type`, `props` (a
 * Y.Map of JSON values), `text` (a Y.Text of the inline content: styles and links as formatting
 * attributes, other inline content as embeds) or `table` (table content as JSON, replaced whole), and
 * `children` (a Y.Array of the child blocks' ids). `order` is the Y.Array of the top-level ids. A
 * block's content lives under its id, not its place, so a move or an indent changes only id arrays
 * and an edit made meanwhile on another device stays with the block. An id that concurrent moves put
 * in two places is read once, at its first place; an id whose block was deleted is skipped.
 *
 * Changed blocks are found by identity (BlockNote hands out the same object for a block whose
 * ProseMirror node did not change), the order by a diff of the id sequences (fast-diff), text by a
 * diff of the plain text, then a formatting pass (inlineText.ts). Loaded only after the editor is
 * editable. One class in one file: its methods share the entries and what was last applied.
 */
import * as Y from 'yjs';
import diff from 'fast-diff';
import { inlineRuns, runsToInline, updateText, type DeltaOp } from './inlineText';
import { IdAlphabet } from './idAlphabet';
import { addTree, normalBlocks, sameValue, sortedKeys, type PlainBlock } from './plainBlocks';
import { covers, deleteRanges, type DeleteRanges } from './updateDeletes';

/** A shared type of a document, as a transaction's `changed` names it. */
type SharedType = Y.Transaction['changed'] extends Map<infer K, unknown> ? K : never;

type Entry = Y.Map<unknown>;

/**
 * A Yjs client id derived from a revision id (FNV-1a, 32 bits): the first state of a chain is
 * written by it, so every device that starts the chain from that revision makes identical items.
 */
function clientIdOf(revision: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < revision.length; i++) hash = Math.imul(hash ^ revision.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/**
 * A note's Y.Doc in the block model. `save(blocks)` applies what changed since the last save (or
 * since `markApplied`) in one transaction and returns that transaction's update (v2), or null when
 * nothing changed.
 */
export class YBlockDoc {
  readonly doc: Y.Doc;
  private readonly entries: Y.Map<Entry>;
  private readonly order: Y.Array<string>;
  /** The block objects last applied, by id: an identical object is an unchanged block (children included). */
  private applied = new Map<string, PlainBlock>();
  private readonly alphabet = new IdAlphabet();

  constructor(doc = new Y.Doc()) {
    this.doc = doc;
    this.entries = doc.getMap('blocks');
    this.order = doc.getArray('order');
  }

  /**
   * The first state of a note's chain (v2) from the blocks of a whole body, the same bytes on every
   * device: written by a client whose id is derived from `revision` (the id of the event that set
   * the body), so two devices that start the chain offline make identical items, which Yjs merges as one.
   */
  static initialState(blocks: readonly unknown[], revision: string): Uint8Array {
    const doc = new Y.Doc();
    doc.clientID = clientIdOf(revision);
    new YBlockDoc(doc).save(normalBlocks(blocks, revision));
    return Y.encodeStateAsUpdateV2(doc);
  }

  /** A document from stored updates (v2) applied in order, ready for this device's saves (a random client id). */
  static fromUpdates(updates: readonly Uint8Array[]): YBlockDoc {
    const model = new YBlockDoc();
    model.doc.transact(() => {
      for (const update of updates) Y.applyUpdateV2(model.doc, update);
    }, 'remote');
    return model;
  }

  /** Apply another device's update (v2); blocks of the editor stay unapplied until `markApplied` or the next save. */
  applyRemote(update: Uint8Array): void {
    Y.applyUpdateV2(this.doc, update, 'remote');
  }

  /**
   * Write the first state of a chain started at `revision` from `blocks` (a whole body's document) into this
   * empty document: the items `initialState` makes, as the client derived from `revision` and in the same
   * order, so the document is the one every device starts the chain from, without encoding and applying an
   * update. A generator of one step per top-level block (one transaction each), so a caller can spread the
   * work over tasks; this device's own client id is back once it has run to its end.
   */
  *writeFirstState(blocks: readonly unknown[], revision: string): Generator<void, void, void> {
    const own = this.doc.clientID;
    const normal = normalBlocks(blocks, revision);
    const next = new Map<string, PlainBlock>();
    this.doc.clientID = clientIdOf(revision);
    try {
      // As `save` does: the top-level ids first, then each block's entry.
      if (normal.length)
        this.doc.transact(() =>
          this.order.insert(
            0,
            normal.map((block) => block.id),
          ),
        );
      for (const block of normal) {
        yield;
        this.doc.transact(() => this.syncBlock(block, next));
      }
    } finally {
      this.doc.clientID = own;
    }
    this.applied = next;
  }

  /** Take `blocks` (the editor's block objects) as what the document holds: the next save writes only blocks that differ from them. */
  markApplied(blocks: readonly PlainBlock[]): void {
    const next = new Map<string, PlainBlock>();
    for (const block of blocks) addTree(next, block);
    this.applied = next;
  }

  /**
   * Take `saved` (the blocks the document holds, as stored) as applied, with every block of `shown` (the
   * editor's block objects) equal to the saved block of its id in its place: the next save compares only
   * the shown blocks that differ from what was saved, and still deletes saved blocks the editor no longer
   * has. A generator of one step per top-level block of `saved` and of `shown`, so a caller can spread the work over tasks.
   */
  *markSaved(saved: readonly PlainBlock[], shown: readonly PlainBlock[]): Generator<void, void, void> {
    const savedById = new Map<string, PlainBlock>();
    for (const block of saved) {
      yield;
      addTree(savedById, block);
    }
    const next = new Map(savedById);
    const mark = (block: PlainBlock) => {
      const stored = savedById.get(block.id);
      if (stored !== undefined && sameValue(stored, block)) addTree(next, block);
      else for (const child of block.children) mark(child);
    };
    for (const block of shown) {
      yield;
      mark(block);
    }
    this.applied = next;
  }

  /** The top-level blocks of `blocks` the next save compares with the document (not known to be applied). @internal Test seam */
  unapplied(blocks: readonly PlainBlock[]): string[] {
    return blocks.filter((block) => !(this.entries.has(block.id) && this.applied.get(block.id) === block)).map((block) => block.id);
  }

  /** Forget that `ids` were applied: the next save compares them with the document again. */
  forget(ids: Iterable<string>): void {
    for (const id of ids) this.applied.delete(id);
  }

  /**
   * The top-level block ids as read (each once, at its first place; deleted ones skipped), and every
   * block id mapped to the top-level block it is read under.
   */
  structure(): { top: string[]; topOf: Map<string, string> } {
    const seen = new Set<string>();
    const topOf = new Map<string, string>();
    const top: string[] = [];
    const visit = (ids: Iterable<string>, under: string | null) => {
      for (const id of ids) {
        const entry = this.entries.get(id);
        if (!entry || seen.has(id)) continue;
        seen.add(id);
        if (under === null) top.push(id);
        topOf.set(id, under ?? id);
        visit(entry.get('children') as Y.Array<string>, under ?? id);
      }
    };
    visit(this.order, null);
    return { top, topOf };
  }

  /** The document's blocks. */
  toBlocks(): PlainBlock[] {
    return this.walk(null);
  }

  /**
   * The top-level blocks in order, materialized only where `wanted` holds the id (the others as
   * `{id}` only): what a merge changed, read without reading the whole note.
   */
  readTop(wanted: ReadonlySet<string>): PlainBlock[] {
    return this.walk(wanted);
  }

  /**
   * Run `work` (which applies or writes updates) and return what it returns with the ids of the blocks
   * its transactions touched: entries added or deleted, and blocks whose text, props or children changed.
   */
  touching<T>(work: () => T): { result: T; touched: Set<string> } {
    const touched = new Set<string>();
    const listen = (transaction: Y.Transaction) => {
      for (const [type, keys] of transaction.changed) {
        if (type === this.entryMap) {
          for (const key of keys) if (key !== null) touched.add(key);
        } else {
          const id = this.entryIdOf(type);
          if (id !== null) touched.add(id);
        }
      }
    };
    this.doc.on('afterTransaction', listen);
    try {
      return { result: work(), touched };
    } finally {
      this.doc.off('afterTransaction', listen);
    }
  }

  /**
   * Apply `update` (v2) with `apply` and return what it returns with the ids of the blocks (any level)
   * it deleted while they held content its device had not seen: items inside a deleted block that the
   * update does not delete itself but that went with the block (text typed, formatting, props or
   * children added on another device meanwhile). Yjs lets such a delete win; the notes fold keeps
   * that content (docs/architecture.md "Saves as changes", where a conflict copy remains).
   */
  droppingUnseen<T>(update: Uint8Array, apply: () => T): { result: T; dropped: Set<string> } {
    const dropped = new Set<string>();
    const listen = (transaction: Y.Transaction) => {
      if (transaction.deleteSet.clients.size === 0) return;
      let named: DeleteRanges | null = null;
      Y.iterateDeletedStructs(transaction, transaction.deleteSet, (struct) => {
        if (!(struct instanceof Y.Item) || !(struct.parent instanceof Y.AbstractType) || struct.parent === this.entryMap) return;
        named ??= deleteRanges(update);
        if (covers(named, struct.id.client, struct.id.clock, struct.length)) return;
        const id = this.entryIdOf(struct.parent as SharedType);
        if (id !== null && !this.entries.has(id)) dropped.add(id);
      });
    };
    this.doc.on('afterTransaction', listen);
    try {
      return { result: apply(), dropped };
    } finally {
      this.doc.off('afterTransaction', listen);
    }
  }

  /** The id of the block whose entry holds `type` (its text, props, children or the entry itself), or null. */
  entryIdOf(type: SharedType): string | null {
    let t: SharedType | null = type;
    while (t && t._item && t._item.parent !== this.entries) t = t._item.parent as SharedType | null;
    return t && t._item && t._item.parent === this.entries ? t._item.parentSub : null;
  }

  /** The inline content of block `id` as a Y.Text, if it has one (positions in it survive merges as relative positions). */
  textOf(id: string): Y.Text | undefined {
    const text = this.entries.get(id)?.get('text');
    return text instanceof Y.Text ? text : undefined;
  }

  /** The root map of entries (its key changes are blocks added or deleted). */
  get entryMap(): SharedType {
    return this.entries as unknown as SharedType;
  }

  private walk(wanted: ReadonlySet<string> | null): PlainBlock[] {
    const seen = new Set<string>();
    const read = (ids: Iterable<string>, materialize: boolean): PlainBlock[] => {
      const out: PlainBlock[] = [];
      for (const id of ids) {
        const entry = this.entries.get(id);
        if (!entry || seen.has(id)) continue;
        seen.add(id);
        const children = entry.get('children') as Y.Array<string>;
        if (!materialize) {
          read(children, false);
          out.push({ id } as PlainBlock);
          continue;
        }
        const text = entry.get('text') as Y.Text | undefined;
        const table = entry.get('table');
        out.push({
          id,
          type: entry.get('type') as string,
          props: sortedKeys((entry.get('props') as Y.Map<unknown>).toJSON()),
          ...(text ? { content: runsToInline(text.toDelta() as DeltaOp[]) } : table !== undefined ? { content: table } : {}),
          children: read(children, true),
        });
      }
      return out;
    };
    const out: PlainBlock[] = [];
    // One top-level block at a time, so `wanted` decides per top-level block.
    for (const id of this.order) out.push(...read([id], wanted === null || wanted.has(id)));
    return out;
  }

  /**
   * Apply `blocks` (a whole BlockNote document) as one transaction; its update (v2), or null if
   * nothing changed. A block is deleted when the last save held it and `blocks` does not: blocks
   * another device added that this editor has not shown yet are left alone.
   */
  save(blocks: readonly PlainBlock[]): Uint8Array | null {
    let update: Uint8Array | null = null;
    const capture = (u: Uint8Array, origin: unknown) => {
      if (origin === this) update = u;
    };
    const next = new Map<string, PlainBlock>();
    this.doc.on('updateV2', capture);
    try {
      this.doc.transact(() => {
        this.syncLevel(this.order, blocks, next);
        for (const id of this.applied.keys()) if (!next.has(id)) this.entries.delete(id);
      }, this);
    } finally {
      this.doc.off('updateV2', capture);
    }
    this.applied = next;
    return update;
  }

  /** Make the id array `level` hold `blocks`' ids (a diff of the sequences), then each changed block's entry. */
  private syncLevel(level: Y.Array<string>, blocks: readonly PlainBlock[], next: Map<string, PlainBlock>): void {
    const have = level.toArray();
    let sameOrder = have.length === blocks.length;
    for (let i = 0; sameOrder && i < blocks.length; i++) sameOrder = have[i] === blocks[i].id;
    if (!sameOrder) {
      const a = have.map((id) => this.alphabet.of(id)).join('');
      const b = blocks.map((bl) => this.alphabet.of(bl.id)).join('');
      let at = 0;
      let bAt = 0;
      for (const [op, chars] of diff(a, b)) {
        if (op === diff.EQUAL) {
          at += chars.length;
          bAt += chars.length;
        } else if (op === diff.DELETE) level.delete(at, chars.length);
        else {
          level.insert(
            at,
            blocks.slice(bAt, bAt + chars.length).map((bl) => bl.id),
          );
          at += chars.length;
          bAt += chars.length;
        }
      }
    }
    for (const block of blocks) this.syncBlock(block, next);
  }

  private syncBlock(block: PlainBlock, next: Map<string, PlainBlock>): void {
    let entry = this.entries.get(block.id);
    if (entry && this.applied.get(block.id) === block) return addTree(next, block);
    next.set(block.id, block);
    if (!entry) {
      entry = new Y.Map<unknown>();
      entry.set('props', new Y.Map<unknown>());
      entry.set('children', new Y.Array<string>());
      this.entries.set(block.id, entry);
    }
    if (entry.get('type') !== block.type) entry.set('type', block.type);
    const props = entry.get('props') as Y.Map<unknown>;
    for (const [k, v] of Object.entries(block.props)) if (v !== undefined && props.get(k) !== v) props.set(k, v);
    for (const k of props.keys()) if (block.props[k] === undefined) props.delete(k);
    if (Array.isArray(block.content)) {
      let text = entry.get('text') as Y.Text | undefined;
      if (!text) {
        entry.delete('table');
        text = new Y.Text();
        entry.set('text', text);
      }
      updateText(text, inlineRuns(block.content));
    } else if (block.content !== undefined) {
      if (JSON.stringify(entry.get('table')) !== JSON.stringify(block.content)) entry.set('table', block.content);
      if (entry.has('text')) entry.delete('text');
    } else {
      if (entry.has('text')) entry.delete('text');
      if (entry.has('table')) entry.delete('table');
    }
    this.syncLevel(entry.get('children') as Y.Array<string>, block.children, next);
  }
}

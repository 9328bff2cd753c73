/**
 * Candidate (a') of the saves-as-changes spike (docs/changes-spike.md): a Y.Doc per note kept
 * beside the editor, not bound to it. Each save applies the blocks that changed since the last one;
 * the Y.Doc's update of that transaction is what the save would carry. Prototype for measuring,
 * not product code.
 *
 * Model: `blocks` is a Y.Map from block id to that block's own fields, a Y.Map: `type`, `props`
 * (Y.Map of JSON values), `text` (Y.Text of the inline content, styles and links as formatting
 * attributes) or `table` (the table content as JSON, replaced whole), and `children` (Y.Array of
 * the child blocks' ids). `order` is the Y.Array of the top-level ids. A block's content lives under
 * its id, not under its place, so a move or an indent changes only id arrays and an edit made
 * meanwhile on another device stays with the block. An id that concurrent moves put in two places
 * is read once, at its first place; an id whose block was deleted is skipped.
 * Changed blocks are found by identity (BlockNote hands out the same object for a block whose
 * ProseMirror node did not change), the order by a fast-diff of the id sequences, text by a
 * fast-diff of the plain text, then a formatting pass.
 */
import * as Y from 'yjs';
import diff from 'fast-diff';

/** A BlockNote block as `editor.document` gives it (only the fields the model reads). */
export interface PlainBlock {
  id: string;
  type: string;
  props: Record<string, unknown>;
  content?: unknown;
  children: PlainBlock[];
}

type Attrs = Record<string, unknown>;
interface Run {
  text: string;
  attrs: Attrs;
}
interface InlineText {
  type: 'text';
  text: string;
  styles: Attrs;
}
interface InlineLink {
  type: 'link';
  href: string;
  content: InlineText[];
}

/** Inline content as runs of text with formatting attributes (a link is the attribute `link`). */
function inlineRuns(content: readonly unknown[]): Run[] {
  const runs: Run[] = [];
  for (const item of content as (InlineText | InlineLink)[]) {
    if (item.type === 'text') runs.push({ text: item.text, attrs: { ...item.styles } });
    else if (item.type === 'link') for (const t of item.content) runs.push({ text: t.text, attrs: { ...t.styles, link: item.href } });
    else throw new Error(`inline content ${(item as { type: string }).type} is not modelled`);
  }
  return runs.filter((r) => r.text.length > 0);
}

/** The inverse of inlineRuns: BlockNote inline content from a Y.Text's delta. */
function runsToInline(delta: { insert: unknown; attributes?: Attrs }[]): unknown[] {
  const out: (InlineText | InlineLink)[] = [];
  for (const op of delta) {
    if (typeof op.insert !== 'string') continue;
    const { link, ...styles } = op.attributes ?? {};
    const text: InlineText = { type: 'text', text: op.insert, styles };
    if (typeof link === 'string') {
      const last = out[out.length - 1];
      if (last?.type === 'link' && last.href === link) last.content.push(text);
      else out.push({ type: 'link', href: link, content: [text] });
    } else out.push(text);
  }
  return out;
}

const sameAttrs = (a: Attrs, b: Attrs) => {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
};

/** Make `ytext` hold `runs`: a text diff (fast-diff) for the characters, then the formatting where it differs. */
function updateText(ytext: Y.Text, runs: readonly Run[]): void {
  const target = runs.map((r) => r.text).join('');
  const attrsAt: Attrs[] = [];
  for (const r of runs) for (let i = 0; i < r.text.length; i++) attrsAt.push(r.attrs);
  const current = ytext.toJSON();
  if (current !== target) {
    let at = 0;
    let targetAt = 0;
    for (const [op, text] of diff(current, target)) {
      if (op === diff.EQUAL) {
        at += text.length;
        targetAt += text.length;
      } else if (op === diff.DELETE) ytext.delete(at, text.length);
      else {
        // Inserted characters may span runs of different formatting: one insert per run.
        let i = 0;
        while (i < text.length) {
          const attrs = attrsAt[targetAt + i];
          let j = i + 1;
          while (j < text.length && attrsAt[targetAt + j] === attrs) j++;
          ytext.insert(at, text.slice(i, j), { ...attrs });
          at += j - i;
          i = j;
        }
        targetAt += text.length;
      }
    }
  }
  // Formatting: compare each character's attributes with the target's, format the ranges that differ.
  let pos = 0;
  for (const op of ytext.toDelta() as { insert: string; attributes?: Attrs }[]) {
    const have = op.attributes ?? {};
    let i = 0;
    while (i < op.insert.length) {
      const want = attrsAt[pos + i];
      let j = i + 1;
      while (j < op.insert.length && attrsAt[pos + j] === want) j++;
      if (!sameAttrs(have, want)) {
        const change: Attrs = { ...want };
        for (const k of Object.keys(have)) if (!(k in want)) change[k] = null;
        ytext.format(pos + i, j - i, change);
      }
      i = j;
    }
    pos += op.insert.length;
  }
}

/** One character per block id (fast-diff compares strings): codes from U+0100, skipping surrogates. */
class IdAlphabet {
  private readonly codes = new Map<string, string>();
  of(id: string): string {
    let c = this.codes.get(id);
    if (c === undefined) {
      let n = 0x100 + this.codes.size;
      if (n >= 0xd800) n += 0x800;
      c = String.fromCharCode(n);
      this.codes.set(id, c);
    }
    return c;
  }
}

type Entry = Y.Map<unknown>;

/** Put `block` and its descendants in `into`, by id. */
function addTree(into: Map<string, PlainBlock>, block: PlainBlock): void {
  into.set(block.id, block);
  for (const child of block.children) addTree(into, child);
}

/**
 * A note's Y.Doc in the block model above. `save(blocks)` applies what changed since the last
 * save (or since the document was read) in one transaction and returns that transaction's update
 * (v2), or null when nothing changed.
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
   * The first state of a note's chain, from a whole body (a save of schema 3 or earlier), made the
   * same on every device: written by a Yjs client whose id is derived from `revision` (the id of the
   * event that set the body), so two devices that start the chain offline make identical items, which
   * Yjs merges as one. Later saves use a random client id. Returns the state (v2).
   */
  static initialState(blocks: readonly PlainBlock[], revision: string): Uint8Array {
    const doc = new Y.Doc();
    // FNV-1a of the revision id: a 32-bit client id; a random client colliding with it is as likely as any two colliding.
    let hash = 0x811c9dc5;
    for (let i = 0; i < revision.length; i++) hash = Math.imul(hash ^ revision.charCodeAt(i), 0x01000193) >>> 0;
    doc.clientID = hash;
    new YBlockDoc(doc).save(blocks);
    return Y.encodeStateAsUpdateV2(doc);
  }

  /** A note's Y.Doc from a stored state (v2), ready for this device's saves. */
  static fromState(state: Uint8Array): YBlockDoc {
    const model = new YBlockDoc();
    Y.applyUpdateV2(model.doc, state);
    return model;
  }

  /** The document's blocks. */
  toBlocks(): PlainBlock[] {
    const seen = new Set<string>();
    const read = (ids: Y.Array<string>): PlainBlock[] => {
      const out: PlainBlock[] = [];
      for (const id of ids) {
        const entry = this.entries.get(id);
        if (!entry || seen.has(id)) continue;
        seen.add(id);
        const text = entry.get('text') as Y.Text | undefined;
        const table = entry.get('table');
        out.push({
          id,
          type: entry.get('type') as string,
          props: (entry.get('props') as Y.Map<unknown>).toJSON(),
          ...(text ? { content: runsToInline(text.toDelta()) } : table !== undefined ? { content: table } : {}),
          children: read(entry.get('children') as Y.Array<string>),
        });
      }
      return out;
    };
    return read(this.order);
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
    for (const [k, v] of Object.entries(block.props)) if (props.get(k) !== v) props.set(k, v);
    for (const k of props.keys()) if (!(k in block.props)) props.delete(k);
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
      entry.delete('text');
    } else {
      entry.delete('text');
      entry.delete('table');
    }
    this.syncLevel(entry.get('children') as Y.Array<string>, block.children, next);
  }
}

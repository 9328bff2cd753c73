/**
 * Candidate (a') of the saves-as-changes spike (docs/changes-spike.md): a Y.Doc per note kept
 * beside the editor, not bound to it. Each save applies the blocks that changed since the last one;
 * the Y.Doc's update of that transaction is what the save would carry. Prototype for measuring,
 * not product code.
 *
 * Model: `blocks` is a Y.Array of Y.Map, one per block: `id`, `type`, `props` (Y.Map of JSON
 * values), `text` (Y.Text of the inline content, styles and links as formatting attributes) or
 * `table` (the table content as JSON, replaced whole), `children` (Y.Array of the same).
 * Changed blocks are found by identity (BlockNote hands out the same object for a block whose
 * ProseMirror node did not change), text by a fast-diff of the plain text, then a formatting pass.
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
export function inlineRuns(content: readonly unknown[]): Run[] {
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
  const current = ytext.toString();
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

/** The shared type of one new block (and its children), built from scratch. */
function blockMap(block: PlainBlock): Y.Map<unknown> {
  const map = new Y.Map<unknown>();
  map.set('id', block.id);
  map.set('type', block.type);
  const props = new Y.Map<unknown>();
  for (const [k, v] of Object.entries(block.props)) props.set(k, v);
  map.set('props', props);
  if (Array.isArray(block.content)) {
    const text = new Y.Text();
    // Content can be filled only once the type is in a document; inserting the delta now is allowed (prelim content).
    text.applyDelta(inlineRuns(block.content).map((r) => ({ insert: r.text, attributes: r.attrs })));
    map.set('text', text);
  } else if (block.content !== undefined) map.set('table', block.content);
  const children = new Y.Array<Y.Map<unknown>>();
  children.push(block.children.map(blockMap));
  map.set('children', children);
  return map;
}

/** The block a Y.Map holds. */
function readBlock(map: Y.Map<unknown>): PlainBlock {
  const text = map.get('text') as Y.Text | undefined;
  const table = map.get('table');
  return {
    id: map.get('id') as string,
    type: map.get('type') as string,
    props: (map.get('props') as Y.Map<unknown>).toJSON(),
    ...(text ? { content: runsToInline(text.toDelta()) } : table !== undefined ? { content: table } : {}),
    children: (map.get('children') as Y.Array<Y.Map<unknown>>).map(readBlock),
  };
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

/**
 * A note's Y.Doc in the block model above. `save(blocks)` applies what changed since the last
 * save (or since the document was read) in one transaction and returns that transaction's update
 * (v2), or null when nothing changed.
 */
export class YBlockDoc {
  readonly doc: Y.Doc;
  private readonly root: Y.Array<Y.Map<unknown>>;
  /** The block objects last applied, by id: an identical object is an unchanged block. */
  private applied = new Map<string, PlainBlock>();
  private readonly alphabet = new IdAlphabet();

  constructor(doc = new Y.Doc()) {
    this.doc = doc;
    this.root = doc.getArray('blocks');
  }

  /** The document's blocks. */
  toBlocks(): PlainBlock[] {
    return this.root.map(readBlock);
  }

  /** Apply `blocks` (a whole BlockNote document) as one transaction; its update (v2), or null if nothing changed. */
  save(blocks: readonly PlainBlock[]): Uint8Array | null {
    let update: Uint8Array | null = null;
    const capture = (u: Uint8Array, origin: unknown) => {
      if (origin === this) update = u;
    };
    this.doc.on('updateV2', capture);
    try {
      this.doc.transact(() => this.syncLevel(this.root, blocks), this);
    } finally {
      this.doc.off('updateV2', capture);
    }
    const applied = new Map<string, PlainBlock>();
    const visit = (list: readonly PlainBlock[]) => {
      for (const b of list) {
        applied.set(b.id, b);
        visit(b.children);
      }
    };
    visit(blocks);
    this.applied = applied;
    return update;
  }

  /** Make the Y.Array `level` hold `blocks`: order by a diff of the id sequence, then each changed block. */
  private syncLevel(level: Y.Array<Y.Map<unknown>>, blocks: readonly PlainBlock[]): void {
    const maps = level.toArray();
    const have = maps.map((m) => m.get('id') as string);
    let sameOrder = have.length === blocks.length;
    for (let i = 0; sameOrder && i < blocks.length; i++) sameOrder = have[i] === blocks[i].id;
    if (!sameOrder) {
      // A moved block is deleted and inserted again (Yjs 13 arrays have no move).
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
          level.insert(at, blocks.slice(bAt, bAt + chars.length).map(blockMap));
          at += chars.length;
          bAt += chars.length;
        }
      }
    }
    const now = level.toArray();
    for (let i = 0; i < blocks.length; i++) {
      const block = blocks[i];
      if (this.applied.get(block.id) === block) continue;
      this.syncBlock(now[i], block);
    }
  }

  private syncBlock(map: Y.Map<unknown>, block: PlainBlock): void {
    if (map.get('type') !== block.type) map.set('type', block.type);
    const props = map.get('props') as Y.Map<unknown>;
    for (const [k, v] of Object.entries(block.props)) if (props.get(k) !== v) props.set(k, v);
    for (const k of props.keys()) if (!(k in block.props)) props.delete(k);
    if (Array.isArray(block.content)) {
      let text = map.get('text') as Y.Text | undefined;
      if (!text) {
        map.delete('table');
        text = new Y.Text();
        map.set('text', text);
      }
      updateText(text, inlineRuns(block.content));
    } else if (block.content !== undefined) {
      if (JSON.stringify(map.get('table')) !== JSON.stringify(block.content)) map.set('table', block.content);
      map.delete('text');
    } else {
      map.delete('text');
      map.delete('table');
    }
    this.syncLevel(map.get('children') as Y.Array<Y.Map<unknown>>, block.children);
  }
}

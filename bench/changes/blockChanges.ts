/**
 * Candidate (b) of the saves-as-changes spike (docs/changes-spike.md): a save carries the blocks
 * that changed, keyed by BlockNote block id: each inserted or updated block whole (its own fields
 * and its place: parent and previous sibling), and the ids of deleted blocks. Changed blocks are
 * found by identity, as the HTML cache finds them. Prototype for measuring, not product code.
 */
import type { PlainBlock } from '../../src/projections/changes/plainBlocks';

/** A block without its children, with its place: the parent's id (null: top level) and the previous sibling's id (null: first). */
interface PlacedBlock {
  id: string;
  type: string;
  props: Record<string, unknown>;
  content?: unknown;
  parent: string | null;
  after: string | null;
}

/** What one save carries. */
export interface BlockChanges {
  put: PlacedBlock[];
  deleted: string[];
}

/** Where each block of `blocks` is, by id. */
function places(blocks: readonly PlainBlock[]): Map<string, { block: PlainBlock; parent: string | null; after: string | null }> {
  const out = new Map<string, { block: PlainBlock; parent: string | null; after: string | null }>();
  const visit = (list: readonly PlainBlock[], parent: string | null) => {
    list.forEach((block, i) => {
      out.set(block.id, { block, parent, after: i ? list[i - 1].id : null });
      visit(block.children, block.id);
    });
  };
  visit(blocks, null);
  return out;
}

/**
 * The changes from `before` to `after` (two BlockNote documents): a block is put when it is new,
 * its object is not the one `before` held and its own fields differ, or its place changed.
 */
export function blockChanges(before: readonly PlainBlock[], after: readonly PlainBlock[]): BlockChanges {
  const was = places(before);
  const now = places(after);
  const put: PlacedBlock[] = [];
  for (const [id, { block, parent, after: prev }] of now) {
    const old = was.get(id);
    if (old && old.block === block && old.parent === parent && old.after === prev) continue;
    const { children: _children, ...own } = block;
    if (old && old.parent === parent && old.after === prev) {
      const { children: _oldChildren, ...oldOwn } = old.block;
      if (JSON.stringify(own) === JSON.stringify(oldOwn)) continue;
    }
    put.push({ ...own, parent, after: prev });
  }
  const deleted = [...was.keys()].filter((id) => !now.has(id));
  return { put, deleted };
}

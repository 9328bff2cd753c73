/**
 * A note's HTML (`note_{id}`) as parts, one per top-level block (docs/architecture.md "Saves as
 * changes"): the fold joins the parts a save carries with the parts it keeps, so it gives exactly
 * what BlockNote's `blocksToFullHTML` gives for the whole document without BlockNote. That output is
 * the blockGroup wrapper around each top-level block's own HTML, and every transform BlockNote applies
 * after serializing is local to a block except one: a top-level numbered-list item's `data-index`
 * continues the previous top-level block's first numbered item, which `joinParts` patches.
 * The editor's per-block cache (src/ui/editor/blockHtmlCache.ts) joins with the same functions.
 */

/** BlockNote's wrapper around a document's blocks (`blocksToFullHTML([])` is the two together). */
const BLOCK_GROUP_OPEN = '<div class="bn-block-group" data-node-type="blockGroup">';
const BLOCK_GROUP_CLOSE = '</div>';

const NUMBERED = ' data-content-type="numberedListItem"';
const INDEX_ATTR = ' data-index="';

/** Where the first numbered-list item of `html` keeps its index: the value and its position. */
function firstNumberedIndex(html: string): { value: number; at: number; end: number } | null {
  const item = html.indexOf(NUMBERED);
  if (item < 0) return null;
  // data-index is the last attribute of that start tag (BlockNote sets it after rendering), and
  // attribute values cannot hold a `"`, so the next ` data-index="` belongs to the same tag.
  const at = html.indexOf(INDEX_ATTR, item) + INDEX_ATTR.length;
  const end = html.indexOf('"', at);
  return { value: Number(html.slice(at, end)), at, end };
}

/**
 * Each top-level block's HTML as it reads in the whole document (`parts` are each block's HTML
 * alone): a numbered item continues the previous top-level block's first numbered item.
 */
export function partsInPlace(types: readonly string[], parts: readonly string[]): string[] {
  const out = new Array<string>(parts.length);
  let previousFirst: number | null = null;
  for (let i = 0; i < parts.length; i++) {
    const html = parts[i];
    const first = firstNumberedIndex(html);
    if (types[i] === 'numberedListItem' && first && previousFirst !== null && first.value !== previousFirst + 1) {
      // In context the item continues the previous block's first numbered item (alone it starts at its `start` or 1).
      out[i] = html.slice(0, first.at) + String(previousFirst + 1) + html.slice(first.end);
      previousFirst += 1;
    } else {
      out[i] = html;
      previousFirst = first ? first.value : null;
    }
  }
  return out;
}

interface TypedBlock {
  type?: unknown;
  content?: unknown;
  children?: unknown;
}

/** Whether a document holds only empty paragraphs: the editor saves it as "" (a new note stays empty in storage). */
export function isEmptyDocument(blocks: readonly unknown[]): boolean {
  return blocks.every((raw) => {
    const b = raw as TypedBlock;
    return (
      b.type === 'paragraph' &&
      (b.content === undefined || (Array.isArray(b.content) && b.content.length === 0)) &&
      (!Array.isArray(b.children) || b.children.length === 0)
    );
  });
}

/** The note's HTML from its top-level blocks and their parts (each block's HTML alone): `blocksToFullHTML` of the document, or "" for an empty one. */
export function joinParts(blocks: readonly unknown[], parts: readonly string[]): string {
  if (isEmptyDocument(blocks)) return '';
  const types = blocks.map((b) => String((b as TypedBlock).type));
  return BLOCK_GROUP_OPEN + partsInPlace(types, parts).join('') + BLOCK_GROUP_CLOSE;
}

const outerTag = (id: string) => `<div class="bn-block-outer" data-node-type="blockOuter" data-id="${id}">`;
const SAFE_ID = /^[A-Za-z0-9_.:-]+$/;

/**
 * The parts (each top-level block's HTML alone) of `html`, a whole body BlockNote derived from
 * `blocks` (a body save, an import), or null when it was not (HTML from elsewhere, a legacy note,
 * ids that are not plain): splitting is checked by joining the parts again, which must give `html`
 * byte for byte.
 */
export function splitDocument(html: string, blocks: readonly unknown[]): string[] | null {
  if (blocks.length === 0) return html === '' ? [] : null;
  if (!html.startsWith(BLOCK_GROUP_OPEN) || !html.endsWith(BLOCK_GROUP_CLOSE) || isEmptyDocument(blocks)) return null;
  const end = html.length - BLOCK_GROUP_CLOSE.length;
  // One pass: each block's outer tag is looked for once, from where the previous block's began.
  const starts: number[] = [];
  let from = BLOCK_GROUP_OPEN.length;
  for (const raw of blocks) {
    const id = (raw as { id?: unknown }).id;
    if (typeof id !== 'string' || !SAFE_ID.test(id)) return null;
    const tag = outerTag(id);
    const at = starts.length === 0 ? (html.startsWith(tag, from) ? from : -1) : html.indexOf(tag, from + 1);
    if (at < 0 || at > end) return null;
    starts.push(at);
    from = at;
  }
  const inPlace = starts.map((start, i) => html.slice(start, i + 1 < starts.length ? starts[i + 1] : end));
  // Alone, a top-level numbered item starts at its own `start` or 1: undo the numbering of the whole document.
  const parts = inPlace.map((part, i) => {
    const block = blocks[i] as { type?: unknown; props?: { start?: unknown } };
    const first = block.type === 'numberedListItem' ? firstNumberedIndex(part) : null;
    if (!first) return part;
    const start = typeof block.props?.start === 'number' ? block.props.start : 1;
    return part.slice(0, first.at) + String(start) + part.slice(first.end);
  });
  // Joining the parts again must give `html`. The wrapper matched above and the slices cover the rest, so parts
  // equal one by one are enough (no joined copy of a long note); only where one differs is the whole compared.
  const types = blocks.map((b) => String((b as TypedBlock).type));
  const again = partsInPlace(types, parts);
  if (again.every((part, i) => part === inPlace[i])) return parts;
  return joinParts(blocks, parts) === html ? parts : null;
}

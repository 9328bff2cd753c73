/** The list block types of the toolbar (docs/product.md "Toolbar"). */
export type ListType = 'bulletListItem' | 'numberedListItem' | 'checkListItem';

type Inline = { type: string; text?: string; styles?: Record<string, unknown>; href?: string; content?: Inline[] };
/** The fields of a block the conversion reads and writes. */
export interface ListSourceBlock {
  type: string;
  props?: Record<string, unknown>;
  content?: unknown;
  children?: ListSourceBlock[];
}
/** A block to insert (BlockNote's PartialBlock shape). */
export interface ListOutputBlock {
  type: string;
  props?: Record<string, unknown>;
  content?: Inline[];
  children?: ListSourceBlock[];
}

/**
 * Split inline content at soft line breaks ("\n" in text), keeping styles and links.
 * @internal Test seam: used here; the tests call it directly.
 */
export function splitInlineLines(content: Inline[]): Inline[][] {
  const lines: Inline[][] = [[]];
  for (const item of content) {
    if (item.type === 'text' && item.text?.includes('\n')) {
      item.text.split('\n').forEach((part, i) => {
        if (i > 0) lines.push([]);
        if (part) lines.at(-1)!.push({ ...item, text: part });
      });
    } else if (item.type === 'link' && item.content?.some((c) => c.text?.includes('\n'))) {
      splitInlineLines(item.content).forEach((part, i) => {
        if (i > 0) lines.push([]);
        if (part.length) lines.at(-1)!.push({ ...item, content: part });
      });
    } else {
      lines.at(-1)!.push(item);
    }
  }
  return lines;
}

const lineText = (line: Inline[]): string => line.map((i) => (i.type === 'link' ? lineText(i.content ?? []) : (i.text ?? ''))).join('');
const hasInlineContent = (b: ListSourceBlock) => Array.isArray(b.content);

/**
 * The blocks that replace `blocks` when the list command `type` is applied (docs/product.md "Validation rules"): every line of every
 * text block becomes one item; empty lines are dropped (if nothing is left, one empty item, so a
 * list can be started on an empty line). If every text block already is of `type`, the command
 * turns them back into paragraphs instead (a toggle). Tables and images stay as they are; a
 * block's children go under its last line's item.
 */
export function applyList(blocks: readonly ListSourceBlock[], type: ListType): ListOutputBlock[] {
  const textBlocks = blocks.filter(hasInlineContent);
  const toggleOff = textBlocks.length > 0 && textBlocks.every((b) => b.type === type);
  const target = toggleOff ? 'paragraph' : type;
  const out: ListOutputBlock[] = [];
  for (const block of blocks) {
    if (!hasInlineContent(block)) {
      out.push(block as ListOutputBlock);
      continue;
    }
    const lines = splitInlineLines(block.content as Inline[]).filter((line) => lineText(line).trim() !== '');
    if (lines.length === 0 && block.children?.length) lines.push([]);
    lines.forEach((line, i) => {
      out.push({
        type: target,
        props: target === 'checkListItem' ? { checked: block.type === 'checkListItem' ? Boolean(block.props?.checked) : false } : {},
        content: line,
        children: i === lines.length - 1 ? (block.children ?? []) : [],
      });
    });
  }
  if (!out.some((b) => b.type === target))
    out.unshift({ type: target, props: target === 'checkListItem' ? { checked: false } : {}, content: [], children: [] });
  return out;
}

import { runsText, type TextNode } from './blocks';

/*
 * Step 2 for the plain-text export (docs/product.md "Exports"; also what Copy, e-mail and calendar
 * send): the text tree laid out as lines. Lossy: every style including the follow-up highlight, link
 * addresses and images without a caption are dropped, and whitespace inside a table cell collapses to
 * one space so a cell stays on its row.
 */

/** Bullet marker of plain text (docs/product.md "Constants"). */
const BULLET_MARKER = '•';

/** Blocks shown as their caption alone: a file cannot be text, what the user wrote under it can. */
const MEDIA_TYPES = new Set(['image', 'video', 'audio', 'file']);

/** The marker before a list item's text: "• ", "1. " (its place in the run of numbered items), "[x] " / "[ ] ". */
function listMarker(node: TextNode, number: number): string {
  if (node.type === 'bulletListItem') return `${BULLET_MARKER} `;
  if (node.type === 'numberedListItem') return `${number}. `;
  if (node.type === 'checkListItem') return node.checked ? '[x] ' : '[ ] ';
  return '';
}

/** The lines of one block, before indentation: table rows with tab-separated cells, a caption, or marker and text. */
function blockLines(node: TextNode, number: number): string[] {
  if (node.type === 'table') return node.rows.map((row) => row.map((cell) => runsText(cell).replace(/\s+/g, ' ')).join('\t'));
  if (MEDIA_TYPES.has(node.type)) return node.caption ? [node.caption] : [];
  return [`${listMarker(node, number)}${runsText(node.runs)}`];
}

/**
 * The note as plain text: one line per block (soft line breaks kept), "• " before bullet items,
 * "1. " before numbered items, "[x] " / "[ ] " before checklist items, table cells separated by
 * tabs, an image as its caption (if any), nested blocks indented by two spaces per level; trailing
 * white space of each level dropped. Pure.
 */
export function plainText(nodes: readonly TextNode[], depth = 0): string {
  const lines: string[] = [];
  const indent = '  '.repeat(depth);
  let number = 0;
  for (const node of nodes) {
    number = node.type === 'numberedListItem' ? number + 1 : 0;
    for (const line of blockLines(node, number)) lines.push(...line.split('\n').map((part) => indent + part));
    if (node.children.length) lines.push(plainText(node.children, depth + 1));
  }
  return lines.join('\n').replace(/\s+$/, '');
}

import type { NoteBody } from './notesState';

/**
 * Gives the visible text of stored HTML for bodies that have no BlockNote document (legacy
 * notes, imports). The browser passes a DOMParser walk; Node tests pass their own.
 * Block elements must come out separated by whitespace.
 */
export type HtmlText = (html: string) => string;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** BlockNote inline content: styled text, links (whose content is styled text), custom inline content. */
function inlineText(items: unknown[], out: string[]): void {
  for (const item of items) {
    if (typeof item === 'string') out.push(item);
    else if (!isRecord(item)) continue;
    else if (item.type === 'text' && typeof item.text === 'string') out.push(item.text);
    else if (Array.isArray(item.content)) inlineText(item.content, out);
  }
}

/** Text of a block's content: inline content, or a table whose cells (arrays or `tableCell` objects) hold inline content. */
function contentText(content: unknown, out: string[]): void {
  if (typeof content === 'string') out.push(content);
  else if (Array.isArray(content)) inlineText(content, out);
  else if (isRecord(content) && Array.isArray(content.rows)) {
    for (const row of content.rows) {
      if (!isRecord(row) || !Array.isArray(row.cells)) continue;
      for (const cell of row.cells) {
        const inline = Array.isArray(cell) ? cell : isRecord(cell) ? cell.content : undefined;
        if (Array.isArray(inline)) inlineText(inline, out);
        out.push('\n');
      }
    }
  }
}

function blocksText(blocks: unknown[], out: string[]): void {
  for (const block of blocks) {
    if (!isRecord(block)) continue;
    contentText(block.content, out);
    // An image's caption is text the user wrote (BlockNote's HTML shows it too).
    if (isRecord(block.props) && typeof block.props.caption === 'string') out.push('\n', block.props.caption);
    out.push('\n');
    if (Array.isArray(block.children)) blocksText(block.children, out);
  }
}

/**
 * The search text of one top-level block (its content, caption and nested blocks), lower-cased and
 * ending with a newline, so no word runs on into the next block. Pure.
 */
export function blockSearchText(block: unknown): string {
  const out: string[] = [];
  blocksText([block], out);
  return out.join('').toLowerCase();
}

/**
 * The text search looks in (SPEC.md §5 "matches ... the stored body"; README: the note's text, not
 * its markup), lower-cased: from the BlockNote document when the body has one (a walk of plain
 * JSON, fast; the concatenation of `blockSearchText` of its blocks), else from the stored HTML
 * through `htmlText`. Blocks and table cells are separated by a newline, so a query never matches
 * across two paragraphs. Pure.
 */
export function bodySearchText(body: NoteBody | undefined, htmlText: HtmlText): string {
  if (!body) return '';
  if (Array.isArray(body.blocks) && body.blocks.length > 0) return body.blocks.map(blockSearchText).join('');
  return body.html ? htmlText(body.html).toLowerCase() : '';
}

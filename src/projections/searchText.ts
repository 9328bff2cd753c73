import { isUnreadBody, readBodyBlocks, type NoteBody } from './notesState';
import { streamText } from './noteText/textStream';

/**
 * Gives the visible text of stored HTML for bodies that have no BlockNote document (legacy
 * notes, imports). The browser passes a DOMParser walk; Node tests pass their own.
 * Block elements must come out separated by whitespace.
 */
export type HtmlText = (html: string) => string;

/**
 * The search text of one top-level block (its content, caption and nested blocks), lower-cased and
 * ending with a newline, so no word runs on into the next block. Pure.
 */
export function blockSearchText(block: unknown): string {
  return streamText([block]).toLowerCase();
}

/**
 * The text search looks in (docs/product.md "Validation rules"; README: the note's text, not
 * its markup), lower-cased: from the BlockNote document when the body has one (a walk of plain
 * JSON, fast; the concatenation of `blockSearchText` of its blocks), else (or while its document is
 * not read) from the stored HTML
 * through `htmlText`. Blocks and table cells are separated by a newline, so a query never matches
 * across two paragraphs. Pure.
 */
export function bodySearchText(body: NoteBody | undefined, htmlText: HtmlText): string {
  if (!body) return '';
  // A document not read yet (docs/architecture.md "Snapshots"): its HTML says the same text.
  const blocks = isUnreadBody(body) ? undefined : readBodyBlocks(body);
  if (blocks && blocks.length > 0) return blocks.map(blockSearchText).join('');
  return body.html ? htmlText(body.html).toLowerCase() : '';
}

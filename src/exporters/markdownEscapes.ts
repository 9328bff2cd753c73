/*
 * Step 1 of the Markdown of a note (docs/architecture.md "Export all notes"): BlockNote's Markdown
 * exporter writes text as it is, so a note that says "5 * 3", "[draft]" or "- not a list" would read
 * back as emphasis, a link or a list. This step escapes Markdown's punctuation in the text of the
 * document before BlockNote writes it. Lossless: CommonMark readers and BlockNote's own Markdown parser
 * read each escape back as the character. Not escaped, because BlockNote's parser would keep the
 * backslash: "&", "<", "=" and "$" (text that looks like an HTML tag or entity stays one).
 */

/** A block as the exporter reads it: BlockNote's JSON shape (docs/architecture.md "Note text pipeline"). */
export interface ExportBlock {
  type: string;
  props?: Record<string, unknown>;
  content?: unknown;
  children?: ExportBlock[];
}

/** Punctuation that starts emphasis, code, links or strikethrough anywhere in a line, and the backslash itself. */
const INLINE_PUNCTUATION = /[\\`*[\]~]/g;
/** "_" starts or ends emphasis only at a word's edge ("snake_case" is safe as it is). */
const EDGE_UNDERSCORE = /(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;
/** At the start of a line: a heading, a quote, a bullet, or an ordered list item ("1." or "1)"). */
const BLOCK_MARKER = /^( {0,3})(#{1,6}(?=\s|$)|>|[-+]|\d{1,9}[.)](?=\s|$))/gm;

/**
 * `text` with Markdown's punctuation escaped; `atLineStart` when it begins a line of the block.
 * @internal Test seam: used here; the tests call it directly.
 */
export function escapeMarkdownText(text: string, atLineStart: boolean): string {
  const inline = text.replace(INLINE_PUNCTUATION, '\\$&').replace(EDGE_UNDERSCORE, '\\_');
  return inline.replace(BLOCK_MARKER, (match: string, indent: string, marker: string, offset: number) => {
    if (offset === 0 && !atLineStart) return match;
    // An ordered item keeps its number: the "." or ")" after it is what gets the backslash.
    return /^\d/.test(marker) ? `${indent}${marker.slice(0, -1)}\\${marker.slice(-1)}` : `${indent}\\${marker}`;
  });
}

interface TextRun {
  type: 'text';
  text: string;
  styles?: Record<string, unknown>;
}

/** Escapes the runs of one piece of inline content (an array of text and link items, or a string). */
function escapeInline(content: unknown, lineStart: { at: boolean }): unknown {
  if (typeof content === 'string') return escapeInline([{ type: 'text', text: content, styles: {} }], lineStart);
  if (!Array.isArray(content)) return content;
  return content.map((item: unknown) => {
    if (!item || typeof item !== 'object') return item;
    const run = item as { type?: string; text?: unknown; content?: unknown; styles?: Record<string, unknown> };
    if (run.type === 'link') return { ...run, content: escapeInline(run.content, lineStart) };
    if (run.type !== 'text' || typeof run.text !== 'string') return item;
    // Inline code is written between backticks as it is: an escape there would show.
    const escaped = run.styles?.code ? run.text : escapeMarkdownText(run.text, lineStart.at);
    lineStart.at = run.text.endsWith('\n');
    return { ...(run as TextRun), text: escaped };
  });
}

/** Escapes every table cell's text (BlockNote escapes "|" in cells itself). */
function escapeTable(content: { rows?: { cells?: unknown[] }[] }): unknown {
  return {
    ...content,
    rows: (content.rows ?? []).map((row) => ({
      ...row,
      cells: (row.cells ?? []).map((cell) => {
        if (Array.isArray(cell) || typeof cell === 'string') return escapeInline(cell, { at: false });
        if (cell && typeof cell === 'object' && 'content' in cell) return { ...cell, content: escapeInline(cell.content, { at: false }) };
        return cell;
      }),
    })),
  };
}

/**
 * `blocks` with the text of every block escaped for Markdown (see above); code blocks and inline code
 * are left alone; an image's name is escaped where it is the alt text of `![name](...)` (no caption).
 * Returns new objects: the blocks given (the log's) are never changed.
 */
export function escapeBlocksForMarkdown(blocks: readonly ExportBlock[]): ExportBlock[] {
  return blocks.map((block) => {
    const copy: ExportBlock = { ...block };
    if (block.type === 'codeBlock') {
      // Written inside a fence as it is.
    } else if (block.content && typeof block.content === 'object' && (block.content as { type?: string }).type === 'tableContent') {
      copy.content = escapeTable(block.content);
    } else if (block.content !== undefined) {
      copy.content = escapeInline(block.content, { at: true });
    }
    if (block.type === 'image' && typeof block.props?.name === 'string' && !block.props.caption)
      copy.props = { ...block.props, name: block.props.name.replace(/[\\[\]]/g, '\\$&') };
    if (block.children?.length) copy.children = escapeBlocksForMarkdown(block.children);
    return copy;
  });
}

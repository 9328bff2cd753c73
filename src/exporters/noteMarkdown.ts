import { bodyBlocks, bodyHtml, type NoteBody } from '../projections/notesState';
import { dashListMarkers, linkAssets } from './markdownFixups';
import { escapeBlocksForMarkdown, type ExportBlock } from './markdownEscapes';
import type { AssetCollector, ExportAsset } from './noteAssets';
import { linkNoteFiles, type NoteFiles } from './markdownNoteLinks';

/*
 * The Markdown of one note (docs/architecture.md "Export all notes"): a pipeline of small steps, each
 * in its own file with what it drops and why. BlockNote writes the Markdown (its own exporter, as the
 * editor's Export > Markdown does); the steps around it make that text portable.
 *
 *   saved document ─┐
 *   stored HTML ─parse─┴─▶ 0 links to notes ─▶ 1 escape text ─▶ 2 images to assets ─▶ 3 BlockNote, in chunks ─▶ 4 "- " markers ─▶ 5 asset links
 */

/** BlockNote's conversions with NotePad's schema, given by the caller (an editor is needed; src/ui makes it). */
export interface MarkdownConverter {
  /** The saved document as the editor would show it (its URLs checked). */
  savedBlocks(blocks: unknown[]): ExportBlock[];
  /** The document of an HTML-only body (legacy notes, older imports), sanitized first. */
  htmlToBlocks(html: string): ExportBlock[];
  /** BlockNote's own lossy Markdown of `blocks` (`blocksToMarkdownLossy`). */
  blocksToMarkdown(blocks: ExportBlock[]): string;
}

/** Top-level blocks given to BlockNote at once: a long note is written in chunks, so no task runs long. */
const MARKDOWN_CHUNK_BLOCKS = 100;

const LIST_TYPES = new Set(['bulletListItem', 'numberedListItem', 'checkListItem', 'toggleListItem']);

/**
 * Step 3's chunks: runs of about MARKDOWN_CHUNK_BLOCKS top-level blocks, never cut between two list
 * items (the list would restart: a numbered list's numbers would too). Each chunk ends with a
 * complete block, and BlockNote separates blocks by a blank line, so the chunks' Markdown joined with
 * one blank line reads as the whole note's would; only runs of empty paragraphs shrink to one blank line.
 * @internal Test seam: used here; the tests call it directly.
 */
export function exportChunks(blocks: readonly ExportBlock[], size = MARKDOWN_CHUNK_BLOCKS): ExportBlock[][] {
  const chunks: ExportBlock[][] = [];
  let start = 0;
  for (let i = size; i < blocks.length; i++) {
    const listContinues = LIST_TYPES.has(blocks[i - 1].type) && LIST_TYPES.has(blocks[i].type);
    if (i - start >= size && !listContinues) {
      chunks.push(blocks.slice(start, i));
      start = i;
    }
  }
  chunks.push(blocks.slice(start));
  return chunks;
}

/** What one note's Markdown needs: its body, its file stem (names its images), where images go, and a pause between chunks. */
export interface NoteMarkdownInput {
  body: NoteBody | undefined;
  stem: string;
  /** How many folders (notebooks) below the zip's root the note's file lies; 0 when omitted. */
  depth?: number;
  converter: MarkdownConverter;
  assets: AssetCollector;
  /** Awaited between chunks: lets the page run (src/lib/scheduler.ts) when the current slice is used up. */
  pause: () => Promise<void> | void;
  /** Where the exported notes' files are, for links to notes (step 0); without it they stay as written. */
  files?: NoteFiles;
}

/**
 * The note's document: the saved one, else its HTML parsed, else nothing. The saved one is copied
 * first: BlockNote fills in default props on the blocks it is given, and these are the log's.
 */
function documentOf(body: NoteBody | undefined, converter: MarkdownConverter): ExportBlock[] {
  const saved = bodyBlocks(body);
  if (saved?.length) return converter.savedBlocks(structuredClone(saved));
  const html = bodyHtml(body);
  return html ? converter.htmlToBlocks(html) : [];
}

/**
 * The note's body as Markdown (ending with one newline; "" for an empty note) and the images it
 * adds to the export. Throws what BlockNote throws on a document it cannot read.
 */
export async function noteMarkdown(input: NoteMarkdownInput): Promise<{ markdown: string; newAssets: ExportAsset[] }> {
  const { converter, assets } = input;
  const document = documentOf(input.body, converter);
  const escaped = escapeBlocksForMarkdown(input.files ? linkNoteFiles(document, input.files) : document);
  const { blocks, links, newAssets } = await assets.extract(escaped, input.stem, input.depth);
  const parts: string[] = [];
  for (const chunk of exportChunks(blocks)) {
    if (parts.length) await input.pause();
    const part = converter.blocksToMarkdown(chunk).trim();
    if (part) parts.push(part);
  }
  if (!parts.length) return { markdown: '', newAssets };
  return { markdown: linkAssets(dashListMarkers(`${parts.join('\n\n')}\n`), assets.placeholderPrefix, links), newAssets };
}

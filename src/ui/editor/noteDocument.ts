import type { NoteBody } from '../../projections/notesState';
import { sanitizeNoteHtml } from '../../services/sanitize';
import { sanitizeBlocks } from '../../services/sanitizeBlocks';
import type { NoteBlock, NoteEditor } from './schema';

/** The captured content of the editor: what note.body-saved carries. */
export interface CapturedBody {
  html: string;
  blocks: NoteBlock[];
}

/**
 * The blocks to show for a stored body: the saved editor document when there is one (lossless,
 * its link and media URLs checked: it may come from an imported log), else the stored HTML
 * sanitized and parsed by BlockNote (legacy notes), else one empty paragraph.
 */
export function blocksForBody(editor: NoteEditor, body: NoteBody | undefined): NoteBlock[] {
  if (body?.blocks?.length) return sanitizeBlocks(body.blocks as NoteBlock[]);
  if (body?.html) {
    const parsed = editor.tryParseHTMLToBlocks(sanitizeNoteHtml(body.html));
    if (parsed.length) return parsed;
  }
  return [{ type: 'paragraph' } as unknown as NoteBlock];
}

/**
 * Capture the editor document and its HTML (`note_{id}` format: BlockNote's full HTML).
 * An editor holding only empty paragraphs saves as "" so a new note stays empty in storage.
 */
export function captureBody(editor: NoteEditor): CapturedBody {
  const blocks = editor.document;
  const empty = blocks.every((b) => b.type === 'paragraph' && (b.content as unknown[]).length === 0 && b.children.length === 0);
  return { html: empty ? '' : editor.blocksToFullHTML(blocks), blocks: structuredClone(blocks) };
}

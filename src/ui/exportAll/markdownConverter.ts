import { BlockNoteEditor } from '@blocknote/core';
import { inNextTask } from '../../lib/scheduler';
import { liftInlineImages } from '../../exporters/htmlImages';
import type { ExportBlock } from '../../exporters/markdownEscapes';
import type { MarkdownConverter } from '../../exporters/noteMarkdown';
import { loadPurifier } from '../../services/purifier';
import { sanitizeNoteHtml } from '../../services/sanitize';
import { sanitizeBlocks } from '../../services/sanitizeBlocks';
import { noteSchema } from '../editor/schema';

/**
 * BlockNote's conversions for the export of all notes (docs/architecture.md "Export all notes"), with
 * NotePad's schema, on an editor of its own that is never shown. A body is read as the editor shows
 * it (src/ui/editor/noteDocument.ts): the saved document with its URLs checked, or the stored HTML
 * sanitized by DOMPurify and parsed. Resolves once DOMPurify has loaded; rejects when it cannot.
 */
export async function createMarkdownConverter(): Promise<MarkdownConverter> {
  await loadPurifier();
  // Not in the task that evaluated the export's chunk: each takes a while on first use.
  await new Promise<void>((resolve) => inNextTask(resolve));
  const editor = BlockNoteEditor.create({ schema: noteSchema, tables: { headers: true } });
  return {
    savedBlocks: (blocks) => sanitizeBlocks(blocks) as ExportBlock[],
    // The URL policy over parsed HTML too: an SVG image is written as a file, so it is sanitized first.
    htmlToBlocks: (html) => sanitizeBlocks(editor.tryParseHTMLToBlocks(liftInlineImages(sanitizeNoteHtml(html)))),
    blocksToMarkdown: (blocks) => editor.blocksToMarkdownLossy(blocks as Parameters<typeof editor.blocksToMarkdownLossy>[0]),
  };
}

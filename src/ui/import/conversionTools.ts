import { markdownToHTML } from '@blocknote/core';
import type { ConversionTools } from '../../services/noteImport/convertNote';
import { createNoteEditor } from '../editor/createNoteEditor';
import { cleanImportedHtml } from '../editor/paste';

/**
 * What the import converts notes with (docs/architecture.md "Import pipeline"): an editor made as the
 * page's own is, never shown, whose parser and serializer give exactly the blocks and `note_{id}` HTML
 * the page's editor would; BlockNote's Markdown converter; and the paste's sanitizer.
 * Call after `loadPurifier()` has resolved (the sanitizer needs DOMPurify).
 */
export function createConversionTools(): ConversionTools {
  const editor = createNoteEditor();
  return {
    markdownToHtml: (markdown) => markdownToHTML(markdown),
    clean: (html) => cleanImportedHtml(html),
    parseHtml: (html) => editor.tryParseHTMLToBlocks(html),
    toHtml: (blocks) => editor.blocksToFullHTML(blocks as Parameters<typeof editor.blocksToFullHTML>[0]),
  };
}

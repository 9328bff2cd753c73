import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { BlockNoteEditor, PartialBlock } from '@blocknote/core';
import { useCreateBlockNote } from '@blocknote/react';
import { BlockNoteView } from '@blocknote/mantine';
import '@blocknote/core/fonts/inter.css';
import '@blocknote/mantine/style.css';

/**
 * The bench baseline: BlockNote with its default schema in a plain React page, nothing
 * else. It exposes the editor on `window.__bench` so the harness can load big documents into it
 * (`replaceBlocks`) and derive real BlockNote HTML for seeding NotePad's log.
 */
declare global {
  interface Window {
    __bench?: {
      editor: BlockNoteEditor;
      /** Replace the document with `blocks`. */
      load(blocks: PartialBlock[]): void;
      /** The editor document and its full HTML for `blocks` (what a NotePad body save carries). */
      derive(blocks: PartialBlock[]): { blocks: unknown[]; html: string };
    };
  }
}

function Baseline() {
  const editor = useCreateBlockNote({
    initialContent: [
      { type: 'paragraph', content: 'Hello' },
      { type: 'paragraph', content: 'world' },
    ],
  });
  window.__bench = {
    editor,
    load: (blocks) => editor.replaceBlocks(editor.document, blocks),
    derive: (blocks) => {
      editor.replaceBlocks(editor.document, blocks);
      const doc = structuredClone(editor.document);
      return { blocks: doc, html: editor.blocksToFullHTML(editor.document) };
    },
  };
  return <BlockNoteView editor={editor} theme="light" />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Baseline />
  </StrictMode>,
);

import { BlockNoteEditor } from '@blocknote/core';
import { embedUploadedFile } from './imageInsert';
import { handlePaste } from './paste';
import { noteSchema, type NoteEditor } from './schema';
import { longNote } from './longNote';
import { selectAll } from './selectAll';
import { reactSelectionGuard } from './reactSelectionGuard';
import { openLinkAtCaret } from './noteLink/openLinkAtCaret';
import { strayCaret } from './strayCaret';

/** NotePad's BlockNote editor: its schema, extensions, uploads and paste handling (docs/architecture.md "Editor"). */
export function createNoteEditor(): NoteEditor {
  const editor = BlockNoteEditor.create({
    schema: noteSchema,
    domAttributes: { editor: { 'aria-label': 'Note body' } },
    tables: { headers: true },
    // Long notes: off-screen blocks skip rendering; spell checking near the caret instead of the browser's whole-note check (a freeze on long notes).
    // Ctrl+A: a whole-note selection every command can read (the browser's select-all misses notes starting with a checklist).
    // React's commits do not walk the note's DOM to save the caret (reactSelectionGuard.ts).
    // Ctrl+Enter opens the link to a note at the caret (openLinkAtCaret.ts).
    // A key typed while the DOM caret is between blocks (after Ctrl+End) goes into text, not lost (strayCaret.ts).
    extensions: [longNote, selectAll, reactSelectionGuard, openLinkAtCaret, strayCaret],
    uploadFile: embedUploadedFile,
    pasteHandler: ({ event, editor: e, defaultPasteHandler }) =>
      handlePaste({ event, editor: e as NoteEditor, defaultPasteHandler: () => defaultPasteHandler() }),
  });
  // As BlockNote's own useCreateBlockNote does: the tiptap editor for debugging in the console.
  (window as unknown as { ProseMirror?: unknown }).ProseMirror = editor._tiptapEditor;
  return editor;
}

let prepared: NoteEditor | null = null;

/**
 * Make the page's editor now, while start-up still reads the log (docs/architecture.md "Start-up
 * order"): creating it takes tens of ms the main thread would otherwise spend after the notes
 * become editable. The editor pane takes it (`takePreparedNoteEditor`).
 */
export function prepareNoteEditor(): void {
  prepared ??= createNoteEditor();
}

/** The editor made by `prepareNoteEditor`, once (a second pane makes its own), or null. */
export function takePreparedNoteEditor(): NoteEditor | null {
  const editor = prepared;
  prepared = null;
  return editor;
}

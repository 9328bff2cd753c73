import { BlockNoteEditor, type ExtensionFactoryInstance } from '@blocknote/core';
import type { Node as PmNode } from 'prosemirror-model';
import { AllSelection } from 'prosemirror-state';
import { CellSelection } from 'prosemirror-tables';
import { noteSchema, type NoteEditor } from '../../src/ui/editor/schema';

/** Editors with NotePad's schema mounted in jsdom, and the blocks and selections the selection tests use. */

/** A text run with `styles`. */
export const text = (t: string, styles: Record<string, unknown> = {}) => ({ type: 'text', text: t, styles });

/** A table block of `rows` (cell texts; '' is an empty cell). */
export const table = (...rows: string[][]) => ({
  type: 'table',
  content: { type: 'tableContent', rows: rows.map((cells) => ({ cells: cells.map((c) => (c ? [text(c)] : [])) })) },
});

/** Paragraph, bullet, checklist item, table, and the empty line Enter leaves at the end; no styles. */
export const MIXED = [
  { type: 'paragraph', content: 'Intro' },
  { type: 'bulletListItem', content: 'bullet' },
  { type: 'checkListItem', props: { checked: true }, content: 'check' },
  table(['a', 'b'], ['c', 'd']),
  { type: 'paragraph', content: [] },
];
/** MIXED's text as selected from its first character to its last (the empty line ends it). */
export const MIXED_TEXT = 'Intro\nbullet\ncheck\na\nb\nc\nd\n';

/** A mounted editor with NotePad's schema and `extensions`, showing `blocks`. */
export function editorWith(blocks: unknown[], extensions: ExtensionFactoryInstance[] = []): NoteEditor {
  const editor = BlockNoteEditor.create({ schema: noteSchema, extensions });
  const host = document.createElement('div');
  document.body.append(host);
  editor.mount(host);
  editor.replaceBlocks(editor.document, blocks as never);
  return editor;
}

/** Select table cells from the one reading `from` to the one reading `to`, as a drag across cells does. */
export function selectCells(editor: NoteEditor, from: string, to: string) {
  const cellBefore = (doc: PmNode, t: string) => {
    let found = -1;
    doc.descendants((node, pos) => {
      if (found < 0 && node.type.spec.tableRole === 'cell' && node.textContent === t) found = pos;
    });
    return found;
  };
  editor.transact((tr) => tr.setSelection(CellSelection.create(tr.doc, cellBefore(tr.doc, from), cellBefore(tr.doc, to))));
}

/** Select the whole document as ProseMirror's own select-all does (an AllSelection). */
export const selectWholeDocument = (editor: NoteEditor) => editor.transact((tr) => tr.setSelection(new AllSelection(tr.doc)));

/** The non-blank texts shown outside every element matching `selector`. */
export function textOutside(editor: NoteEditor, selector: string): string[] {
  const walker = document.createTreeWalker(editor.domElement!, NodeFilter.SHOW_TEXT);
  const outside: string[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.textContent!.trim() && !n.parentElement!.closest(selector)) outside.push(n.textContent!);
  }
  return outside;
}

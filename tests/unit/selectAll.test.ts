// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { TextSelection } from 'prosemirror-state';
import { CellSelection } from 'prosemirror-tables';
import type { NoteEditor } from '../../src/ui/editor/schema';
import { selectAll, wholeNoteSelection } from '../../src/ui/editor/selectAll';
import { selectedText } from '../../src/ui/editor/commandSelection';
import { MIXED, MIXED_TEXT, editorWith, table } from './noteEditorFixture';

/** Press Ctrl+A in the editor, as the keyboard would. */
function pressCtrlA(editor: NoteEditor) {
  editor.domElement!.dispatchEvent(
    new KeyboardEvent('keydown', { key: 'a', code: 'KeyA', ctrlKey: true, bubbles: true, cancelable: true }),
  );
}

describe('Ctrl+A in the note', () => {
  it('selects from the first character to the last, also in a note that starts with a checklist item', () => {
    const editor = editorWith(
      [
        { type: 'checkListItem', content: 'milk' },
        { type: 'checkListItem', content: 'eggs' },
      ],
      [selectAll],
    );
    pressCtrlA(editor);
    expect(editor.prosemirrorState.selection).toBeInstanceOf(TextSelection);
    expect(selectedText(editor)).toBe('milk\neggs');
  });

  it('selects every block of a mixed note, the empty last line included', () => {
    const editor = editorWith(MIXED, [selectAll]);
    pressCtrlA(editor);
    expect(selectedText(editor)).toBe(MIXED_TEXT);
    expect(editor.getSelection()?.blocks.map((b) => b.type)).toEqual([
      'paragraph',
      'bulletListItem',
      'checkListItem',
      'table',
      'paragraph',
    ]);
  });

  it('selects every cell of a note that is one table, even when the last cell is empty', () => {
    const editor = editorWith([table(['a', 'b'], ['c', ''])], [selectAll]);
    pressCtrlA(editor);
    const selection = editor.prosemirrorState.selection;
    expect(selection).toBeInstanceOf(CellSelection);
    expect(selection.ranges).toHaveLength(4);
    expect(selectedText(editor)).toBe('a\nb\nc');
  });

  it('finds nothing to select in a note without a place for text, leaving Ctrl+A to the browser', () => {
    const editor = editorWith([{ type: 'image', props: { url: 'data:image/png;base64,AAAA' } }]);
    expect(wholeNoteSelection(editor.prosemirrorState.doc)).toBeNull();
  });
});

// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { NoteEditor } from '../../src/ui/editor/schema';
import { linkSelection, selectedText, selectionStyles, toggleStyle } from '../../src/ui/editor/commandSelection';
import { command, type CommandContext } from '../../src/ui/editor/commands';
import { MIXED, MIXED_TEXT, editorWith, selectCells, selectWholeDocument, table, text, textOutside } from './noteEditorFixture';

/** Select MIXED from its first character to its last (the empty last line), as a mouse drag over it does. */
function selectFirstToLast(editor: NoteEditor) {
  editor.setSelection(editor.document[0], editor.document.at(-1)!);
}

const json = (editor: NoteEditor) => JSON.stringify(editor.document);

describe('what commands read of the selection', () => {
  it('reads the text of every selected cell in document order, of a whole-document selection, and nothing at a caret', () => {
    const editor = editorWith(MIXED);
    selectCells(editor, 'd', 'a');
    expect(selectedText(editor)).toBe('a\nb\nc\nd');
    selectWholeDocument(editor);
    expect(selectedText(editor)).toBe(MIXED_TEXT);
    selectFirstToLast(editor);
    expect(selectedText(editor)).toBe(MIXED_TEXT);
    editor.setTextCursorPosition(editor.document[1], 'end');
    expect(selectedText(editor)).toBe('');
  });

  it('shows a style as on only when all the selected text has it, even when the selection ends on an empty line', () => {
    const editor = editorWith([{ type: 'paragraph', content: [text('Intro '), text('bold', { bold: true })] }, ...MIXED.slice(1)]);
    selectFirstToLast(editor);
    expect(selectionStyles(editor).bold).toBeUndefined();
    editor.addStyles({ bold: true });
    expect(selectionStyles(editor).bold).toBe(true);
    // At a caret: the styles typing would get.
    editor.setTextCursorPosition(editor.document[1], 'end');
    expect(selectionStyles(editor).bold).toBe(true);
  });

  it('shows a size or colour only when all the selected text has that one value', () => {
    const editor = editorWith(MIXED);
    selectFirstToLast(editor);
    editor.addStyles({ fontSize: '1.25rem', color: '#9b87f5' });
    expect(selectionStyles(editor)).toMatchObject({ fontSize: '1.25rem', color: '#9b87f5' });
    selectCells(editor, 'a', 'a');
    editor.addStyles({ fontSize: '1.5rem' });
    selectFirstToLast(editor);
    expect(selectionStyles(editor).fontSize).toBeUndefined();
    expect(selectionStyles(editor).color).toBe('#9b87f5');
  });

  it('toggled twice, a style leaves the note as it was, for a text, cell and whole-document selection', () => {
    for (const select of [selectFirstToLast, (e: NoteEditor) => selectCells(e, 'a', 'd'), selectWholeDocument]) {
      const editor = editorWith(MIXED);
      const before = json(editor);
      for (const style of ['bold', 'followUp'] as const) {
        select(editor);
        expect(toggleStyle(editor, style)).toBe(true);
        expect(selectionStyles(editor)[style]).toBe(true);
        select(editor);
        expect(toggleStyle(editor, style)).toBe(false);
      }
      expect(json(editor)).toBe(before);
    }
  });

  it('toggled over text that partly has the style, sets it on all of it, and pressed again leaves none', () => {
    const editor = editorWith([{ type: 'paragraph', content: [text('Intro '), text('bold', { bold: true })] }, ...MIXED.slice(1)]);
    selectWholeDocument(editor);
    expect(toggleStyle(editor, 'bold')).toBe(true);
    expect(textOutside(editor, 'strong')).toEqual([]);
    expect(toggleStyle(editor, 'bold')).toBe(false);
    expect(editor.domElement!.querySelectorAll('strong')).toHaveLength(0);
  });

  it('links the text of every selected cell and no other', () => {
    const editor = editorWith([table(['a', 'b'], ['c', 'd'])]);
    selectCells(editor, 'a', 'c');
    linkSelection(editor, 'https://example.org/');
    const links = editor.domElement!.querySelectorAll('a[href="https://example.org/"]');
    expect([...links].map((a) => a.textContent)).toEqual(['a', 'c']);
  });
});

describe('Follow-up on a whole-note selection', () => {
  const context = (editor: NoteEditor) =>
    ({ editor, noteId: 'n1', log: { append: vi.fn(async () => undefined) } }) as unknown as CommandContext;

  it('highlights every block, and pressed again removes every highlight', async () => {
    const editor = editorWith(MIXED);
    const before = json(editor);
    const ctx = context(editor);
    selectFirstToLast(editor);
    await command('follow-up').perform(ctx);
    expect(textOutside(editor, '.follow-up')).toEqual([]);
    selectFirstToLast(editor);
    await command('follow-up').perform(ctx);
    expect(editor.domElement!.querySelectorAll('.follow-up')).toHaveLength(0);
    expect(json(editor)).toBe(before);
    expect(vi.mocked(ctx.log.append).mock.calls.map(([, payload]) => (payload as { detail?: string }).detail)).toEqual(['on', 'off']);
  });
});

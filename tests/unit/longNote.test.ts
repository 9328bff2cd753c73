// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { BlockNoteEditor } from '@blocknote/core';
import { noteSchema, type NoteEditor } from '../../src/ui/editor/schema';
import { LONG_NOTE_BLOCKS, SPELLCHECK_AROUND_BLOCKS, longNote } from '../../src/ui/editor/longNote';

function mounted(blocks: number): { editor: NoteEditor; root: HTMLElement } {
  const editor = BlockNoteEditor.create({ schema: noteSchema, extensions: [longNote] });
  const host = document.createElement('div');
  document.body.append(host);
  editor.mount(host);
  editor.replaceBlocks(editor.document, Array.from({ length: blocks }, (_, i) => ({ type: 'paragraph', content: `word ${i}` })) as never);
  return { editor, root: editor.domElement as HTMLElement };
}

/** Indexes of the top-level blocks that say spellcheck="true". */
const checkedBlocks = (root: HTMLElement) =>
  [...root.querySelectorAll(':scope > .bn-block-group > .bn-block-outer')].flatMap((el, i) =>
    el.getAttribute('spellcheck') === 'true' ? [i] : [],
  );

describe('long notes: rendering containment and spell checking', () => {
  it('leaves a short note to the browser: no long-note or spellcheck attributes', () => {
    const { root } = mounted(LONG_NOTE_BLOCKS - 1);
    expect(root.hasAttribute('data-long-note')).toBe(false);
    expect(root.getAttribute('spellcheck')).not.toBe('false');
    expect(checkedBlocks(root)).toEqual([]);
  });

  it('marks a long note and turns the whole-note check off, keeping it on around the caret, following the caret', () => {
    const { editor, root } = mounted(LONG_NOTE_BLOCKS + 200);
    expect(root.getAttribute('data-long-note')).toBe('true');
    expect(root.getAttribute('spellcheck')).toBe('false');
    editor.setTextCursorPosition(editor.document[400], 'end');
    const around = Array.from({ length: 2 * SPELLCHECK_AROUND_BLOCKS + 1 }, (_, i) => 400 - SPELLCHECK_AROUND_BLOCKS + i);
    expect(checkedBlocks(root)).toEqual(around);
    editor.setTextCursorPosition(editor.document[3], 'start');
    expect(checkedBlocks(root)).toEqual(Array.from({ length: 4 + SPELLCHECK_AROUND_BLOCKS }, (_, i) => i));
    // A block inserted above the caret moves the caret's block to index 4: the window follows it.
    editor.insertBlocks([{ type: 'paragraph', content: 'typed' }], editor.document[2], 'after');
    expect(checkedBlocks(root)).toEqual(Array.from({ length: 5 + SPELLCHECK_AROUND_BLOCKS }, (_, i) => i));
  });

  it('unmarks a note and gives the browser its whole-note check back when it gets short again', () => {
    const { editor, root } = mounted(LONG_NOTE_BLOCKS);
    expect(root.getAttribute('spellcheck')).toBe('false');
    editor.removeBlocks(editor.document.slice(0, 10));
    expect(root.hasAttribute('data-long-note')).toBe(false);
    expect(root.getAttribute('spellcheck')).not.toBe('false');
    expect(checkedBlocks(root)).toEqual([]);
  });
});

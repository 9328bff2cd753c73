import type { NoteBlock, NoteEditor } from './schema';

/**
 * Insert `block` where the cursor is: it replaces the cursor's block when that is an empty
 * paragraph, else goes right after it. The cursor then moves into the new block when it holds
 * text (a table's first cell), else to the block after it, so the next insert lands below.
 * Returns the inserted block.
 */
export function insertBlockAtCursor(editor: NoteEditor, block: Parameters<NoteEditor['insertBlocks']>[0][number]): NoteBlock {
  const cursor = editor.getTextCursorPosition().block;
  const emptyParagraph =
    cursor.type === 'paragraph' && Array.isArray(cursor.content) && cursor.content.length === 0 && cursor.children.length === 0;
  const inserted = (
    emptyParagraph ? editor.replaceBlocks([cursor], [block]).insertedBlocks[0] : editor.insertBlocks([block], cursor, 'after')[0]
  ) as NoteBlock;
  try {
    const next = inserted.content !== undefined ? inserted : editor.getNextBlock(inserted);
    if (next) editor.setTextCursorPosition(next, 'start');
  } catch {
    // Some blocks take no text cursor; the cursor then stays where it was.
  }
  return inserted;
}

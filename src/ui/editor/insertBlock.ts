import type { NoteBlock, NoteEditor } from './schema';

/**
 * Insert `block` where the cursor is: it replaces the cursor's block when that is an empty
 * paragraph, else goes right after it. Returns the inserted block.
 */
export function insertBlockAtCursor(editor: NoteEditor, block: Parameters<NoteEditor['insertBlocks']>[0][number]): NoteBlock {
  const cursor = editor.getTextCursorPosition().block;
  const emptyParagraph = cursor.type === 'paragraph' && Array.isArray(cursor.content) && cursor.content.length === 0 && cursor.children.length === 0;
  if (emptyParagraph) return editor.replaceBlocks([cursor], [block]).insertedBlocks[0] as NoteBlock;
  return editor.insertBlocks([block], cursor, 'after')[0] as NoteBlock;
}

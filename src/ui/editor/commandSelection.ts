import type { Mark, Node as PmNode } from 'prosemirror-model';
import { NOTE_LINK_TYPE } from '../../projections/noteLinks/noteLinkShape';
import { noteLinkContextOf } from './noteLink/noteLinkContext';
import type { NoteEditor } from './schema';

/*
 * What the toolbar commands read of the selection, read over all of it. BlockNote's own readers
 * look at one spot: getActiveStyles() takes the marks at the selection's end only, so a whole-note
 * selection ending on an empty line or an empty table cell reads as "nothing styled" and a toggle
 * adds again what it should remove; getSelectedText() and createLink() take from..to of the first
 * range only, which in a table cell selection is one cell, and the text joins blocks without a
 * break. These read every range of any selection (text, cell, node or whole document) alike.
 */

/** The styles of the selection, as BlockNote names them (bold: true, fontSize: '1.25rem', ...). */
export type SelectionStyles = ReturnType<NoteEditor['getActiveStyles']>;

/** A style whose value is on or off (bold, italic, underline, followUp ...). */
export type BooleanStyle = {
  [K in keyof SelectionStyles]-?: NonNullable<SelectionStyles[K]> extends boolean ? K : never;
}[keyof SelectionStyles];

/**
 * The text of the selection: every selected range (each cell of a table cell selection) in
 * document order, with blocks as lines, a link to a note as the note's current title (the text it
 * was written with when the note is gone). Takes the editor; returns '' for a caret or a selection
 * without text.
 */
export function selectedText(editor: NoteEditor): string {
  const { selection, doc } = editor.prosemirrorState;
  const links = noteLinkContextOf(editor);
  // Other leaves (an image, a hard break) read as a space, as ProseMirror's own reading gives them.
  const leafText = (node: PmNode) => {
    if (node.type.name !== NOTE_LINK_TYPE) return ' ';
    const { noteId, label } = node.attrs as { noteId: string; label: string };
    return links.titleOf(noteId) ?? label;
  };
  // A cell selection lists the cell under the pointer first.
  return [...selection.ranges]
    .sort((a, b) => a.$from.pos - b.$from.pos)
    .map(({ $from, $to }) => doc.textBetween($from.pos, $to.pos, '\n', leafText))
    .filter(Boolean)
    .join('\n');
}

/** The marks every selected character has, or null when no text is selected. */
function commonMarks(editor: NoteEditor): readonly Mark[] | null {
  const { selection, doc } = editor.prosemirrorState;
  let common = null as readonly Mark[] | null;
  for (const { $from, $to } of selection.ranges) {
    doc.nodesBetween($from.pos, $to.pos, (node, _pos, parent) => {
      if (common?.length === 0) return false;
      // Code takes no styles: its text neither has nor lacks them.
      if (!node.isText || parent?.type.spec.code) return true;
      common = common === null ? node.marks : common.filter((mark) => mark.isInSet(node.marks));
      return false;
    });
  }
  return common;
}

/**
 * The styles the toolbar shows as on, and the toggles act on: at a caret, the styles typing would
 * get (BlockNote's getActiveStyles); over a selection, a style all selected text has (a size or
 * colour when all of it has the same one). Takes the editor; returns the styles.
 */
export function selectionStyles(editor: NoteEditor): SelectionStyles {
  if (editor.prosemirrorState.selection.empty) return editor.getActiveStyles();
  const styles: Record<string, unknown> = {};
  const schema: Record<string, { type: string; propSchema: unknown } | undefined> = editor.schema.styleSchema;
  for (const mark of commonMarks(editor) ?? []) {
    const spec = schema[mark.type.name];
    if (spec) styles[spec.type] = spec.propSchema === 'boolean' ? true : mark.attrs.stringValue;
  }
  return styles;
}

/**
 * Toggle `style` over the whole selection: on everywhere unless all of it already has the style,
 * then off everywhere, so pressing twice leaves the note as it was. Takes the editor and the
 * style; returns true when it turned the style on.
 */
export function toggleStyle(editor: NoteEditor, style: BooleanStyle): boolean {
  const on = selectionStyles(editor)[style] !== true;
  if (on) editor.addStyles({ [style]: true });
  else editor.removeStyles({ [style]: true });
  return on;
}

/** Link all selected text (every range) to `href`. Takes the editor and a checked address. */
export function linkSelection(editor: NoteEditor, href: string): void {
  editor.transact((tr) => {
    const link = editor.pmSchema.mark('link', { href });
    for (const { $from, $to } of tr.selection.ranges) tr.addMark($from.pos, $to.pos, link);
  });
}

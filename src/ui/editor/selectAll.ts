import { createExtension } from '@blocknote/core';
import type { Node as PmNode, ResolvedPos } from 'prosemirror-model';
import { Selection, TextSelection } from 'prosemirror-state';
import { CellSelection } from 'prosemirror-tables';

/** Depth of the table cell around `$pos`, or -1 when it is not in a table cell. */
function cellDepth($pos: ResolvedPos): number {
  for (let d = $pos.depth; d > 0; d--) {
    const role = ($pos.node(d).type.spec as { tableRole?: string }).tableRole;
    if (role === 'cell' || role === 'header_cell') return d;
  }
  return -1;
}

/**
 * The whole note as a selection commands can read: from the note's first text position to its
 * last, the range a mouse drag over every block gives; all cells of the table when the note is
 * one table (a text range whose end is an empty cell would be cut back to the first cell by the
 * table plugin). Takes the document; returns null when the note has no place for text (only
 * images).
 * @internal Test seam: used here; the tests call it directly.
 */
export function wholeNoteSelection(doc: PmNode): Selection | null {
  const start = Selection.findFrom(doc.resolve(0), 1, true);
  const end = Selection.findFrom(doc.resolve(doc.content.size), -1, true);
  if (!start || !end) return null;
  const [$start, $end] = [start.$from, end.$to];
  const [startCell, endCell] = [cellDepth($start), cellDepth($end)];
  // Cell, row, table: both ends in cells of the same table.
  if (startCell > 0 && endCell > 0 && $start.before(startCell - 2) === $end.before(endCell - 2)) {
    return CellSelection.create(doc, $start.before(startCell), $end.before(endCell));
  }
  return TextSelection.create(doc, $start.pos, $end.pos);
}

/**
 * BlockNote extension: Ctrl+A (Cmd+A) in the note selects it whole, as wholeNoteSelection.
 * BlockNote binds no select-all, which leaves it to the browser's, and that one selects nothing
 * in a note starting with a checklist item (the item begins with its checkbox, outside the
 * editable text). In a note with no place for text the browser's select-all still runs.
 */
export const selectAll = createExtension({
  key: 'notepadSelectAll',
  keyboardShortcuts: {
    'Mod-a': ({ editor }) =>
      editor.transact((tr) => {
        const selection = wholeNoteSelection(tr.doc);
        if (selection) tr.setSelection(selection);
        return selection !== null;
      }),
  },
});

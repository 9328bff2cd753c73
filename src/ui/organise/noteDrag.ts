import type { DragEvent } from 'react';

/** The drag data type of a note's sidebar row: its id (docs/product.md "Notebooks and tags"). */
const NOTE_DRAG_TYPE = 'application/x-notepad-note';

/** Start dragging note `id` from its row: its id for a notebook or tag to take, its title for other apps. */
export function startNoteDrag(event: DragEvent, id: string, title: string): void {
  event.dataTransfer.setData(NOTE_DRAG_TYPE, id);
  event.dataTransfer.setData('text/plain', title);
  event.dataTransfer.effectAllowed = 'copyMove';
}

/** Whether a drag carries a note row (its data can only be read on drop). */
export function holdsNoteDrag(event: DragEvent): boolean {
  return event.dataTransfer.types.includes(NOTE_DRAG_TYPE);
}

/** The id of the note dropped, or null when the drop is not a note row. */
export function draggedNoteId(event: DragEvent): string | null {
  return event.dataTransfer.getData(NOTE_DRAG_TYPE) || null;
}

import type { EventLog } from '../../events/eventLog';

/**
 * Put a note just made inside what the sidebar shows (docs/product.md "Notebooks and tags"): in the
 * filter's notebook, with its tags, starred when the filter shows starred notes, so the new note is
 * in the list it was made from instead of vanishing from it.
 */
export function fileInFilter(log: EventLog, id: string): void {
  const { notes, view } = log.state;
  const { notebook, tags, starred } = view.filter;
  if (notebook !== null && notes.notebooks[notebook]) void log.append('note.filed', { id, notebook });
  for (const key of tags) if (notes.tags[key] !== undefined) void log.append('note.tagged', { id, tag: notes.tags[key] });
  if (starred) void log.append('note.starred', { id });
}

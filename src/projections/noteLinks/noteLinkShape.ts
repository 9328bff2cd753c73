import { NOTE_ID_PATTERN } from '../../../catalog';

/*
 * What a link between notes is (docs/architecture.md "Links between notes"): inline content of type
 * `noteLink` with the props `noteId` (the note it points to) and `label` (the text it was written
 * with), stored in HTML as `<a href="/?note=ID" class="note-link" data-note-id="ID">label</a>`.
 * Shared by the editor's schema, the note-text pipeline, the link index and the exporters.
 */

/** The BlockNote inline content type of a link to a note. */
export const NOTE_LINK_TYPE = 'noteLink';

/** The class a link to a note carries in HTML (`<a class="note-link">`), which the HTML readers look for. */
export const NOTE_LINK_CLASS = 'note-link';

/** True for a string shaped like a note id (the creation time in ms, docs/product.md "Entities and storage keys"). */
export function isNoteId(value: unknown): value is string {
  return typeof value === 'string' && NOTE_ID_PATTERN.test(value);
}

/** The app-relative address that opens note `noteId` in NotePad (docs/product.md "Screens and routes"). */
export function noteLinkHref(noteId: string): string {
  return `/?note=${encodeURIComponent(noteId)}`;
}

/** A note link's props read from inline content of unknown shape, or null when it is not a link to a note. */
export function noteLinkProps(item: unknown): { noteId: string; label: string } | null {
  if (typeof item !== 'object' || item === null) return null;
  const { type, props } = item as { type?: unknown; props?: unknown };
  if (type !== NOTE_LINK_TYPE || typeof props !== 'object' || props === null) return null;
  const { noteId, label } = props as { noteId?: unknown; label?: unknown };
  return isNoteId(noteId) ? { noteId, label: typeof label === 'string' ? label : '' } : null;
}

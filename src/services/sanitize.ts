import { purifier } from './purifier';

/**
 * Sanitize note HTML that comes from outside the editor (legacy storage, imports, paste) with
 * DOMPurify: scripts, event handlers and script URLs go; text, formatting, tables, checkboxes,
 * data-URL images and the follow-up span's classes stay. Returns a string of HTML.
 * @throws PurifierNotLoadedError before `loadPurifier()` has resolved.
 */
export function sanitizeNoteHtml(html: string): string {
  return purifier().sanitize(html, {
    ADD_ATTR: ['checked', 'data-checked', 'data-content-type', 'data-text-color', 'data-font-size', 'data-follow-up'],
    ALLOW_DATA_ATTR: true,
  });
}

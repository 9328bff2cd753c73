import type { DOMPurify } from 'dompurify';
import { purifier } from './purifier';

/** What note HTML may keep besides DOMPurify's defaults: checkboxes, BlockNote's attributes, NotePad's styles. */
const NOTE_HTML_CONFIG = {
  ADD_ATTR: ['checked', 'data-checked', 'data-content-type', 'data-text-color', 'data-font-size', 'data-follow-up'],
  ALLOW_DATA_ATTR: true,
};

/**
 * Sanitize note HTML that comes from outside the editor (legacy storage, imports, paste) with
 * DOMPurify: scripts, event handlers and script URLs go; text, formatting, tables, checkboxes,
 * data-URL images and the follow-up span's classes stay. Returns a string of HTML.
 * @throws PurifierNotLoadedError before `loadPurifier()` has resolved.
 */
export function sanitizeNoteHtml(html: string): string {
  return purifier().sanitize(html, NOTE_HTML_CONFIG);
}

let bulk: DOMPurify | null = null;

/**
 * The same sanitizing as `sanitizeNoteHtml`, returning the clean `<body>` element instead of its HTML
 * (so it is not parsed again), by a DOMPurify instance of its own configured once: for work that
 * sanitizes many notes in a row (the import), where reading the configuration at every call adds up.
 * The element belongs to DOMPurify's own document and is replaced by the next call.
 * @throws PurifierNotLoadedError before `loadPurifier()` has resolved.
 */
export function sanitizeNoteBody(html: string): HTMLElement {
  if (!bulk) {
    bulk = purifier()(globalThis);
    bulk.setConfig({ ...NOTE_HTML_CONFIG, RETURN_DOM: true });
  }
  return bulk.sanitize(html) as unknown as HTMLElement;
}

import type { HtmlNoteLinks } from './linkIndex';
import { isNoteId } from './noteLinkShape';

/**
 * The note ids an HTML-only body links to (`<a data-note-id>`), read by the browser's DOMParser,
 * which runs no script and loads no image. Each reader makes its parser on first use.
 * @throws Error where there is no DOMParser (Node) and a body must be parsed.
 */
export function domNoteLinks(): HtmlNoteLinks {
  let parser: DOMParser | null = null;
  return (html) => {
    parser ??= new DOMParser();
    const links = parser.parseFromString(html, 'text/html').querySelectorAll('a[data-note-id]');
    return Array.from(links, (a) => a.getAttribute('data-note-id')).filter(isNoteId);
  };
}

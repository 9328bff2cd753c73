import { NOTE_LINK_CLASS, noteLinkHref } from '../../projections/noteLinks/noteLinkShape';
import { isNoteLinkUrl, type NoteLinkTo } from './importLinks';

/**
 * The links to notes a reader wrote into a body (`<a href="import-note:…">`, `import-title:`) as links to
 * the notes' ids, the shape the editor's parse rule reads (docs/architecture.md "Links between notes"), or
 * as their text when `linkTo` finds no note (never a broken link). Changes `doc` in place.
 */
export function linkNotes(doc: Document, linkTo: NoteLinkTo | undefined): void {
  for (const anchor of Array.from(doc.querySelectorAll('a[href]'))) {
    const url = anchor.getAttribute('href') ?? '';
    if (!isNoteLinkUrl(url)) continue;
    const id = linkTo?.(url) ?? null;
    if (id === null || anchor.textContent === '') {
      anchor.replaceWith(...Array.from(anchor.childNodes));
      continue;
    }
    const link = doc.createElement('a');
    link.setAttribute('href', noteLinkHref(id));
    link.setAttribute('class', NOTE_LINK_CLASS);
    link.setAttribute('data-note-id', id);
    link.textContent = anchor.textContent;
    anchor.replaceWith(link);
  }
}

/**
 * A shared note's HTML made safe to show (docs/product.md "Share a note"): DOMPurify removes
 * scripts, handlers and script URLs as everywhere in NotePad; on top of that this page keeps no
 * inline style (its policy forbids them: sizes, colours and alignment come from BlockNote's data
 * attributes and viewer.css), no image but data: URLs (nothing is fetched from anywhere), no form or
 * control (a checklist's boxes become ticks), and opens links in a new tab without a referrer.
 */
import DOMPurify from 'dompurify';
import { VIEWER_TEXT } from './viewerText';

/** Elements a read-only page never needs: forms, controls, frames, embedded documents, styles. */
const FORBID_TAGS = [
  'style',
  'form',
  'button',
  'select',
  'option',
  'textarea',
  'iframe',
  'frame',
  'object',
  'embed',
  'link',
  'meta',
  'base',
];

let purify: ReturnType<typeof DOMPurify> | null = null;

/** DOMPurify for this page, with its hooks, made once. */
function purifier(): ReturnType<typeof DOMPurify> {
  if (purify) return purify;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'IMG' && !/^data:image\//i.test(node.getAttribute('src') ?? '')) node.removeAttribute('src');
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  purify = instance;
  return instance;
}

/** A tick in place of a checklist's box: ✓ when done, an empty box when not, named for screen readers. */
function tick(checked: boolean): HTMLElement {
  const mark = document.createElement('span');
  mark.className = checked ? 'share-tick done' : 'share-tick';
  mark.setAttribute('role', 'img');
  mark.setAttribute('aria-label', checked ? VIEWER_TEXT.done : VIEWER_TEXT.notDone);
  mark.textContent = checked ? '✓' : '';
  return mark;
}

/**
 * The note's body as a fragment of this document, sanitized (see above). Pure but for DOMPurify's
 * own document; nothing is fetched and nothing runs.
 */
export function renderNoteBody(html: string): DocumentFragment {
  const fragment = purifier().sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS,
    FORBID_ATTR: ['style', 'srcset', 'formaction', 'autofocus'],
    ALLOW_DATA_ATTR: true,
    ADD_ATTR: ['checked'],
  });
  for (const input of Array.from(fragment.querySelectorAll('input'))) {
    if (input.type === 'checkbox') input.replaceWith(tick(input.hasAttribute('checked')));
    else input.remove();
  }
  return fragment;
}

/*
 * Before an HTML-only body (a legacy note, an older import) is parsed into blocks: BlockNote's HTML
 * parser keeps an image only where it stands as a block of its own, and drops one inside a line of
 * text (`<p>see <img src="..."> here</p>`, as the original app's editor wrote them). This step moves
 * each such image out, right after the top-level element that holds it, so the export keeps it.
 * Lossy only in place: the image follows its paragraph instead of standing inside it.
 */

/** `html` (already sanitized) with every image that sits inside another element moved after its top-level element. */
export function liftInlineImages(html: string): string {
  if (!html.includes('<img')) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // The last image moved after each top-level element, so several keep their order.
  const lastMoved = new Map<Element, Element>();
  for (const image of Array.from(doc.body.querySelectorAll('img'))) {
    let top: Element = image;
    while (top.parentElement && top.parentElement !== doc.body) top = top.parentElement;
    if (top === image) continue;
    (lastMoved.get(top) ?? top).after(image);
    lastMoved.set(top, image);
  }
  return lastMoved.size ? doc.body.innerHTML : html;
}

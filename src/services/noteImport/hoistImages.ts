/** Elements that are content even without text. */
const CONTENT_WITHOUT_TEXT = 'img, input, table, hr, video, audio';

/**
 * Move every image that sits inside another element (a line of text, a list item, a table cell) to
 * right after that element's top-level block, in document order: BlockNote keeps an image only as a
 * block of its own, and one inside a line of text would be lost. A block left with nothing in it (the
 * `<div>` around an Evernote image) goes. Mutates `body`.
 */
export function hoistImages(body: HTMLElement): void {
  const placedAfter = new Map<Element, Element>();
  for (const image of Array.from(body.querySelectorAll('img'))) {
    if (image.parentElement === body) continue;
    let top = image.parentElement!;
    while (top.parentElement !== body) top = top.parentElement!;
    (placedAfter.get(top) ?? top).after(image);
    placedAfter.set(top, image);
  }
  for (const top of placedAfter.keys()) {
    if (top.textContent?.trim() === '' && !top.querySelector(CONTENT_WITHOUT_TEXT)) top.remove();
  }
}

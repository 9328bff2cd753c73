/**
 * A note's HTML as its shared copy carries it (docs/sync.md "Shared links"): without style
 * attributes. The shared page's policy refuses inline styles, and the browser reports each one it
 * parses, even while DOMPurify reads the HTML; what they say is also in BlockNote's data attributes
 * (the colours, the font sizes, an image's width), which the page styles from. Needs a DOM (the app's
 * page); elsewhere the HTML is returned as it is.
 */
export function withoutInlineStyles(html: string): string {
  if (!html.includes('style=') || typeof DOMParser !== 'function') return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const element of Array.from(doc.body.querySelectorAll('[style]'))) element.removeAttribute('style');
  return doc.body.innerHTML;
}

import { readBlocks, type NoteTitleOf } from '../projections/noteText/blocks';
import { plainText } from '../projections/noteText/plainText';

/**
 * Note exporters (docs/product.md "Exports"): each a small step from the BlockNote document to a
 * file's text. HTML and Markdown come from BlockNote's own exporters (called by the note commands);
 * plain text is the note-text pipeline's (docs/architecture.md "Note text pipeline").
 */

/** A block as BlockNote stores it (only the fields the text pipeline reads). */
export interface TextBlock {
  type: string;
  props?: Record<string, unknown>;
  content?: unknown;
  children?: TextBlock[];
}

/**
 * The note as plain text (docs/product.md "Exports"): one line per block, list markers, tab-separated
 * table cells, captions for images, two spaces of indentation per nesting level, a link to a note
 * as the note's current title (`titleOf`; the text it was written with when the note is gone).
 */
export function documentText(blocks: readonly TextBlock[], titleOf?: NoteTitleOf): string {
  return plainText(readBlocks(blocks, titleOf));
}

/** Copy text (docs/product.md "Calls"): title, blank line, body text. */
export function clipboardText(title: string, bodyText: string): string {
  return `${title}\n\n${bodyText}`;
}

/** Styles a standalone note file carries: readable text, the follow-up highlight, tables with borders, images that fit. */
const STANDALONE_CSS = `
body { font-family: Inter, system-ui, -apple-system, 'Segoe UI', sans-serif; max-width: 50rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; color: #111827; }
img { max-width: 100%; height: auto; }
table { border-collapse: collapse; }
th, td { border: 1px solid #d1d5db; padding: 0.25rem 0.5rem; text-align: left; }
.follow-up.bg-yellow-200 { background-color: #fef08a; }
`.trim();

/**
 * A standalone HTML document for a note (Download, Export > HTML): `<title>` and `<h1>` hold the
 * title as text, then `bodyHtml` (BlockNote's HTML of the note, produced by the editor itself).
 * Built with DOM APIs in an inert document, so the title needs no hand escaping and nothing runs.
 */
export function standaloneHtml(title: string, bodyHtml: string, doc: Document = document): string {
  const file = doc.implementation.createHTMLDocument(title);
  const charset = file.createElement('meta');
  charset.setAttribute('charset', 'utf-8');
  const style = file.createElement('style');
  style.textContent = STANDALONE_CSS;
  file.head.prepend(charset);
  file.head.append(style);
  const heading = file.createElement('h1');
  heading.textContent = title;
  const article = file.createElement('article');
  article.innerHTML = bodyHtml;
  file.body.append(heading, article);
  return `<!DOCTYPE html>\n${file.documentElement.outerHTML}\n`;
}

/** The export formats of the Export menu, with their label, file extension and MIME type. */
export const EXPORT_FILE_TYPES = {
  html: { label: 'HTML', extension: 'html', mimeType: 'text/html;charset=utf-8' },
  markdown: { label: 'Markdown', extension: 'md', mimeType: 'text/markdown;charset=utf-8' },
  text: { label: 'Plain text', extension: 'txt', mimeType: 'text/plain;charset=utf-8' },
  pdf: { label: 'PDF', extension: 'pdf', mimeType: 'application/pdf' },
} as const;

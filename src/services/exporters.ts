/**
 * Note exporters (issue 3 "Export"; SPEC.md §7 "Copy", "Download as HTML", "Send as e-mail"):
 * each a small step from the BlockNote document to a file's text. HTML and Markdown come from
 * BlockNote's own exporters (given by the caller); plain text is a walk over the blocks.
 */

/** A block as BlockNote stores it (only the fields the text walk reads). */
export interface TextBlock {
  type: string;
  props?: Record<string, unknown>;
  content?: unknown;
  children?: TextBlock[];
}

/** Bullet marker of plain text (SPEC.md §9 "Bullet marker •"). */
export const BULLET_MARKER = '•';

type Inline = { type?: string; text?: string; content?: unknown };

/** The text of inline content (styled text, links, and plain strings). */
export function inlineText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((item: Inline | string) => (typeof item === 'string' ? item : item.type === 'link' ? inlineText(item.content) : (item.text ?? '')))
    .join('');
}

function tableText(content: unknown): string[] {
  const rows = (content as { rows?: { cells: unknown[] }[] })?.rows ?? [];
  return rows.map((row) =>
    row.cells
      .map((cell) => inlineText(Array.isArray(cell) ? cell : (cell as { content?: unknown })?.content).replace(/\s+/g, ' '))
      .join('\t'),
  );
}

/**
 * The note as plain text: one line per block (soft line breaks kept), "• " before bullet items,
 * "1. " before numbered items, "[x] " / "[ ] " before checklist items, table cells separated by
 * tabs, an image as its caption (if any), nested blocks indented by two spaces per level.
 */
export function documentText(blocks: readonly TextBlock[], depth = 0): string {
  const lines: string[] = [];
  const indent = '  '.repeat(depth);
  let number = 0;
  for (const block of blocks) {
    number = block.type === 'numberedListItem' ? number + 1 : 0;
    let text: string[];
    if (block.type === 'table') text = tableText(block.content);
    else if (['image', 'video', 'audio', 'file'].includes(block.type)) text = block.props?.caption ? [String(block.props.caption)] : [];
    else {
      const own = inlineText(block.content);
      const marker =
        block.type === 'bulletListItem'
          ? `${BULLET_MARKER} `
          : block.type === 'numberedListItem'
            ? `${number}. `
            : block.type === 'checkListItem'
              ? block.props?.checked
                ? '[x] '
                : '[ ] '
              : '';
      text = [`${marker}${own}`];
    }
    lines.push(...text.flatMap((t) => t.split('\n')).map((t) => indent + t));
    if (block.children?.length) lines.push(documentText(block.children, depth + 1));
  }
  return lines.join('\n').replace(/\s+$/, '');
}

/** Copy text (SPEC.md §7 "Copy to clipboard"): title, blank line, body text. */
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

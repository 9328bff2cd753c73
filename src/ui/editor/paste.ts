import { markdownToHTML } from '@blocknote/core';
import { sanitizeNoteHtml } from '../../services/sanitize';
import { isSafeLinkHref, isSafeMediaUrl } from '../../services/sanitizeBlocks';
import { isEmbeddableImage } from '../../services/imageConversion';
import { pasteImageFiles } from './imageInsert';
import type { NoteEditor } from './schema';

const RASTER_DATA_URL = /^data:image\/(png|jpe?g|gif|webp|avif|bmp);base64,/i;

/**
 * Pasted HTML made safe for a note (issue 8): DOMPurify first (scripts, handlers and script URLs
 * go), then every link target and image URL checked by the policy stored notes follow. Images
 * stay only as raster data URLs; an image from the web (which the app's CSP would not show
 * anyway) becomes a link to it, so nothing the user copied is lost. Returns HTML.
 */
export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(sanitizeNoteHtml(html), 'text/html');
  for (const a of Array.from(doc.querySelectorAll('a[href]'))) {
    if (!isSafeLinkHref(a.getAttribute('href'))) a.removeAttribute('href');
  }
  for (const img of Array.from(doc.querySelectorAll('img'))) {
    const src = img.getAttribute('src') ?? '';
    if (RASTER_DATA_URL.test(src) && isSafeMediaUrl(src)) continue;
    if (/^https?:/i.test(src) && isSafeLinkHref(src)) {
      const link = doc.createElement('a');
      link.href = src;
      link.textContent = img.getAttribute('alt')?.trim() || src;
      img.replaceWith(link);
    } else {
      img.replaceWith(doc.createTextNode(img.getAttribute('alt') ?? ''));
    }
  }
  return doc.body.innerHTML;
}

/**
 * The editor's paste handler (BlockNote `pasteHandler`): every HTML source (BlockNote's own,
 * text/html, Markdown and plain text turned into HTML) passes cleanPastedHtml before it enters the
 * note; pasted image files are embedded as data URLs. Code blocks and VS Code keep BlockNote's
 * plain-text handling. Returns true when handled.
 */
export function handlePaste({ event, editor, defaultPasteHandler }: { event: ClipboardEvent; editor: NoteEditor; defaultPasteHandler: () => boolean | undefined }): boolean | undefined {
  const data = event.clipboardData;
  if (!data) return defaultPasteHandler();
  const types = Array.from(data.types);
  if (types.includes('vscode-editor-data') || editor.getTextCursorPosition().block.type === 'codeBlock') return defaultPasteHandler();
  const images = Array.from(data.files).filter(isEmbeddableImage);
  if (images.length && !types.includes('blocknote/html')) {
    void pasteImageFiles(editor, images);
    return true;
  }
  if (types.includes('blocknote/html')) editor.pasteHTML(cleanPastedHtml(data.getData('blocknote/html')), true);
  else if (types.includes('text/markdown')) editor.pasteHTML(cleanPastedHtml(markdownToHTML(data.getData('text/markdown'))));
  else if (types.includes('text/html')) editor.pasteHTML(cleanPastedHtml(data.getData('text/html')));
  else if (types.includes('text/plain')) editor.pasteHTML(cleanPastedHtml(markdownToHTML(data.getData('text/plain'))));
  else return defaultPasteHandler();
  return true;
}

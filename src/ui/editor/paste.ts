import { markdownToHTML } from '@blocknote/core';
import { loadPurifier, purifierLoaded } from '../../services/purifier';
import { sanitizeNoteBody, sanitizeNoteHtml } from '../../services/sanitize';
import { isSafeLinkHref, isSafeMediaUrl } from '../../services/sanitizeBlocks';
import { isEmbeddableImage } from '../../services/imageConversion';
import { cleanSvgDataUrl, isSvgDataUrl } from '../../services/svgImages';
import { pasteImageFiles } from './imageInsert';
import type { NoteEditor } from './schema';

const RASTER_DATA_URL = /^data:image\/(png|jpe?g|gif|webp|avif|bmp);base64,/i;

/**
 * Pasted HTML made safe for a note: DOMPurify first (scripts, handlers and script URLs
 * go), then every link target and image URL checked by the policy stored notes follow. Images
 * stay only as raster data URLs or SVG data URLs, the SVG sanitized (svgImages.ts); an image from the web (which the app's CSP would not show
 * anyway) becomes a link to it, so nothing the user copied is lost. Returns HTML.
 * @throws PurifierNotLoadedError before `loadPurifier()` has resolved.
 * @internal Test seam: used here; the tests call it directly.
 */
export function cleanPastedHtml(html: string): string {
  return cleanLinksAndImages(new DOMParser().parseFromString(sanitizeNoteHtml(html), 'text/html').body);
}

/**
 * `cleanPastedHtml` for many notes in a row (the import): the same sanitizing and the same link and
 * image rules, with DOMPurify configured once and its result checked as it is, not parsed again.
 * @throws PurifierNotLoadedError before `loadPurifier()` has resolved.
 */
export function cleanImportedHtml(html: string): string {
  return cleanLinksAndImages(sanitizeNoteBody(html));
}

/** After DOMPurify: every link target and image of `body` checked by the policy of stored notes; returns its HTML. */
function cleanLinksAndImages(body: HTMLElement): string {
  const doc = body.ownerDocument;
  for (const a of Array.from(body.querySelectorAll('a[href]'))) {
    if (!isSafeLinkHref(a.getAttribute('href'))) a.removeAttribute('href');
  }
  for (const img of Array.from(body.querySelectorAll('img'))) {
    const src = img.getAttribute('src') ?? '';
    if (RASTER_DATA_URL.test(src) && isSafeMediaUrl(src)) continue;
    const svg = isSvgDataUrl(src) ? cleanSvgDataUrl(src) : null;
    if (svg) {
      img.setAttribute('src', svg);
      continue;
    }
    if (/^https?:/i.test(src) && isSafeLinkHref(src)) {
      const link = doc.createElement('a');
      link.href = src;
      link.textContent = img.getAttribute('alt')?.trim() || src;
      img.replaceWith(link);
    } else {
      img.replaceWith(doc.createTextNode(img.getAttribute('alt') ?? ''));
    }
  }
  return body.innerHTML;
}

/** The HTML a paste brings (not yet cleaned), whether it is BlockNote's own (pasted raw), and its plain text. */
interface PastedHtml {
  html: string;
  raw: boolean;
  /** The clipboard's text/plain, inserted as text when the sanitizer cannot load. */
  text: string;
}

/** Read the clipboard's HTML source now (its data is gone after the event): BlockNote's, HTML, Markdown or plain text as HTML. */
function pastedHtml(data: DataTransfer, types: string[]): PastedHtml | null {
  const text = data.getData('text/plain');
  if (types.includes('blocknote/html')) return { html: data.getData('blocknote/html'), raw: true, text };
  if (types.includes('text/markdown')) return { html: markdownToHTML(data.getData('text/markdown')), raw: false, text };
  if (types.includes('text/html')) return { html: data.getData('text/html'), raw: false, text };
  if (types.includes('text/plain')) return { html: markdownToHTML(text), raw: false, text };
  return null;
}

/**
 * Insert `pasted` cleaned: at once when DOMPurify has loaded (it is preloaded in idle time after the
 * first screen), else as soon as it has (it is not part of the first load). Nothing
 * uncleaned ever enters the note; if DOMPurify cannot load (offline before its chunk was cached),
 * the clipboard's plain text is inserted as text, which needs no sanitizer, so the paste is not lost.
 */
function pasteCleaned(editor: NoteEditor, pasted: PastedHtml): void {
  if (purifierLoaded()) {
    editor.pasteHTML(cleanPastedHtml(pasted.html), pasted.raw);
    return;
  }
  loadPurifier().then(
    () => editor.pasteHTML(cleanPastedHtml(pasted.html), pasted.raw),
    (error: unknown) => {
      console.error('NotePad: the paste was inserted as plain text: its sanitizer could not load', error);
      if (pasted.text) editor.insertInlineContent(pasted.text);
    },
  );
}

/**
 * The editor's paste handler (BlockNote `pasteHandler`): every HTML source (BlockNote's own,
 * text/html, Markdown and plain text turned into HTML) passes cleanPastedHtml before it enters the
 * note; pasted image files are embedded as data URLs. Code blocks and VS Code keep BlockNote's
 * plain-text handling. Decides synchronously (the browser's default must be prevented now);
 * returns true when handled.
 */
export function handlePaste({
  event,
  editor,
  defaultPasteHandler,
}: {
  event: ClipboardEvent;
  editor: NoteEditor;
  defaultPasteHandler: () => boolean | undefined;
}): boolean | undefined {
  const data = event.clipboardData;
  if (!data) return defaultPasteHandler();
  const types = Array.from(data.types);
  if (types.includes('vscode-editor-data') || editor.getTextCursorPosition().block.type === 'codeBlock') return defaultPasteHandler();
  const images = Array.from(data.files).filter(isEmbeddableImage);
  if (images.length && !types.includes('blocknote/html')) {
    void pasteImageFiles(editor, images);
    return true;
  }
  const pasted = pastedHtml(data, types);
  if (!pasted) return defaultPasteHandler();
  pasteCleaned(editor, pasted);
  return true;
}

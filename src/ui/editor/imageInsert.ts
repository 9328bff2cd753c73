import { insertedWidth, isEmbeddableImage, isSvgImage, loadImage, toJpegDataUrl, fileToDataUrl } from '../../services/imageConversion';
import { loadPurifier } from '../../services/purifier';
import { svgFileImage, type SvgImage } from '../../services/svgImages';
import { editorToasts } from '../feedback';
import { insertBlockAtCursor } from './insertBlock';
import type { NoteEditor } from './schema';

/** Prompt of an image double-click (docs/product.md "Editor pane"). */
const IMAGE_WIDTH_PROMPT = 'Enter new width in pixels:';
/** Widest an image may be resized to, in px (a typo guard; the editor shows it at most 100% wide anyway). */
const IMAGE_RESIZE_MAX_PX = 10_000;

/**
 * An SVG file as a safe image (svgImages.ts: sanitized, kept as a vector); rejects when it holds no
 * SVG image, its text cannot be read or DOMPurify cannot load.
 */
async function svgImageOf(file: File): Promise<SvgImage> {
  await loadPurifier();
  const image = await svgFileImage(file);
  if (!image) throw new Error(`${file.name} holds no SVG image`);
  return image;
}

/**
 * Insert an image file from the picker (docs/product.md "Toolbar", "Constants"): an SVG sanitized and
 * kept as a vector, shown at its own width (at most IMAGE_MAX_WIDTH_PX); any other image shown at once from a blob: URL at most
 * IMAGE_MAX_WIDTH_PX wide, then converted to JPEG data (quality 0.7) so the saved note holds the
 * image itself, not a blob: URL that dies with the page. A file that is not an image or cannot be
 * decoded: "Error inserting image"; a failed conversion: "Error saving note" and the image is
 * taken out again. Resolves true when the image is in the note.
 */
export async function insertImageFile(editor: NoteEditor, file: File): Promise<boolean> {
  if (!isEmbeddableImage(file)) {
    editorToasts.notAnImage(file.name);
    return false;
  }
  if (isSvgImage(file)) {
    try {
      const { url, width } = await svgImageOf(file);
      // The browser must be able to show it, as for any inserted image.
      await loadImage(url);
      insertBlockAtCursor(editor, { type: 'image', props: { url, name: file.name, previewWidth: insertedWidth(width) } });
      return true;
    } catch (error) {
      console.error('NotePad: image insert failed', error);
      editorToasts.imageInsertFailed();
      return false;
    }
  }
  const blobUrl = URL.createObjectURL(file);
  try {
    let width: number;
    let block;
    try {
      width = insertedWidth((await loadImage(blobUrl)).naturalWidth);
      block = insertBlockAtCursor(editor, { type: 'image', props: { url: blobUrl, name: file.name, previewWidth: width } });
    } catch (error) {
      console.error('NotePad: image insert failed', error);
      editorToasts.imageInsertFailed();
      return false;
    }
    try {
      const data = await toJpegDataUrl(blobUrl);
      // The user may have deleted the image or switched notes meanwhile.
      if (editor.getBlock(block.id)) editor.updateBlock(block.id, { props: { url: data } });
      return true;
    } catch (error) {
      console.error('NotePad: image conversion failed', error);
      editorToasts.imageSaveFailed();
      if (editor.getBlock(block.id)) editor.removeBlocks([block.id]);
      return false;
    }
  } finally {
    URL.revokeObjectURL(blobUrl);
  }
}

/** Embed pasted or dropped image files as data URLs (docs/product.md "Constants"; SVG sanitized), shown at most 100% wide. */
export async function pasteImageFiles(editor: NoteEditor, files: File[]): Promise<void> {
  for (const file of files) {
    try {
      const url = isSvgImage(file) ? (await svgImageOf(file)).url : await fileToDataUrl(file);
      await loadImage(url);
      insertBlockAtCursor(editor, { type: 'image', props: { url, name: file.name } });
    } catch (error) {
      console.error('NotePad: pasted image could not be added', error);
      editorToasts.imageInsertFailed();
    }
  }
}

/** BlockNote's `uploadFile` (drag and drop, the image block's own upload): the file as a data URL (an SVG sanitized). */
export async function embedUploadedFile(file: File): Promise<string> {
  if (!isEmbeddableImage(file)) {
    editorToasts.notAnImage(file.name);
    throw new Error(`${file.name} is not an image`);
  }
  return isSvgImage(file) ? (await svgImageOf(file)).url : fileToDataUrl(file);
}

/**
 * What an answer to the width prompt means.
 * @internal Test seam: used here; the tests type their cases with it.
 */
export type WidthInput = { kind: 'cancel' } | { kind: 'invalid' } | { kind: 'width'; px: number };

/**
 * Read the answer to IMAGE_WIDTH_PROMPT (docs/product.md "Validation rules"): digits only, 1..IMAGE_RESIZE_MAX_PX.
 * @internal Test seam: used here; the tests call it directly.
 */
export function parseWidthInput(answer: string | null): WidthInput {
  if (answer === null || answer.trim() === '') return { kind: 'cancel' };
  const text = answer.trim().replace(/\s*px$/i, '');
  if (!/^\d+$/.test(text)) return { kind: 'invalid' };
  const px = Number(text);
  return px >= 1 && px <= IMAGE_RESIZE_MAX_PX ? { kind: 'width', px } : { kind: 'invalid' };
}

/**
 * Double-click on an image (docs/product.md "Editor pane", "Validation rules"): ask for a new width in px; a number sets the image's
 * width (its height follows, keeping the aspect ratio) and toasts "Image resized". Returns the
 * new width, or null when nothing changed.
 */
export function resizeImage(editor: NoteEditor, blockId: string, ask: (message: string, value?: string) => string | null): number | null {
  const block = editor.getBlock(blockId);
  if (!block || block.type !== 'image') return null;
  const shown = document.querySelector<HTMLImageElement>(`[data-id="${CSS.escape(blockId)}"] img`);
  const current = block.props.previewWidth ?? shown?.getBoundingClientRect().width;
  const input = parseWidthInput(ask(IMAGE_WIDTH_PROMPT, current ? String(Math.round(current)) : ''));
  if (input.kind === 'cancel') return null;
  if (input.kind === 'invalid') {
    editorToasts.invalidWidth();
    return null;
  }
  editor.updateBlock(blockId, { props: { previewWidth: input.px } });
  editorToasts.imageResized();
  return input.px;
}

import type { ImportedAttachment, ImportedNote } from '../../importers/neutralNotes';
import type { ConvertedImage } from '../imageConversion';
import type { PreparedAttachment, PreparedNote } from './readerProtocol';

/** Why a file that is not an image does not come along (docs/product.md "Import notes"). */
const ONLY_IMAGES_KEPT = 'only images are kept';
/** Why an image that cannot be decoded does not come along. */
const IMAGE_UNREADABLE = 'the image could not be read';

/** Turns image bytes into a note's JPEG (`toJpegBytes` in the browser; a fake in Node tests). */
export type ImageConverter = (data: Blob) => Promise<ConvertedImage>;

const isImageType = (mime: string) => mime.toLowerCase().startsWith('image/');
const SVG_TYPE = 'image/svg+xml';

/** One attachment prepared: an image converted, or a file that stays behind with the reason. */
async function prepareAttachment(attachment: ImportedAttachment, convert: ImageConverter): Promise<PreparedAttachment> {
  const { ref, name, mime } = attachment;
  if (!isImageType(mime)) return { ref, name, kind: 'dropped', reason: ONLY_IMAGES_KEPT };
  // An SVG stays a vector: its text goes to the page, which sanitizes it (docs/product.md "What each format keeps").
  if (mime.toLowerCase() === SVG_TYPE) {
    try {
      return { ref, name, kind: 'svg', svg: new TextDecoder('utf-8', { fatal: true }).decode(attachment.data) };
    } catch {
      return { ref, name, kind: 'dropped', reason: `${IMAGE_UNREADABLE} (${mime})` };
    }
  }
  try {
    const { jpeg, width } = await convert(new Blob([attachment.data as Uint8Array<ArrayBuffer>], { type: mime }));
    return { ref, name, kind: 'image', jpeg, width };
  } catch {
    return { ref, name, kind: 'dropped', reason: `${IMAGE_UNREADABLE} (${mime})` };
  }
}

/**
 * A note with its attachments prepared for the page (docs/architecture.md "Import pipeline"): raster
 * images converted to JPEG under the rules of an inserted image, SVG images passed on as text, other
 * files named as dropped. The source bytes are let go as soon as each is converted.
 */
export async function prepareNote(note: ImportedNote, convert: ImageConverter): Promise<PreparedNote> {
  const attachments: PreparedAttachment[] = [];
  for (const attachment of note.attachments) attachments.push(await prepareAttachment(attachment, convert));
  return { ...note, attachments };
}

/** The buffers of `note`'s images, to transfer with the message that carries it (not copy). */
export function transferables(note: PreparedNote): ArrayBuffer[] {
  return note.attachments.flatMap((a) => (a.kind === 'image' ? [a.jpeg.buffer as ArrayBuffer] : []));
}

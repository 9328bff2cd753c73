/** Widest an inserted image is shown, in px (docs/product.md "Constants"). */
export const IMAGE_MAX_WIDTH_PX = 800;
/** JPEG quality of a converted image (docs/product.md "Constants"). */
const IMAGE_JPEG_QUALITY = 0.7;
/**
 * Widest an image is stored, in px: twice the display cap, so images stay sharp on high-density
 * screens while a phone photo (4000 px) does not fill localStorage's ~5 MB on its own.
 */
const IMAGE_STORED_MAX_WIDTH_PX = 2 * IMAGE_MAX_WIDTH_PX;
/** Image types a note may embed (the ones sanitizeBlocks keeps as data URLs); SVG is kept sanitized (svgImages.ts). */
const EMBEDDABLE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp', 'image/svg+xml'];

/** True for a file the image picker and paste accept: a raster or SVG image type (docs/product.md "Validation rules"). */
export function isEmbeddableImage(file: { type: string }): boolean {
  return EMBEDDABLE_IMAGE_TYPES.includes(file.type.toLowerCase());
}

/** True for an SVG image file: it stays a vector, sanitized, instead of becoming JPEG. */
export function isSvgImage(file: { type: string }): boolean {
  return file.type.toLowerCase() === 'image/svg+xml';
}

/** The width an image is first shown at: its own width, at most IMAGE_MAX_WIDTH_PX (px). */
export function insertedWidth(naturalWidth: number): number {
  return Math.max(1, Math.min(Math.round(naturalWidth), IMAGE_MAX_WIDTH_PX));
}

/** Decode an image from `url`. @throws (rejects) when it cannot be decoded. */
export async function loadImage(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = url;
  await image.decode();
  if (!image.naturalWidth) throw new Error('The image has no size');
  return image;
}

/** A file as a `data:` URL (docs/product.md "Constants": pasted images are embedded as data URLs). @throws (rejects) on a read error. */
export function fileToDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * Convert the image at `url` (a blob: URL of an inserted file) to JPEG data at IMAGE_JPEG_QUALITY
 * (docs/product.md "Constants"), at most IMAGE_STORED_MAX_WIDTH_PX wide, on white (JPEG has no transparency).
 * Returns the `data:image/jpeg;base64,...` URL. @throws (rejects) when decoding or encoding fails.
 */
export async function toJpegDataUrl(url: string): Promise<string> {
  const image = await loadImage(url);
  const scale = Math.min(1, IMAGE_STORED_MAX_WIDTH_PX / image.naturalWidth);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas to convert the image');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const data = canvas.toDataURL('image/jpeg', IMAGE_JPEG_QUALITY);
  if (!data.startsWith('data:image/jpeg')) throw new Error('The browser could not encode JPEG');
  return data;
}

/** An image converted for a note: JPEG bytes and the width it is first shown at (px). */
export interface ConvertedImage {
  jpeg: Uint8Array;
  /** The stored image's width in px (at most IMAGE_STORED_MAX_WIDTH_PX). */
  width: number;
  height: number;
}

/**
 * Convert image bytes to JPEG under the rules of an inserted image (docs/product.md "Constants"):
 * at most IMAGE_STORED_MAX_WIDTH_PX wide, quality IMAGE_JPEG_QUALITY, on white. Uses
 * createImageBitmap and OffscreenCanvas, so it runs in a worker as well as on the page (the import
 * converts its images in its worker). @throws (rejects) when the bytes cannot be decoded or encoded.
 */
export async function toJpegBytes(data: Blob): Promise<ConvertedImage> {
  const bitmap = await createImageBitmap(data);
  try {
    if (!bitmap.width || !bitmap.height) throw new Error('The image has no size');
    const scale = Math.min(1, IMAGE_STORED_MAX_WIDTH_PX / bitmap.width);
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No canvas to convert the image');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: IMAGE_JPEG_QUALITY });
    if (blob.type !== 'image/jpeg') throw new Error('The browser could not encode JPEG');
    return { jpeg: new Uint8Array(await blob.arrayBuffer()), width, height };
  } finally {
    bitmap.close();
  }
}

/*
 * MIME types of the files notes refer to: from the bytes when they show it (a Keep attachment named
 * `.jpg` that is a PNG), else from the name. Only images come along (docs/product.md "What each format keeps").
 */

const BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  avif: 'image/avif',
  heic: 'image/heic',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
  json: 'application/json',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** Leading bytes of the formats that are told by their bytes. */
const SIGNATURES: [string, number[]][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
  ['application/pdf', [0x25, 0x50, 0x44, 0x46]],
];

/** The lower-case extension of a file name without its dot ('' when none). */
export function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The MIME type a file name's extension says, or 'application/octet-stream'. */
function mimeFromName(name: string): string {
  return BY_EXTENSION[extensionOf(name)] ?? 'application/octet-stream';
}

/** The MIME type the bytes show (PNG, JPEG, GIF, WebP, PDF), or null. */
function mimeFromBytes(bytes: Uint8Array): string | null {
  for (const [mime, signature] of SIGNATURES) {
    if (signature.every((byte, i) => bytes[i] === byte)) return mime;
  }
  const riff = bytes[0] === 0x52 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x46;
  if (riff && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  return null;
}

/** The MIME type of a file: its bytes', else the declared one (when given), else its name's. */
export function mimeOf(name: string, bytes: Uint8Array, declared?: string): string {
  return mimeFromBytes(bytes) ?? (declared && declared.includes('/') ? declared.toLowerCase() : mimeFromName(name));
}

/** Whether a MIME type is an image NotePad keeps. */
export function isImage(mime: string): boolean {
  return mime.startsWith('image/');
}

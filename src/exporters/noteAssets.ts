import { FileNamer } from './fileNames';
import type { ExportBlock } from './markdownEscapes';

/*
 * Step 2 of the Markdown of a note (docs/architecture.md "Export all notes"): images a note holds as
 * data URLs become files in `assets/`, linked by relative path, so other apps show them and the
 * Markdown stays small. Identical images (same type and bytes) are written once. Images at web
 * addresses stay links. Lossless: the files are the images' bytes.
 */

/** The folder of the zip that holds the images. */
/** The folder of the images, at the zip's root. */
export const ASSETS_FOLDER = 'assets';

/** File extensions by image MIME type; another type gets ".bin". */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/bmp': 'bmp',
  'image/svg+xml': 'svg',
  'image/x-icon': 'ico',
  'image/tiff': 'tif',
};
/** Types already compressed: stored in the zip, deflating them again would only cost time. */
const COMPRESSED_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']);

/** A data URL's type, whether it is base64, and where its data starts. */
const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** An image to write into the zip. */
export interface ExportAsset {
  /** Path inside the zip, e.g. "assets/Trip 1.jpg". */
  path: string;
  /** The image as the note holds it: a data URL. */
  dataUrl: string;
  /** Whether `dataUrl`'s data is base64 (else percent-encoded text, e.g. SVG). */
  base64: boolean;
  /** Store without compression (JPEG, PNG, GIF, WebP, AVIF). */
  stored: boolean;
}

/** A note's blocks with its images replaced by placeholders, and what the placeholders stand for. */
export interface ExtractedImages {
  blocks: ExportBlock[];
  /** The relative link of each placeholder, by its index. */
  links: string[];
  /** Images no earlier note had, to write. */
  newAssets: ExportAsset[];
}

/** A digest of `text` (hex), used to find identical images. */
export type TextDigest = (text: string) => Promise<string>;

/** SHA-256 of `text`'s UTF-8 bytes through WebCrypto, as hex. */
export const sha256Hex: TextDigest = async (text) => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
};

/**
 * The relative link of an asset from a note at the zip's root (a note in a notebook's folder climbs to the root first):
 * URL-encoded, so spaces and brackets keep the link whole.
 */
export function assetLink(path: string): string {
  return path
    .split('/')
    .map((part) => encodeURIComponent(part).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}

/**
 * Collects the images of every note of one export. Placeholders are `data:` URLs (not fetched,
 * unlike a relative path the exporter's DOM would request) with a random marker no note text holds.
 */
export class AssetCollector {
  private readonly names = new FileNamer();
  private readonly pathByDigest = new Map<string, string>();
  /** Prefix of this export's placeholders; the index follows. */
  readonly placeholderPrefix = `data:,notepad-asset-${crypto.randomUUID()}-`;

  constructor(private readonly digest: TextDigest = sha256Hex) {}

  /** Images written so far. */
  get count(): number {
    return this.pathByDigest.size;
  }

  /**
   * `blocks` (a note's, already escaped) with every data-URL image replaced by a placeholder; new
   * images are named `assets/{stem} {n}.{ext}` after the note's file stem, and linked from a note
   * `depth` folders below the root. Returns new objects.
   */
  async extract(blocks: readonly ExportBlock[], stem: string, depth = 0): Promise<ExtractedImages> {
    const links: string[] = [];
    const newAssets: ExportAsset[] = [];
    const visit = async (list: readonly ExportBlock[]): Promise<ExportBlock[]> => {
      const out: ExportBlock[] = [];
      for (const block of list) {
        const copy: ExportBlock = { ...block };
        const url = block.props?.url;
        if (block.type === 'image' && typeof url === 'string') {
          const path = await this.pathFor(url, stem, links.length + 1, newAssets);
          if (path) {
            copy.props = { ...block.props, url: `${this.placeholderPrefix}${links.length}` };
            links.push('../'.repeat(depth) + assetLink(path));
          }
        }
        if (block.children?.length) copy.children = await visit(block.children);
        out.push(copy);
      }
      return out;
    };
    return { blocks: await visit(blocks), links, newAssets };
  }

  /** The zip path of the image at `url`, adding it to `newAssets` when new; null when it is not a readable data URL. */
  private async pathFor(url: string, stem: string, n: number, newAssets: ExportAsset[]): Promise<string | null> {
    const header = DATA_URL.exec(url);
    if (!header) return null;
    const mime = (header[1] || 'text/plain').toLowerCase();
    const base64 = /;base64$/i.test(header[2]);
    // Base64 may be wrapped over lines; data that is not base64 even then stays in the note as it is.
    const data = base64 ? url.slice(header[0].length).replace(/\s+/g, '') : url.slice(header[0].length);
    if (base64 && !BASE64.test(data)) return null;
    const key = await this.digest(`${mime},${base64 ? 'b' : 't'},${data}`);
    const known = this.pathByDigest.get(key);
    if (known) return known;
    const path = `${ASSETS_FOLDER}/${this.names.take(`${stem} ${n}`, EXTENSIONS[mime] ?? 'bin')}`;
    this.pathByDigest.set(key, path);
    newAssets.push({ path, dataUrl: base64 ? `data:${mime};base64,${data}` : url, base64, stored: COMPRESSED_TYPES.has(mime) });
    return path;
  }
}

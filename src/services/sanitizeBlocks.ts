import { NOTE_LINK_TYPE, noteLinkProps } from '../projections/noteLinks/noteLinkShape';
import { purifier } from './purifier';
import { cleanSvgDataUrl, isSvgDataUrl } from './svgImages';

/** Media block props that hold a URL, and the blocks that have them. */
const MEDIA_BLOCKS = new Set(['image', 'video', 'audio', 'file']);
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|avif|bmp|svg\+xml);base64,[a-z0-9+/=\s]*$/i;

type Json = Record<string, unknown>;

/**
 * True for link targets a note may keep; the decision is DOMPurify's URI policy (no javascript:, data:, vbscript:).
 * @throws PurifierNotLoadedError before `loadPurifier()` has resolved.
 */
export function isSafeLinkHref(href: unknown): href is string {
  return typeof href === 'string' && purifier().isValidAttribute('a', 'href', href);
}

/**
 * True for media URLs a note may keep: http(s), blob of this page, or a base64 data URL of an image (an
 * SVG one is also sanitized where it enters a note or is shown: `sanitizeBlocks`, the paste's rules).
 */
export function isSafeMediaUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  if (DATA_IMAGE.test(url)) return true;
  try {
    return ['http:', 'https:', 'blob:'].includes(new URL(url, 'http://x.invalid').protocol);
  } catch {
    return false;
  }
}

/** A media block's URL as a note may show it: unsafe ones empty, SVG data URLs sanitized. */
function safeMediaUrl(url: unknown): unknown {
  if (!isSafeMediaUrl(url)) return '';
  return isSvgDataUrl(url) ? (cleanSvgDataUrl(url) ?? '') : url;
}

/** The label of a malformed link to a note, as text ('' when it has none). */
function labelOf(item: Json): string {
  const label = (item.props as Json | undefined)?.label;
  return typeof label === 'string' ? label : '';
}

function cleanInline(content: unknown): unknown {
  if (!Array.isArray(content)) return content;
  return content.flatMap((item: Json) => {
    if (item?.type === 'link') {
      // A link whose target is unsafe keeps its text and loses the link.
      return isSafeLinkHref(item.href) ? [{ ...item, content: cleanInline(item.content) }] : cleanInline(item.content);
    }
    if (item?.type === NOTE_LINK_TYPE) {
      // A link to a note keeps only its two props; one whose note id is not a note id keeps its text.
      const link = noteLinkProps(item);
      if (link) return [{ type: NOTE_LINK_TYPE, props: link }];
      const label = labelOf(item);
      return label ? [{ type: 'text', text: label, styles: {} }] : [];
    }
    return [item];
  });
}

function cleanContent(content: unknown): unknown {
  if (content && typeof content === 'object' && (content as Json).type === 'tableContent') {
    const table = content as Json & { rows?: { cells: unknown[] }[] };
    return {
      ...table,
      rows: (table.rows ?? []).map((row) => ({
        ...row,
        cells: row.cells.map((cell) =>
          cell && typeof cell === 'object' && !Array.isArray(cell)
            ? { ...(cell as Json), content: cleanInline((cell as Json).content) }
            : cleanInline(cell),
        ),
      })),
    };
  }
  return cleanInline(content);
}

/**
 * A BlockNote document with every link target and media URL checked: documents come
 * from imported logs and other tabs, and BlockNote renders hrefs and srcs as given. Unsafe links
 * become plain text, and so does a link to a note whose note id is not one (docs/architecture.md
 * "Links between notes"); unsafe media URLs become empty; SVG images are sanitized (svgImages.ts). Returns
 * new blocks; the input is unchanged.
 * @throws PurifierNotLoadedError when a block holds a link or an SVG image and `loadPurifier()` has not resolved.
 */
export function sanitizeBlocks<T>(blocks: T[]): T[] {
  return blocks.map((block) => {
    const b = block as Json & { props?: Json; children?: unknown[] };
    const props =
      b.props && MEDIA_BLOCKS.has(String(b.type)) && 'url' in b.props ? { ...b.props, url: safeMediaUrl(b.props.url) } : b.props;
    return { ...b, props, content: cleanContent(b.content), children: sanitizeBlocks(b.children ?? []) } as T;
  });
}

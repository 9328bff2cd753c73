import type { DOMPurify } from 'dompurify';
import { fromBase64, toBase64 } from '../lib/base64';
import { purifier } from './purifier';

/*
 * SVG images in notes (docs/product.md "What each format keeps", "Validation rules"): kept as vectors, as
 * `data:image/svg+xml;base64,` URLs of the SVG sanitized by DOMPurify's SVG profile (scripts, event
 * handlers, `<foreignObject>`, `<use>` and animations go), with every reference to another file or
 * site removed (only `#fragment` links and raster `data:` images stay), so a note never holds an SVG
 * that could run a script or fetch anything, also once exported as a file.
 */

/** The start of an SVG data URL, as notes store it. */
const SVG_DATA_URL_PREFIX = 'data:image/svg+xml;base64,';
/** An SVG data URL in any of the forms a paste or an imported page may give (base64 or URL-encoded). */
const SVG_DATA_URL = /^data:image\/svg\+xml(?:;charset=[\w-]+)?(;base64)?,/i;
/** Reference attributes that may stay: a fragment of the same image, or an embedded raster image. */
const LOCAL_REFERENCE = /^(?:#|data:image\/(?:png|jpe?g|gif|webp|avif|bmp);base64,)/i;
/** Width an SVG without a size of its own is given (px): Chromium shows such an image 150 px high. */
const SVG_DEFAULT_WIDTH_PX = 150;
/** Cleaned URLs by the URL they were made from: a note shown again does not sanitize its images again. */
const CLEANED_CACHE_SIZE = 200;
/** Longer URLs are cleaned each time rather than kept twice in memory. */
const CLEANED_CACHE_MAX_URL = 100_000;

/** An SVG made safe for a note: its data URL and the width it is shown at (px, from its own size). */
export interface SvgImage {
  url: string;
  /** The SVG's own width in px: its `width` attribute, else its viewBox's width, else SVG_DEFAULT_WIDTH_PX. */
  width: number;
}

let instance: DOMPurify | null = null;

/** DOMPurify configured for SVG images, an instance of its own (its hook and settings touch no other sanitizing). */
function svgPurifier(): DOMPurify {
  if (instance) return instance;
  const made = purifier()(globalThis);
  made.setConfig({ USE_PROFILES: { svg: true, svgFilters: true }, RETURN_DOM_FRAGMENT: true });
  made.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    // Namespace declarations are written by the serializer from the elements' own namespaces.
    if (name === 'xmlns' || name.startsWith('xmlns:')) data.keepAttr = false;
    else if ((name === 'href' || name === 'xlink:href' || name === 'src') && !LOCAL_REFERENCE.test(data.attrValue.trim()))
      data.keepAttr = false;
  });
  instance = made;
  return made;
}

/** A length in px from an SVG attribute ("120", "120px", "90.5"), or null for other units and percentages. */
function pixels(value: string | null): number | null {
  const match = value === null ? null : /^\s*([\d.]+)\s*(px)?\s*$/i.exec(value);
  const px = match ? Number(match[1]) : NaN;
  return Number.isFinite(px) && px > 0 ? px : null;
}

/** The width an SVG root gives itself (px). */
function ownWidth(svg: Element): number {
  const width = pixels(svg.getAttribute('width'));
  if (width) return Math.round(width);
  const viewBox = (svg.getAttribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (viewBox.length === 4 && viewBox[2] > 0 && Number.isFinite(viewBox[2])) return Math.max(1, Math.round(viewBox[2]));
  return SVG_DEFAULT_WIDTH_PX;
}

/**
 * An SVG file's text made safe for a note: sanitized with DOMPurify's SVG profile, references to other
 * files removed, serialized as XML into a base64 data URL. Returns null when the text holds no SVG image.
 * @throws PurifierNotLoadedError before `loadPurifier()` has resolved.
 */
export function cleanSvg(text: string): SvgImage | null {
  // The XML prolog and doctype mean nothing to the HTML parser DOMPurify reads with.
  const fragment = svgPurifier().sanitize(
    text.replace(/^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)?/i, ''),
  ) as unknown as DocumentFragment;
  const svg = Array.from(fragment.children).find((element) => element.localName === 'svg');
  if (!svg) return null;
  return {
    url: SVG_DATA_URL_PREFIX + toBase64(new TextEncoder().encode(new XMLSerializer().serializeToString(svg))),
    width: ownWidth(svg),
  };
}

/** True for a `data:` URL of an SVG image (whatever its encoding). */
export function isSvgDataUrl(url: string): boolean {
  return SVG_DATA_URL.test(url);
}

/** The text of an SVG data URL, or null when it cannot be decoded. */
function svgText(url: string): string | null {
  const match = SVG_DATA_URL.exec(url);
  if (!match) return null;
  const data = url.slice(match[0].length);
  try {
    if (!match[1]) return decodeURIComponent(data);
    return new TextDecoder().decode(fromBase64(data));
  } catch {
    return null;
  }
}

const cleaned = new Map<string, string | null>();

/**
 * An SVG data URL made safe (cleanSvg), or null when it holds no SVG image. Results are cached by URL,
 * so showing a note again costs no sanitizing.
 * @throws PurifierNotLoadedError before `loadPurifier()` has resolved.
 */
export function cleanSvgDataUrl(url: string): string | null {
  const known = cleaned.get(url);
  if (known !== undefined) return known;
  const text = svgText(url);
  const safe = text === null ? null : (cleanSvg(text)?.url ?? null);
  if (url.length > CLEANED_CACHE_MAX_URL) return safe;
  if (cleaned.size >= CLEANED_CACHE_SIZE) cleaned.delete(cleaned.keys().next().value!);
  cleaned.set(url, safe);
  return safe;
}

/** An SVG file (`image/svg+xml`) as a safe image for a note, or null when it holds none. @throws PurifierNotLoadedError. */
export async function svgFileImage(file: Blob): Promise<SvgImage | null> {
  return cleanSvg(await file.text());
}

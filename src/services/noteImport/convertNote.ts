import { DEFAULT_NOTE_TITLE } from '../../projections/notesState';
import { IMAGE_MAX_WIDTH_PX, fileToDataUrl } from '../imageConversion';
import { cleanSvg } from '../svgImages';
import type { DroppedItem } from '../../importers/neutralNotes';
import type { PreparedAttachment, PreparedNote } from './readerProtocol';
import { hoistImages } from './hoistImages';
import { linkNotes } from './noteLinksIn';
import type { NoteLinkTo } from './importLinks';

/**
 * What conversion needs of the editor and the paste path, given by the page (src/ui/import): BlockNote's
 * own parsers and serializer over NotePad's schema, and the paste's sanitizer.
 */
export interface ConversionTools {
  /** BlockNote's `markdownToHTML`. */
  markdownToHtml(markdown: string): string;
  /** The paste's cleaning of HTML (DOMPurify and the URL policy of stored notes). */
  clean(html: string): string;
  /** The editor's `tryParseHTMLToBlocks` with NotePad's schema. */
  parseHtml(html: string): unknown[];
  /** The editor's `blocksToFullHTML`: what a body save stores as `note_{id}`. */
  toHtml(blocks: unknown[]): string;
}

/** A note ready to become a note.imported event. Times in ms since 1970 (UTC), or null when the source has none. */
export interface ConvertedNote {
  title: string;
  html: string;
  blocks: unknown[];
  createdAt: number | null;
  modifiedAt: number | null;
  starred: boolean;
  /** What of the note stayed behind (the reader's findings and the files that are not images), each with its reason. */
  dropped: DroppedItem[];
}

const ATTACHMENT = 'attachment:';
/** Why an SVG that holds no image after sanitizing does not come along (as a raster image that cannot be decoded). */
const SVG_UNREADABLE = 'the image could not be read (image/svg+xml)';

/** An attachment ready to place: an image with its data URL and width (px), or a file that stays behind. */
type PlacedAttachment =
  { ref: string; name: string; kind: 'image'; url: string; width: number } | { ref: string; name: string; kind: 'dropped'; reason: string };

/** The body of an HTML or Markdown note as an HTML document (Markdown through BlockNote's own converter). */
function bodyDocument(note: PreparedNote, tools: ConversionTools): Document {
  const { format, text } = note.body;
  return new DOMParser().parseFromString(format === 'markdown' ? tools.markdownToHtml(text) : text, 'text/html');
}

/** A paragraph as the editor's parser makes it, per set of tools. */
const paragraphTemplates = new WeakMap<ConversionTools, Record<string, unknown>>();

/**
 * Paragraph blocks of the lines of a text, exactly: an empty line is an empty paragraph, spaces stay
 * (HTML would drop both). Made from a paragraph the editor's parser made, so every prop is its default.
 */
function paragraphs(lines: string[], tools: ConversionTools): unknown[] {
  if (lines.length === 0) return [];
  let template = paragraphTemplates.get(tools);
  if (!template) {
    template = tools.parseHtml('<p>x</p>')[0] as Record<string, unknown>;
    paragraphTemplates.set(tools, template);
  }
  return lines.map((line) => ({
    ...template,
    id: crypto.randomUUID(),
    content: line === '' ? [] : [{ type: 'text', text: line, styles: {} }],
    children: [],
  }));
}

/** The lines of a text note, without the line break that ends the last one. */
const linesOf = (text: string) => (text === '' ? [] : text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n'));

/** The attachment an `attachment:REF` URL names, or undefined (not an attachment URL, or an unknown ref). */
function named(url: string | null, byRef: Map<string, PlacedAttachment>): PlacedAttachment | undefined {
  return url?.startsWith(ATTACHMENT) ? byRef.get(url.slice(ATTACHMENT.length)) : undefined;
}

/** An image element for an attachment, under the rules of an inserted image: shown at most IMAGE_MAX_WIDTH_PX wide. */
function imageElement(doc: Document, name: string, url: string, width: number, alt?: string | null): HTMLImageElement {
  const image = doc.createElement('img');
  image.src = url;
  image.alt = alt || name;
  image.setAttribute('width', String(Math.min(width, IMAGE_MAX_WIDTH_PX)));
  return image;
}

/**
 * The attachments as data URLs: raster images as their JPEG, SVG images sanitized (svgImages.ts: an SVG
 * that holds no image stays behind), other files as they are.
 */
async function placeable(attachments: PreparedAttachment[]): Promise<PlacedAttachment[]> {
  const placed: PlacedAttachment[] = [];
  for (const attachment of attachments) {
    const { ref, name } = attachment;
    if (attachment.kind === 'image') {
      const url = await fileToDataUrl(new Blob([attachment.jpeg as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }));
      placed.push({ ref, name, kind: 'image', url, width: attachment.width });
    } else if (attachment.kind === 'svg') {
      const svg = cleanSvg(attachment.svg);
      placed.push(svg ? { ref, name, kind: 'image', ...svg } : { ref, name, kind: 'dropped', reason: SVG_UNREADABLE });
    } else placed.push(attachment);
  }
  return placed;
}

/**
 * Put the attachments in: `attachment:` images and links to images become images with their data
 * URLs; links to files that stay behind become their text; images no body refers to go at the end.
 * Returns the attachments that stayed behind.
 */
function placeAttachments(doc: Document, attachments: PlacedAttachment[]): Extract<PlacedAttachment, { kind: 'dropped' }>[] {
  const byRef = new Map(attachments.map((a) => [a.ref, a]));
  const used = new Set<string>();
  for (const image of Array.from(doc.querySelectorAll('img'))) {
    const attachment = named(image.getAttribute('src'), byRef);
    if (!attachment) continue;
    used.add(attachment.ref);
    if (attachment.kind === 'image') {
      image.replaceWith(imageElement(doc, attachment.name, attachment.url, attachment.width, image.getAttribute('alt')));
    } else {
      image.replaceWith(doc.createTextNode(image.getAttribute('alt') || attachment.name));
    }
  }
  for (const link of Array.from(doc.querySelectorAll('a[href]'))) {
    const attachment = named(link.getAttribute('href'), byRef);
    if (!attachment) continue;
    used.add(attachment.ref);
    if (attachment.kind === 'image') {
      link.replaceWith(imageElement(doc, attachment.name, attachment.url, attachment.width));
    } else {
      link.replaceWith(...Array.from(link.childNodes));
    }
  }
  for (const attachment of attachments) {
    if (attachment.kind === 'image' && !used.has(attachment.ref)) {
      doc.body.append(imageElement(doc, attachment.name, attachment.url, attachment.width));
    }
  }
  return attachments.filter((a) => a.kind === 'dropped');
}

/** True for a document of nothing but empty paragraphs: stored as "", as an empty note is. */
function isEmptyDocument(blocks: unknown[]): boolean {
  return blocks.every((block) => {
    const b = block as { type?: unknown; content?: unknown; children?: unknown[] };
    return b.type === 'paragraph' && Array.isArray(b.content) && b.content.length === 0 && !b.children?.length;
  });
}

/**
 * Convert one imported note (docs/architecture.md "Import pipeline"): its body to HTML (Markdown with
 * BlockNote's converter, text one paragraph per line), its images in as JPEG data URLs (SVG images as
 * sanitized SVG data URLs) shown at most IMAGE_MAX_WIDTH_PX wide, other files left out and listed, everything
 * sanitized exactly as a paste is, parsed into blocks by the editor's own parser, and the HTML derived
 * from those blocks as a body save derives it. Links to other notes the reader named (`import-note:`,
 * `import-title:`) become links to the notes `linkTo` finds, else their text. An empty title becomes "Untitled Note".
 * @throws when the body cannot be parsed at all (the note is then skipped and listed by the caller);
 * PurifierNotLoadedError before `loadPurifier()` has resolved.
 */
export async function convertNote(note: PreparedNote, tools: ConversionTools, linkTo?: NoteLinkTo): Promise<ConvertedNote> {
  const attachments = await placeable(note.attachments);
  const text = note.body.format === 'text';
  // Text is not markup: its lines become paragraphs as they are; the HTML part then holds only images.
  const doc = text ? new DOMParser().parseFromString('', 'text/html') : bodyDocument(note, tools);
  const left = placeAttachments(doc, attachments);
  linkNotes(doc, linkTo);
  // BlockNote keeps an image only as a block of its own: one inside a line of text would be lost.
  hoistImages(doc.body);
  const html = doc.body.innerHTML;
  const blocks = [...(text ? paragraphs(linesOf(note.body.text), tools) : []), ...(html ? tools.parseHtml(tools.clean(html)) : [])];
  const title = note.title.trim() === '' ? DEFAULT_NOTE_TITLE : note.title;
  const dropped = [...note.dropped, ...left.map((a) => ({ item: a.name, reason: a.reason }))];
  return {
    title,
    html: isEmptyDocument(blocks) ? '' : tools.toHtml(blocks),
    blocks,
    createdAt: note.createdAt,
    modifiedAt: note.modifiedAt,
    starred: note.starred,
    dropped,
  };
}

/*
 * ENML (the XHTML inside an ENEX note's `<content>`) to HTML the import pipeline sanitizes and converts
 * (docs/product.md "What each format keeps"): `<en-media>` as images (`attachment:REF`) or links to the
 * file, the three checklist forms as checkboxes, code blocks as `<pre><code>`, `<en-crypt>` as a visible
 * paragraph. Everything else stays as Evernote wrote it.
 */
import { isImage } from '../mime';
import type { DroppedItem } from '../neutralNotes';
import {
  DomUtils,
  element,
  findAll,
  isElement,
  isText,
  parseMarkup,
  serialize,
  styleProperty,
  textNode,
  type ChildNode,
  type Element,
} from '../html/dom';
import { rewriteTaskGroups, rewriteTodoLists, rewriteTodos } from './checklists';
import type { RawTask } from './parse';
import type { EnexResource } from './enexResources';

/** What the converter needs of its note: its resources by name, and its tasks. */
export interface EnmlNote {
  /** The resource an `<en-media hash>` names (by MD5, else by recognition objID); records it as used. */
  resourceFor(hash: string): EnexResource | undefined;
  tasks: RawTask[];
}

/** Thrown for content that is not Evernote's note markup: the note is skipped with this reason. */
export class EnmlError extends Error {}

const ENCRYPTED_TEXT = 'Encrypted text from Evernote: NotePad cannot decrypt it, so it is not imported.';

const CODE_LINES = ['div', 'p', 'pre', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote'];

/** A code block's text with its line breaks: each line `<div>` and `<br/>` is one line. */
function codeText(nodes: ChildNode[]): string {
  let out = '';
  for (const node of nodes) {
    if (isText(node)) out += node.data;
    else if (isElement(node) && node.name === 'br') out += '\n';
    else if (isElement(node) && CODE_LINES.includes(node.name)) {
      let line = codeText(node.children);
      if (line.endsWith('\n')) line = line.slice(0, -1);
      if (out && !out.endsWith('\n')) out += '\n';
      out += `${line}\n`;
    } else if (isElement(node)) out += codeText(node.children);
  }
  return out;
}

/** The element for a resource: an image, or a link that names a file NotePad does not keep. */
export function mediaElement(resource: EnexResource, media?: Element): Element {
  const { ref, name, mime } = resource.attachment;
  if (!isImage(mime)) return element('a', { href: `attachment:${ref}` }, [textNode(name)]);
  const attribs: Record<string, string> = { src: `attachment:${ref}`, alt: media?.attribs.alt ?? name };
  if (media?.attribs.width && /^\d+$/.test(media.attribs.width)) attribs.width = media.attribs.width;
  return element('img', attribs);
}

function rewriteMedia(root: Element, note: EnmlNote, dropped: DroppedItem[]): void {
  for (const media of findAll(root, (node) => node.name === 'en-media')) {
    const resource = note.resourceFor((media.attribs.hash ?? '').toLowerCase());
    if (resource) {
      DomUtils.replaceElement(media, mediaElement(resource, media));
      continue;
    }
    dropped.push({ item: `${media.attribs.type || 'attachment'} ${media.attribs.hash ?? ''}`.trim(), reason: 'not in the export' });
    DomUtils.removeElement(media);
  }
}

function rewriteCrypt(root: Element, dropped: DroppedItem[]): void {
  for (const crypt of findAll(root, (node) => node.name === 'en-crypt')) {
    const hint = crypt.attribs.hint ? ` (hint: ${crypt.attribs.hint})` : '';
    DomUtils.replaceElement(crypt, element('p', {}, [element('em', {}, [textNode(`${ENCRYPTED_TEXT}${hint}`)])]));
    dropped.push({ item: `encrypted text${hint}`, reason: 'encrypted in Evernote: NotePad cannot decrypt it' });
  }
}

function rewriteCodeBlocks(root: Element): void {
  // Outer blocks first: a code block inside another one is part of its text.
  for (const block of findAll(root, (node) => styleProperty(node, '--en-codeblock') === 'true')) {
    if (!block.parent) continue;
    const code = codeText(block.children).replace(/\n$/, '');
    DomUtils.replaceElement(block, element('pre', {}, [element('code', {}, [textNode(code)])]));
  }
}

/**
 * A note's ENML as HTML, with what could not come along in `dropped`. Throws EnmlError when the content
 * has no `<en-note>` (not Evernote's note markup).
 */
export function enmlToHtml(enml: string, note: EnmlNote): { html: string; dropped: DroppedItem[] } {
  const document = parseMarkup(enml);
  const root = DomUtils.findOne((node) => node.name === 'en-note', document.children, true);
  if (!root) throw new EnmlError('its content is not Evernote note markup (no <en-note>)');
  const dropped: DroppedItem[] = [];
  rewriteCrypt(root, dropped);
  rewriteMedia(root, note, dropped);
  rewriteCodeBlocks(root);
  rewriteTodoLists(root);
  rewriteTodos(root);
  const unplaced = rewriteTaskGroups(root, note.tasks);
  return { html: serialize([...root.children, ...unplaced]), dropped };
}

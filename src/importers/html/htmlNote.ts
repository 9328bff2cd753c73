/*
 * An HTML file as an ImportedNote (docs/product.md "What each format keeps"): the title from `<title>`,
 * else the file name; the `<body>`'s content; `<img>` files beside it and `data:` images kept as
 * attachments. Sanitizing is the pipeline's.
 */
import { fromBase64 } from '../../lib/base64';
import { NoteAttachments } from '../folder/attachments';
import type { SourceFile } from '../folder/files';
import { fileDates, noteSource, titleFromPath, type NoteContext } from '../folder/noteContext';
import { formatBytes } from '../limits';
import { dirOf } from '../paths';
import type { ImportedNote } from '../neutralNotes';
import { DomUtils, findAll, isDirective, isElement, parseMarkup, serialize, type ChildNode, type Element } from './dom';

const HEAD_ONLY = ['head', 'title', 'meta', 'link', 'style', 'script', 'base'];
const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[^,]*)?,/i;

/** The nodes a page shows (the live list, so removals show): the `<body>`'s children, else the document's without its head. */
function pageContent(document: ReturnType<typeof parseMarkup>): ChildNode[] {
  const body = DomUtils.findOne((node) => node.name === 'body', document.children, true);
  if (body) return body.children;
  const html = DomUtils.findOne((node) => node.name === 'html', document.children, true);
  const parent = html ?? document;
  for (const node of [...parent.children])
    if ((isElement(node) && HEAD_ONLY.includes(node.name)) || isDirective(node)) DomUtils.removeElement(node);
  return parent.children;
}

/** Removes a first `<h1>` whose text is the title (Notion's page header). */
function dropTitleHeading(content: ChildNode[], title: string): void {
  const first = findAll(content, (node) => node.name === 'h1')[0];
  if (first && DomUtils.textContent(first).trim().toLowerCase() === title.trim().toLowerCase()) DomUtils.removeElement(first);
}

async function rewriteImage(image: Element, attachments: NoteAttachments, maxBytes: number): Promise<void> {
  const src = (image.attribs.src ?? '').trim();
  const data = DATA_URL.exec(src);
  if (data) {
    const name = image.attribs.alt?.trim() || 'image';
    try {
      if (!/;base64/i.test(data[2] ?? '')) throw new Error('not base64');
      const bytes = fromBase64(src.slice(data[0].length));
      if (bytes.length > maxBytes) {
        attachments.dropped.push({ item: name, reason: `larger than ${formatBytes(maxBytes)}` });
        DomUtils.removeElement(image);
        return;
      }
      image.attribs.src = `attachment:${attachments.addBytes(name, bytes, data[1])}`;
    } catch {
      attachments.dropped.push({ item: name, reason: 'damaged (its data: URL cannot be decoded)' });
      DomUtils.removeElement(image);
    }
    return;
  }
  if (!src || /^[a-z][a-z0-9+.-]*:/i.test(src) || src.startsWith('//')) return;
  const ref = await attachments.addTarget(src.split(/[?#]/)[0]);
  if (ref) image.attribs.src = `attachment:${ref}`;
  else DomUtils.removeElement(image);
}

/** An HTML note from the text of `file`. Throws only the signal's reason. */
export async function htmlNote(file: SourceFile, text: string, context: NoteContext): Promise<ImportedNote> {
  const document = parseMarkup(text);
  const titleElement = DomUtils.findOne((node) => node.name === 'title', document.children, true);
  const title = (titleElement ? DomUtils.textContent(titleElement).trim() : '') || titleFromPath(file.path);
  const content = pageContent(document);
  dropTitleHeading(content, title);
  const attachments = new NoteAttachments(context, dirOf(file.path));
  for (const image of findAll(content, (node) => node.name === 'img')) {
    await rewriteImage(image, attachments, context.limits.maxAttachmentBytes);
  }
  const dates = fileDates(file);
  return {
    title,
    body: { format: 'html', text: serialize(content).trim() },
    ...dates,
    tags: [],
    notebook: context.notebookOf(file.path),
    starred: false,
    attachments: attachments.attachments,
    source: noteSource(file, context),
    dropped: attachments.dropped,
  };
}

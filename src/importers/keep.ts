/*
 * Google Keep Takeout notes (docs/product.md "What each format keeps"): each note's `.json` is the note
 * (its `.html` twin is not a second one). Text, checklists, labels, pinned, archived and the attachments
 * Takeout stores beside it come along; notes in the trash are skipped.
 */
import { parseMicroseconds } from './dates';
import { NoteAttachments } from './folder/attachments';
import type { SourceFile } from './folder/files';
import { noteSource, type NoteContext } from './folder/noteContext';
import { element, serialize, textNode, type Element } from './html/dom';
import { isImage } from './mime';
import { dirOf } from './paths';
import type { ReaderItem } from './neutralNotes';

/** The fields of a Keep note's JSON that NotePad reads. */
interface KeepJson {
  title?: unknown;
  textContent?: unknown;
  textContentHtml?: unknown;
  listContent?: unknown;
  labels?: unknown;
  attachments?: unknown;
  isPinned?: unknown;
  isArchived?: unknown;
  isTrashed?: unknown;
  createdTimestampUsec?: unknown;
  userEditedTimestampUsec?: unknown;
}

const TITLE_FROM_TEXT_CHARS = 80;
/** The tag an archived note gets: Keep's archive is a place NotePad has no other way to keep. */
const KEEP_ARCHIVED_TAG = 'archived';

/** Whether parsed JSON is a Keep note: an object with Keep's text or list and its edit time or flags. */
export function isKeepNote(json: unknown): json is KeepJson {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return false;
  const note = json as KeepJson;
  const hasBody = typeof note.textContent === 'string' || Array.isArray(note.listContent);
  const hasKeepFields = 'userEditedTimestampUsec' in note || 'createdTimestampUsec' in note || 'isTrashed' in note;
  return hasBody && hasKeepFields;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function objects(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => !!item && typeof item === 'object') : [];
}

/** Plain text as paragraphs, one a line. */
function paragraphs(content: string): Element[] {
  return content
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => element('p', {}, line ? [textNode(line)] : []));
}

function checklist(items: Record<string, unknown>[]): Element {
  return element(
    'ul',
    {},
    items.map((item) =>
      element('li', {}, [
        element('input', item.isChecked === true ? { type: 'checkbox', checked: '' } : { type: 'checkbox' }),
        textNode(text(item.text)),
      ]),
    ),
  );
}

/** A Keep note (or the skipped item for one in the trash) from its parsed JSON. Throws only the signal's reason. */
export async function keepNote(file: SourceFile, json: KeepJson, context: NoteContext): Promise<ReaderItem> {
  const textContent = text(json.textContent);
  const title = text(json.title).trim() || textContent.trim().split('\n')[0].slice(0, TITLE_FROM_TEXT_CHARS).trim();
  if (json.isTrashed === true) return { kind: 'skipped', skipped: { title, path: file.path, reason: 'in the trash' } };
  const html = text(json.textContentHtml);
  const items = objects(json.listContent);
  let body = html.trim() ? html : serialize(paragraphs(textContent));
  if (items.length) body = (textContent.trim() || html.trim() ? body : '') + serialize(checklist(items));
  const attachments = new NoteAttachments(context, dirOf(file.path));
  for (const attachment of objects(json.attachments)) {
    const path = text(attachment.filePath);
    if (!path) continue;
    const ref = await attachments.addTarget(path, true);
    const kept = attachments.attachments.find((candidate) => candidate.ref === ref);
    if (!ref || !kept) continue;
    const shown = isImage(kept.mime)
      ? element('img', { src: `attachment:${ref}`, alt: kept.name })
      : element('a', { href: `attachment:${ref}` }, [textNode(kept.name)]);
    body += serialize(element('p', {}, [shown]));
  }
  const labels = objects(json.labels).map((label) => text(label.name).trim());
  const createdAt = parseMicroseconds(json.createdTimestampUsec);
  return {
    kind: 'note',
    note: {
      title,
      body: { format: 'html', text: body },
      createdAt,
      modifiedAt: parseMicroseconds(json.userEditedTimestampUsec) ?? createdAt,
      tags: [...new Set([...labels, ...(json.isArchived === true ? [KEEP_ARCHIVED_TAG] : [])].filter(Boolean))],
      notebook: [],
      starred: json.isPinned === true,
      attachments: attachments.attachments,
      source: noteSource(file, context),
      dropped: attachments.dropped,
    },
  };
}

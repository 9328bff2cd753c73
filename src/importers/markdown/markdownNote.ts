/*
 * A Markdown file as an ImportedNote (docs/product.md "What each format keeps"): front matter read and
 * removed, the title from it or the file name, a first heading equal to the title not repeated, callouts
 * and block ids read (obsidianBlocks.ts), embeds and links rewritten to `attachment:REF`, links to other notes to
 * the URLs of the folder's note links (noteLinkTargets.ts), inline tags kept. The body stays Markdown for BlockNote's parser.
 */
import { NoteAttachments } from '../folder/attachments';
import type { SourceFile } from '../folder/files';
import { fileDates, noteSource, titleFromPath, type NoteContext } from '../folder/noteContext';
import { extensionOf, isImage } from '../mime';
import { dirOf } from '../paths';
import type { DroppedItem, ImportedNote } from '../neutralNotes';
import { splitFrontMatter, type FrontMatter } from './frontMatter';
import { rewriteMarkdown, type Resolved } from './rewrite';
import { readObsidianBlocks } from './obsidianBlocks';
import { readNotionProperties } from './notionProperties';

const NOTE_EXTENSIONS = ['md', 'markdown', 'html', 'htm', 'txt'];
const HEADING = /^\s*#\s+(.+?)\s*#*\s*$/;

/** Keys NotePad's own export writes; front matter with only these (and title, created, modified) is its. */
const NOTEPAD_KEYS = ['title', 'id', 'created', 'modified', 'starred', 'order'];
/** Keys its export writes for organised notes, always with `id` (other apps write `tags` too). */
const NOTEPAD_ORGANISATION_KEYS = ['tags', 'notebook'];

/** Whether front matter is NotePad's own export's. */
export function isNotepadFrontMatter(front: FrontMatter | null): boolean {
  if (!front) return false;
  const allowed = front.keys.includes('id') ? [...NOTEPAD_KEYS, ...NOTEPAD_ORGANISATION_KEYS] : NOTEPAD_KEYS;
  return ['title', 'created', 'modified'].every((key) => front.keys.includes(key)) && front.keys.every((key) => allowed.includes(key));
}

/** The body without a first `# Heading` that repeats the title. */
function withoutTitleHeading(body: string, title: string): string {
  const lines = body.split('\n');
  const first = lines.findIndex((line) => line.trim() !== '');
  const heading = first >= 0 ? HEADING.exec(lines[first]) : null;
  if (!heading || heading[1].trim().toLowerCase() !== title.trim().toLowerCase()) return body;
  lines.splice(first, 1);
  return lines.join('\n').replace(/^\s*\n/, '');
}

/** Resolves every link target of a body: attachments read, note links told apart, missing ones listed. */
async function resolveTargets(body: string, attachments: NoteAttachments): Promise<Map<string, Resolved>> {
  const targets = new Map<string, boolean>();
  rewriteMarkdown(body, (target, embed) => {
    targets.set(target, embed || targets.get(target) === true);
    return { kind: 'missing' };
  });
  const answers = new Map<string, Resolved>();
  for (const [target, embed] of targets) {
    const extension = extensionOf(target);
    const file = attachments.find(target);
    if (NOTE_EXTENSIONS.includes(extension) || (!file && extension === '' && embed)) {
      answers.set(target, { kind: 'note' });
      continue;
    }
    if (!file && !embed) {
      answers.set(target, { kind: 'missing' });
      continue;
    }
    const ref = file ? await attachments.add(file) : await attachments.addTarget(target);
    const attachment = attachments.attachments.find((candidate) => candidate.ref === ref);
    answers.set(target, ref && attachment ? { kind: 'attachment', ref, image: isImage(attachment.mime) } : { kind: 'missing' });
  }
  return answers;
}

/** A Markdown note from the text of `file`. Throws only the signal's reason. */
export async function markdownNote(file: SourceFile, text: string, context: NoteContext): Promise<ImportedNote> {
  const { body: rawBody, front, problem } = splitFrontMatter(text);
  const dropped: DroppedItem[] = problem ? [{ item: 'front matter', reason: problem }] : [];
  const title = front?.title ?? titleFromPath(file.path);
  const untitled = withoutTitleHeading(rawBody, title);
  const notion = context.isDatabaseRow?.(file.path) ? readNotionProperties(untitled) : { body: untitled, tags: [] };
  const body = readObsidianBlocks(notion.body);
  const attachments = new NoteAttachments(context, dirOf(file.path));
  const answers = await resolveTargets(body, attachments);
  const { noteLinkUrl } = context;
  const rewritten = rewriteMarkdown(
    body,
    (target) => answers.get(target) ?? { kind: 'missing' },
    context.app === 'bear',
    noteLinkUrl && ((target, wiki) => noteLinkUrl(target, file.path, wiki)),
  );
  const dates = fileDates(file);
  const createdAt = front?.created ?? dates.createdAt;
  return {
    title,
    body: { format: 'markdown', text: rewritten.text },
    createdAt,
    modifiedAt: front?.modified ?? dates.modifiedAt ?? createdAt,
    tags: [...new Set([...(front?.tags ?? []), ...notion.tags, ...rewritten.tags])],
    notebook: front?.notebook ?? context.notebookOf(file.path),
    starred: front?.starred ?? false,
    attachments: attachments.attachments,
    source: noteSource(file, context),
    dropped: [...dropped, ...attachments.dropped],
  };
}

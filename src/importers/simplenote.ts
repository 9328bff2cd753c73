/*
 * Simplenote's `notes.json` (docs/product.md "What each format keeps"): `{activeNotes, trashedNotes}`;
 * a note's first line is its title and the rest its body (Markdown when the note says so); trashed notes
 * are skipped and counted.
 */
import { parseLooseDate } from './dates';
import { tagList } from './markdown/frontMatter';
import type { ReaderItem, SourceApp } from './neutralNotes';

/** The parts of Simplenote's export NotePad reads. */
export interface SimplenoteExport {
  activeNotes: Record<string, unknown>[];
  trashedNotes: Record<string, unknown>[];
}

function notes(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((note): note is Record<string, unknown> => !!note && typeof note === 'object') : [];
}

/** The export, when parsed JSON is Simplenote's (an object with an `activeNotes` list); else null. */
export function asSimplenoteExport(json: unknown): SimplenoteExport | null {
  if (!json || typeof json !== 'object' || !Array.isArray((json as { activeNotes?: unknown }).activeNotes)) return null;
  const value = json as { activeNotes: unknown; trashedNotes?: unknown };
  return { activeNotes: notes(value.activeNotes), trashedNotes: notes(value.trashedNotes) };
}

function splitTitle(content: string, markdown: boolean): { title: string; body: string } {
  const text = content.replace(/\r\n?/g, '\n');
  const newline = text.indexOf('\n');
  const first = newline < 0 ? text : text.slice(0, newline);
  const title = (markdown ? first.replace(/^\s*#+\s*/, '') : first).trim();
  return { title, body: newline < 0 ? '' : text.slice(newline + 1).replace(/^\n+/, '') };
}

function has(note: Record<string, unknown>, flag: 'pinned' | 'markdown'): boolean {
  return note[flag] === true || (Array.isArray(note.systemTags) && note.systemTags.includes(flag));
}

/** The items of a Simplenote export: its notes, then its trashed notes as skipped. */
export function* simplenoteItems(
  data: SimplenoteExport,
  file: string,
  path: string | undefined,
  app: SourceApp = 'simplenote',
): Generator<ReaderItem> {
  for (const note of data.activeNotes) {
    const markdown = has(note, 'markdown');
    const { title, body } = splitTitle(typeof note.content === 'string' ? note.content : '', markdown);
    const createdAt = parseLooseDate(note.creationDate);
    yield {
      kind: 'note',
      note: {
        title,
        body: { format: markdown ? 'markdown' : 'text', text: body },
        createdAt,
        modifiedAt: parseLooseDate(note.lastModified) ?? createdAt,
        tags: tagList(note.tags),
        notebook: [],
        starred: has(note, 'pinned'),
        attachments: [],
        source: path ? { app, file, path } : { app, file },
        dropped: [],
      },
    };
  }
  for (const note of data.trashedNotes) {
    const { title } = splitTitle(typeof note.content === 'string' ? note.content : '', has(note, 'markdown'));
    yield { kind: 'skipped', skipped: { title, path, reason: 'in the trash' } };
  }
}

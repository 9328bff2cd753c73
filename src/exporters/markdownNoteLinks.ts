import { noteLinkProps, NOTE_LINK_TYPE } from '../projections/noteLinks/noteLinkShape';
import type { ExportBlock } from './markdownEscapes';
import { assetLink } from './noteAssets';

/*
 * Step 0 of the Markdown of a note (docs/architecture.md "Export all notes"): each link to another
 * note becomes a Markdown link to that note's file in the zip, by relative, URL-encoded path, its text
 * the note's current title (`[Plan](../Work/Plan.md)`), which Obsidian, Joplin and NotePad's importer
 * follow. Lossy only for a link to a note that is not exported (deleted, or never made): it becomes the
 * text it was written with, since there is no file to point at.
 */

/** Where the notes of an export are: the zip path of the note being written, and each note's. */
export interface NoteFiles {
  /** The zip path of the note being written, e.g. "Work/Plan.md". */
  from: string;
  /** The exported note `noteId`'s title and zip path, or undefined when it is not exported. */
  target(noteId: string): { title: string; path: string } | undefined;
}

/**
 * The path from the file `from` to the file `to` (both zip paths, "/"-separated, no leading "/"),
 * each segment URL-encoded as the image links are: "Work/Plan.md" to "Home/To do.md" is
 * "../Home/To%20do.md".
 * @internal Test seam: used here; the tests call it directly.
 */
export function relativeFileLink(from: string, to: string): string {
  const fromDirs = from.split('/').slice(0, -1);
  const toParts = to.split('/');
  let common = 0;
  while (common < fromDirs.length && common < toParts.length - 1 && fromDirs[common] === toParts[common]) common++;
  const up = fromDirs.slice(common).map(() => '..');
  return assetLink([...up, ...toParts.slice(common)].join('/'));
}

/** Inline content with its links to notes turned into Markdown links (or their text). */
function linkInline(content: unknown, files: NoteFiles): unknown {
  if (!Array.isArray(content)) return content;
  return content.flatMap((item: unknown) => {
    const link = (item as { type?: unknown } | null)?.type === NOTE_LINK_TYPE ? noteLinkProps(item) : null;
    if (!link) return [item];
    const target = files.target(link.noteId);
    const text = target?.title ?? link.label;
    if (!text) return [];
    const run = { type: 'text', text, styles: {} };
    return target ? [{ type: 'link', href: relativeFileLink(files.from, target.path), content: [run] }] : [run];
  });
}

/** A table's cells with their links to notes turned likewise. */
function linkTable(content: { rows?: { cells?: unknown[] }[] }, files: NoteFiles): unknown {
  return {
    ...content,
    rows: (content.rows ?? []).map((row) => ({
      ...row,
      cells: (row.cells ?? []).map((cell) =>
        cell && typeof cell === 'object' && !Array.isArray(cell) && 'content' in cell
          ? { ...cell, content: linkInline(cell.content, files) }
          : linkInline(cell, files),
      ),
    })),
  };
}

/**
 * `blocks` with every link to a note written as a link to that note's file (see above). Returns
 * new objects where something changed; the blocks given (the log's) are never changed.
 */
export function linkNoteFiles(blocks: readonly ExportBlock[], files: NoteFiles): ExportBlock[] {
  return blocks.map((block) => {
    const copy: ExportBlock = { ...block };
    const content = block.content as { type?: string; rows?: { cells?: unknown[] }[] } | undefined;
    if (content && typeof content === 'object' && content.type === 'tableContent') copy.content = linkTable(content, files);
    else copy.content = linkInline(block.content, files);
    if (block.children?.length) copy.children = linkNoteFiles(block.children, files);
    return copy;
  });
}

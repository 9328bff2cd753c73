/*
 * What a note read from a folder or zip knows about where it lies, and the parts every format shares:
 * its title from the file name, its dates from the file.
 */
import { baseName, dirOf, stemOf } from '../paths';
import type { ImportedNote, SourceApp } from '../neutralNotes';
import type { FolderContext } from './attachments';
import type { SourceFile } from './files';

/** The notebook path (levels, top first) of the note at a path of the folder or zip (notebookPaths.ts). */
export type NotebookOf = (path: string) => string[];

/** A folder's context plus the source the note is listed under. */
export interface NoteContext extends FolderContext {
  app: SourceApp;
  /** The chosen file's name (the zip, or the note file itself). */
  file: string;
  /** Whether the note lies in a zip (its path is then given in `source.path`). */
  inZip: boolean;
  /** The notebook of the note at a path (notebookPaths.ts). */
  notebookOf: NotebookOf;
  /** Whether the note at a path is a row of a Notion database (its properties open its text); absent: none is. */
  isDatabaseRow?: (path: string) => boolean;
  /**
   * The URL a link to another note is written with (`NoteLinkTargets.url`): `target` as the link gives it,
   * `from` the linking note's path, `wiki` for a `[[wiki link]]`. Absent: links to notes become their text.
   */
  noteLinkUrl?: (target: string, from: string, wiki: boolean) => string;
}

const NOTION_ID = /\s+[0-9a-f]{32}$/i;

/** A note's title from its path: the file name without extension and without Notion's id; a Bear bundle's name. */
export function titleFromPath(path: string): string {
  const folder = dirOf(path);
  if (folder.toLowerCase().endsWith('.textbundle')) return stemOf(baseName(folder));
  return withoutNotionId(stemOf(path));
}

/** A Notion page's or folder's name without its id ("Trip 0f1e…9a" gives "Trip"). */
export function withoutNotionId(name: string): string {
  return name.replace(NOTION_ID, '').trim();
}

/** Whether a file name carries Notion's 32-hex id ("Trip 0f1e…9a.md"). */
export function hasNotionId(path: string): boolean {
  return NOTION_ID.test(stemOf(path));
}

/**
 * Which notes of a Notion export are rows of a database: Notion writes a database as `Name <id>.csv` with
 * its rows' pages in the folder `Name <id>/` beside it.
 */
export function notionDatabaseRows(paths: readonly string[]): (path: string) => boolean {
  const databases = new Set(paths.filter((path) => /\.csv$/i.test(path) && hasNotionId(path)).map((path) => path.slice(0, -'.csv'.length)));
  return (path) => databases.has(dirOf(path));
}

/** The file's dates as the note's: the zip's creation time when it has one, else its last change. */
export function fileDates(file: SourceFile): { createdAt: number | null; modifiedAt: number | null } {
  return { createdAt: file.created ?? file.lastModified, modifiedAt: file.lastModified };
}

/** `source` of an ImportedNote read from `file`. */
export function noteSource(file: SourceFile, context: NoteContext): ImportedNote['source'] {
  return context.inZip ? { app: context.app, file: context.file, path: file.path } : { app: context.app, file: context.file };
}

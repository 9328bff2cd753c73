/*
 * Files chosen together that are neither `.enex` nor `.zip` (docs/product.md "What each format keeps"):
 * they form one folder, so `note.md` finds `image.png` chosen beside it. Each note file is a source of
 * its own; the other files are its attachments, and those no note takes are listed after the last note.
 */
import { decodeText } from '../decode';
import { NOT_A_NOTE_EXPORT } from '../limits';
import { baseName, dirOf, stemOf } from '../paths';
import { asSimplenoteExport, simplenoteItems } from '../simplenote';
import { ImportFileError, type ImportInput, type ImportLimits, type PlannedSource, type ReaderItem, type SourceApp } from '../neutralNotes';
import { classifyFiles, type ClassifiedFile } from './classify';
import { FileTree, looseFile } from './files';
import type { NoteContext } from './noteContext';
import { notebookResolver } from './notebookPaths';
import { linkableNotes } from './noteLinkTargets';
import { readNote } from './readNote';

const APP_OF: Partial<Record<ClassifiedFile['kind'], SourceApp>> = {
  markdown: 'markdown',
  html: 'html',
  text: 'text',
  keep: 'keep',
  simplenote: 'simplenote',
};

/** The items of one chosen note file; the last source also lists the chosen files no note took. */
async function* readLoose(
  note: ClassifiedFile,
  app: SourceApp,
  leftOver: ClassifiedFile[] | null,
  context: NoteContext,
): AsyncGenerator<ReaderItem> {
  if (note.kind === 'simplenote') {
    try {
      const data = asSimplenoteExport(JSON.parse(decodeText(await note.file.read(context.limits.maxNoteBytes, context.signal))));
      if (data) yield* simplenoteItems(data, context.file, undefined, app);
    } catch {
      if (context.signal?.aborted) return;
      yield {
        kind: 'dropped',
        dropped: { item: context.file, reason: 'it could not be read again (changed or moved since it was chosen)' },
      };
    }
  } else {
    try {
      yield await readNote({ file: note.file, kind: note.kind, problem: null }, context);
    } catch {
      return;
    }
  }
  for (const other of leftOver ?? []) {
    if (context.signal?.aborted) return;
    if (!context.tree.isUsed(other.file))
      yield { kind: 'dropped', dropped: { item: other.file.path, reason: other.problem ?? 'no note refers to it' } };
  }
}

/** A path without its extension: a Keep note's `.json` and its `.html` twin share it. */
function stemPath(path: string): string {
  const dir = dirOf(path);
  return dir ? `${dir}/${stemOf(path)}` : stemOf(path);
}

/** A Takeout file chosen with Keep notes that is not a note: a note's `.html` twin, or `Labels.txt`. */
function isKeepCompanion(file: ClassifiedFile, keepNotes: Set<string>): boolean {
  if (file.kind === 'html') return keepNotes.has(stemPath(file.file.path));
  return file.kind === 'text' && baseName(file.file.path) === 'Labels.txt';
}

async function simplenoteCount(file: ClassifiedFile, limits: ImportLimits): Promise<number> {
  const data = asSimplenoteExport(JSON.parse(decodeText(await file.file.read(limits.maxNoteBytes))));
  return data ? data.activeNotes.length + data.trashedNotes.length : 0;
}

/**
 * Plans loose chosen files: one source per note file. Files that are not notes fail with "not a note
 * export" when no note was chosen with them; an empty file or a note over the limit fails too.
 */
export async function planLoose(
  inputs: ImportInput[],
  limits: ImportLimits,
  signal?: AbortSignal,
): Promise<{ sources: PlannedSource[]; failures: ImportFileError[] }> {
  const failures: ImportFileError[] = [];
  const nonEmpty = inputs.filter((input) => {
    if (input.size > 0) return true;
    failures.push(new ImportFileError(input.name, 'an empty file'));
    return false;
  });
  const files = nonEmpty.map(looseFile);
  const classified = await classifyFiles(files, limits, signal);
  const tree = new FileTree(files);
  const notes: ClassifiedFile[] = [];
  const others: ClassifiedFile[] = [];
  const keepNotes = new Set(classified.filter((file) => file.kind === 'keep').map((file) => stemPath(file.file.path)));
  classified.forEach((file, i) => {
    const name = nonEmpty[i].name;
    if (keepNotes.size && isKeepCompanion(file, keepNotes)) return;
    if (file.kind === 'json') failures.push(new ImportFileError(name, NOT_A_NOTE_EXPORT));
    else if (!APP_OF[file.kind]) others.push(file);
    else if (file.problem) failures.push(new ImportFileError(name, file.problem));
    else notes.push(file);
  });
  if (notes.length === 0) {
    for (const other of others) failures.push(new ImportFileError(nonEmpty[classified.indexOf(other)].name, NOT_A_NOTE_EXPORT));
    return { sources: [], failures };
  }
  // A folder chosen whole gives its files paths under that folder, which is the library itself.
  const notebookOf = notebookResolver(
    'files',
    files.map((file) => file.path),
    notes.map((note) => note.file.path),
  );
  const { noteFiles, noteLinkUrl } = linkableNotes(notes);
  const sources: PlannedSource[] = [];
  for (const note of notes) {
    const name = nonEmpty[classified.indexOf(note)].name;
    const app = note.kind === 'markdown' && note.notepad ? 'notepad' : APP_OF[note.kind]!;
    const total = note.kind === 'simplenote' ? await simplenoteCount(note, limits) : 1;
    const leftOver = note === notes[notes.length - 1] ? others : null;
    const own = noteFiles.filter((file) => file.path === note.file.path);
    sources.push({
      file: name,
      app,
      total,
      ...(own.length ? { noteFiles: own, sharedFolder: true } : {}),
      read: (readSignal) =>
        readLoose(note, app, leftOver, { tree, limits, signal: readSignal, app, file: name, inZip: false, notebookOf, noteLinkUrl }),
    });
  }
  return { sources, failures };
}

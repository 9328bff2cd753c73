/*
 * A zip of notes as one PlannedSource (docs/architecture.md "Import from other apps"): an Obsidian vault,
 * a Notion or Bear export, NotePad's own export, a Google Keep Takeout, a Simplenote export, or any zip of
 * Markdown, HTML and text files. Planning reads every entry once; reading yields the notes in path order,
 * then lists the files no note took.
 */
import { decodeText } from '../decode';
import { eventLoopYielder, NOT_A_NOTE_EXPORT } from '../limits';
import { dirOf, isAppPrivate } from '../paths';
import { asSimplenoteExport, simplenoteItems, type SimplenoteExport } from '../simplenote';
import { ImportFileError, type ImportInput, type ImportLimits, type PlannedSource, type ReaderItem, type SourceApp } from '../neutralNotes';
import { listZip } from '../zip/zipFiles';
import { classifyFiles, type ClassifiedFile } from './classify';
import { FileTree } from './files';
import { hasNotionId, notionDatabaseRows, type NotebookOf, type NoteContext } from './noteContext';
import { linkableNotes } from './noteLinkTargets';
import { notebookResolver } from './notebookPaths';
import { readNote, type NoteEntry } from './readNote';

const NOTE_KINDS = ['markdown', 'html', 'text'];

/** The app that wrote a zip of Markdown, HTML and text notes (docs/product.md "What each format keeps"). */
function detectApp(all: readonly { path: string }[], notes: ClassifiedFile[]): SourceApp {
  if (all.some((file) => /(^|\/)\.obsidian\//.test(file.path))) return 'obsidian';
  if (notes.some((note) => /\.textbundle\//i.test(note.file.path))) return 'bear';
  if (notes.some((note) => hasNotionId(note.file.path))) return 'notion';
  const markdown = notes.filter((note) => note.kind === 'markdown');
  if (markdown.length && markdown.every((note) => note.notepad)) return 'notepad';
  return markdown.length ? 'markdown' : 'files';
}

/** Files a source reads for its own sake and never lists as left out (Keep's twins, a bundle's info). */
function isExportMetadata(file: ClassifiedFile, app: SourceApp): boolean {
  if (app === 'keep' || app === 'simplenote') return file.kind !== 'other';
  return app === 'bear' && /\.textbundle\/info\.json$/i.test(file.file.path);
}

async function* readZip(
  input: ImportInput,
  notes: NoteEntry[],
  others: ClassifiedFile[],
  context: NoteContext,
): AsyncGenerator<ReaderItem> {
  const pause = eventLoopYielder();
  try {
    for (const entry of notes) {
      if (context.signal?.aborted) return;
      yield await readNote(entry, context);
      await pause();
    }
  } catch (error) {
    if (context.signal?.aborted) return;
    const reason = error instanceof ImportFileError ? error.reason : 'it could not be read again';
    yield { kind: 'dropped', dropped: { item: `${input.name}: the notes after this point`, reason } };
    return;
  }
  for (const other of others) {
    if (!context.tree.isUsed(other.file))
      yield { kind: 'dropped', dropped: { item: other.file.path, reason: other.problem ?? 'no note refers to it' } };
  }
}

async function* readSimplenote(input: ImportInput, file: ClassifiedFile, context: NoteContext): AsyncGenerator<ReaderItem> {
  const pause = eventLoopYielder();
  let data: SimplenoteExport | null = null;
  try {
    data = asSimplenoteExport(JSON.parse(decodeText(await file.file.read(context.limits.maxNoteBytes, context.signal))));
  } catch {
    data = null;
  }
  if (!data) {
    if (!context.signal?.aborted) yield { kind: 'dropped', dropped: { item: file.file.path, reason: 'it could not be read again' } };
    return;
  }
  for (const item of simplenoteItems(data, input.name, file.file.path)) {
    if (context.signal?.aborted) return;
    yield item;
    await pause();
  }
}

/**
 * Plans a `.zip`: lists and reads every entry once. Throws ImportFileError for a damaged or cut zip, too
 * many entries, a zip bomb, an empty zip, and a zip without notes (only images, say); the signal's reason
 * when it aborts.
 */
export async function planZip(input: ImportInput, limits: ImportLimits, signal?: AbortSignal): Promise<PlannedSource> {
  const listing = await listZip(input, limits, signal);
  const visible = listing.files.filter((file) => !isAppPrivate(file.path)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (visible.length === 0) throw new ImportFileError(input.name, 'an empty zip: it holds no notes');
  const classified = await classifyFiles(visible, limits, signal);
  const simplenote = classified.find((file) => file.kind === 'simplenote' && !file.problem);
  const keep = classified.filter((file) => file.kind === 'keep' || (file.kind === 'json' && file.problem));
  const app: SourceApp = simplenote
    ? 'simplenote'
    : keep.some((file) => file.kind === 'keep')
      ? 'keep'
      : detectApp(
          listing.files,
          classified.filter((file) => NOTE_KINDS.includes(file.kind)),
        );
  const notes = app === 'keep' ? keep : app === 'simplenote' ? [] : classified.filter((file) => NOTE_KINDS.includes(file.kind));
  // NotePad's own export comes back in the manual order it was written with.
  if (app === 'notepad') notes.sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity));
  if (!simplenote && notes.length === 0)
    throw new ImportFileError(input.name, `holds no notes: ${NOT_A_NOTE_EXPORT.replace(/^not a note export: /, '')}`);
  const tree = new FileTree(visible);
  const others = classified.filter((file) => !notes.includes(file) && !isExportMetadata(file, app));
  const total = simplenote ? countSimplenote(await simplenoteTotal(simplenote, limits, signal)) : notes.length;
  const notebookOf = notebookResolver(
    app,
    visible.map((file) => file.path),
    notes.map((note) => note.file.path),
  );
  const isDatabaseRow = app === 'notion' ? notionDatabaseRows(visible.map((file) => file.path)) : undefined;
  const notebooks = emptyFolderNotebooks(listing.folders, notes, notebookOf);
  const { noteFiles, noteLinkUrl } = linkableNotes(simplenote ? [] : notes);
  return {
    file: input.name,
    app,
    total,
    ...(notebooks.length ? { notebooks } : {}),
    ...(noteFiles.length ? { noteFiles } : {}),
    read: (readSignal) => {
      listing.newPass();
      const context: NoteContext = {
        ...{ tree, limits, signal: readSignal, app, file: input.name, inZip: true },
        ...{ notebookOf, isDatabaseRow, noteLinkUrl },
      };
      return simplenote ? readSimplenote(input, simplenote, context) : readZip(input, notes, others, context);
    },
  };
}

/** The notebooks of the zip's folders that no note lies in or under (an empty folder of a vault, a notebook NotePad exported without notes). */
function emptyFolderNotebooks(folders: readonly string[], notes: readonly ClassifiedFile[], notebookOf: NotebookOf): string[][] {
  const holding = new Set<string>();
  for (const note of notes) for (let dir = dirOf(note.file.path); dir !== ''; dir = dirOf(dir)) holding.add(dir);
  return folders
    .filter((folder) => !isAppPrivate(`${folder}/`) && !holding.has(folder))
    .map((folder) => notebookOf(`${folder}/-`))
    .filter((levels) => levels.length > 0);
}

async function simplenoteTotal(file: ClassifiedFile, limits: ImportLimits, signal?: AbortSignal): Promise<unknown> {
  return JSON.parse(decodeText(await file.file.read(limits.maxNoteBytes, signal)));
}

function countSimplenote(json: unknown): number {
  const data = asSimplenoteExport(json);
  return data ? data.activeNotes.length + data.trashedNotes.length : 0;
}

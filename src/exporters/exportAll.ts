import { BlobWriter, Data64URIReader, Uint8ArrayReader, ZipWriter } from '@zip.js/zip.js';
import { inBackground } from '../lib/scheduler';
import { DEFAULT_NOTE_TITLE, type NoteBody, type NotesState } from '../projections/notesState';
import { exportZipName, fileStem } from './fileNames';
import { NotebookFolders } from './notebookFolders';
import { createdFromId, frontMatter } from './noteFrontMatter';
import { AssetCollector, sha256Hex, type ExportAsset, type TextDigest } from './noteAssets';
import { noteMarkdown, type MarkdownConverter } from './noteMarkdown';

/*
 * Export all notes (docs/product.md "Export all notes"): a zip of one Markdown file per note, with
 * YAML front matter, and the notes' images in `assets/`. A note at a time (its Markdown is written
 * into the zip before the next is read), in slices that leave the page responsive.
 */

/** Main-thread time one slice of the export may take before it lets the page run, in ms. */
const EXPORT_SLICE_MS = 12;

/** Notes whose documents are asked for at once (`ExportAllOptions.readBodies`): only these are held whole. */
const EXPORT_READ_NOTES = 100;

/** The library has no notes: nothing is written. */
export class NothingToExportError extends Error {
  constructor() {
    super('There are no notes to export.');
    this.name = 'NothingToExportError';
  }
}

/**
 * A note BlockNote could not write as Markdown: the export stops, nothing is downloaded.
 * @public `exportAllNotes` throws it: a caller may tell it apart by class and name the note (`title`).
 */
export class NoteExportError extends Error {
  constructor(
    readonly title: string,
    cause: unknown,
  ) {
    super(`“${title}” could not be written as Markdown (${cause instanceof Error ? cause.message : String(cause)}).`, { cause });
    this.name = 'NoteExportError';
  }
}

/** How to export. */
export interface ExportAllOptions {
  converter: MarkdownConverter;
  /** Aborting stops the export at the next note or chunk; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called after each note with the notes written so far and the total. */
  onProgress?: (done: number, total: number) => void;
  /** Lets the page run between slices; by default a background task (src/lib/scheduler.ts). */
  yieldToPage?: () => Promise<void>;
  /** Main-thread budget of a slice in ms (EXPORT_SLICE_MS). */
  sliceMs?: number;
  /** The time that dates the zip's name. */
  now?: Date;
  digest?: TextDigest;
  /**
   * The whole bodies (document and HTML) of notes `ids`, by id, EXPORT_READ_NOTES at a time: a start
   * leaves documents unread (docs/architecture.md "Documents by reference"), and the export holds
   * only a slice of them at once. By default each note's body in `notes` as it is.
   */
  readBodies?: (ids: readonly string[]) => Promise<ReadonlyMap<string, NoteBody>>;
}

/** The export: the zip, its file name (`notepad-notes-YYYY-MM-DD.zip`), how many notes and images it holds. */
export interface ExportAllResult {
  blob: Blob;
  fileName: string;
  notes: number;
  images: number;
}

const nextBackgroundTask = () => new Promise<void>((resolve) => inBackground(resolve));

const encoder = new TextEncoder();
/** Text for the zip as UTF-8 bytes: zip.js's TextReader makes a Blob of it, a round trip through the browser's blob store per file. */
const utf8Reader = (text: string) => new Uint8ArrayReader(encoder.encode(text));

/** Adds an image to the zip: its bytes decoded from the data URL, stored or deflated by type. */
async function addAsset(zip: ZipWriter<Blob>, asset: ExportAsset): Promise<void> {
  const data = asset.dataUrl.slice(asset.dataUrl.indexOf(',') + 1);
  let reader: Data64URIReader | Uint8ArrayReader;
  if (asset.base64) reader = new Data64URIReader(asset.dataUrl);
  else {
    let text = data;
    try {
      text = decodeURIComponent(data);
    } catch {
      // Not percent-encoded after all: the data is the text.
    }
    reader = utf8Reader(text);
  }
  await zip.add(asset.path, reader, { level: asset.stored ? 0 : 6 });
}

/**
 * Writes every note of `notes` (in manual order; deleted notes are not in it) into a zip.
 * Throws NothingToExportError when there is no note, NoteExportError when one cannot be written, and
 * the signal's reason when aborted; nothing is returned then, so nothing is downloaded.
 */
export async function exportAllNotes(notes: NotesState, options: ExportAllOptions): Promise<ExportAllResult> {
  const { converter, signal, onProgress } = options;
  const yieldToPage = options.yieldToPage ?? nextBackgroundTask;
  const sliceMs = options.sliceMs ?? EXPORT_SLICE_MS;
  const ids = notes.order;
  if (!ids.length) throw new NothingToExportError();
  signal?.throwIfAborted();

  // The first slice starts in a task of its own, not after whatever work led here.
  await yieldToPage();
  const zip = new ZipWriter(new BlobWriter('application/zip'), { useWebWorkers: false });
  const folders = new NotebookFolders(notes);
  const assets = new AssetCollector(options.digest ?? sha256Hex);
  const starred = new Set(notes.starred);
  let sliceStart = performance.now();
  const pause = async () => {
    if (performance.now() - sliceStart >= sliceMs) {
      await yieldToPage();
      sliceStart = performance.now();
    }
    signal?.throwIfAborted();
  };

  // Every note's file name first: a link may point at a note written later.
  const titleOf = (id: string) => notes.meta[id].title || DEFAULT_NOTE_TITLE;
  const files = new Map(
    ids.map((id) => {
      const folder = folders.of(notes.filed[id]);
      const fileName = folders.namer(folder.dir).take(fileStem(titleOf(id)), 'md');
      return [id, { folder, fileName, path: folder.dir ? `${folder.dir}/${fileName}` : fileName }];
    }),
  );
  const target = (noteId: string) => {
    const file = files.get(noteId);
    return file === undefined ? undefined : { title: titleOf(noteId), path: file.path };
  };

  let read: ReadonlyMap<string, NoteBody> = new Map();
  for (const [index, id] of ids.entries()) {
    await pause();
    if (options.readBodies && index % EXPORT_READ_NOTES === 0) read = await options.readBodies(ids.slice(index, index + EXPORT_READ_NOTES));
    const meta = notes.meta[id];
    const title = titleOf(id);
    const { folder, fileName, path } = files.get(id)!;
    let body: Awaited<ReturnType<typeof noteMarkdown>>;
    try {
      body = await noteMarkdown({
        body: read.get(id) ?? notes.bodies[id],
        stem: fileName.slice(0, -'.md'.length),
        depth: folder.depth,
        converter,
        assets,
        pause,
        files: { from: path, target },
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw new NoteExportError(title, error);
    }
    const head = frontMatter({
      title,
      id,
      created: createdFromId(id),
      modified: meta.modified,
      starred: starred.has(id),
      order: index + 1,
      tags: (notes.tagged[id] ?? []).map((key) => notes.tags[key] ?? key),
      notebook: folder.names,
    });
    const modified = new Date(meta.modified);
    await zip.add(path, utf8Reader(body.markdown ? `${head}\n${body.markdown}` : head), {
      lastModDate: Number.isNaN(modified.getTime()) ? undefined : modified,
    });
    for (const asset of body.newAssets) await addAsset(zip, asset);
    onProgress?.(index + 1, ids.length);
  }
  // Notebooks without a note are folders of their own, so they come back on an import too.
  for (const dir of folders.emptyFolders()) await zip.add(`${dir}/`, undefined, { directory: true });
  await pause();
  const blob = await zip.close();
  return { blob, fileName: exportZipName(options.now ?? new Date()), notes: ids.length, images: assets.count };
}

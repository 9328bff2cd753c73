/*
 * A zip as SourceFiles, through zip.js's central directory (docs/architecture.md "Import from other
 * apps"): entries are listed without reading them and read one at a time. Every byte an entry produces
 * is counted by the writer that receives it, against the entry's limit and the zip's budget, so neither
 * a header's claimed size nor a bomb's real one can make a read run on.
 */
import { BlobReader, Writer, ZipReader, type Entry, type FileEntry } from '@zip.js/zip.js';
import { FileReadError, type SourceFile } from '../folder/files';
import { formatBytes, throwIfAborted, ZIP_RATIO_ALLOWANCE_BYTES } from '../limits';
import { normalizePath } from '../paths';
import { ImportFileError, type ImportInput, type ImportLimits } from '../neutralNotes';

/** The uncompressed bytes a whole zip may produce; exceeding it fails the zip as a bomb. */
class ZipBudget {
  private produced = 0;
  readonly limit: number;

  constructor(zipSize: number, limits: ImportLimits) {
    this.limit = Math.min(limits.maxZipBytes, zipSize * limits.maxZipRatio + ZIP_RATIO_ALLOWANCE_BYTES);
  }

  /** Counts `bytes` more; true while the total stays within the limit. */
  add(bytes: number): boolean {
    this.produced += bytes;
    return this.produced <= this.limit;
  }
}

/** Receives an entry's bytes, counting them, and keeps them only when asked to. */
class CountingWriter extends Writer<Uint8Array> {
  private readonly chunks: Uint8Array[] = [];
  private count = 0;
  overflow: 'entry' | 'zip' | null = null;

  constructor(
    private readonly limit: number,
    private readonly budget: ZipBudget,
    private readonly keep: boolean,
  ) {
    super();
  }

  writeUint8Array(chunk: Uint8Array): Promise<void> {
    this.count += chunk.length;
    if (!this.budget.add(chunk.length)) this.overflow = 'zip';
    else if (this.count > this.limit) this.overflow = 'entry';
    if (this.overflow) return Promise.reject(new Error(`over the ${this.overflow} limit`));
    if (this.keep) this.chunks.push(chunk.slice());
    return Promise.resolve();
  }

  getData(): Promise<Uint8Array> {
    const out = new Uint8Array(this.count);
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return Promise.resolve(out);
  }
}

/** The message of a zip whose bomb check tripped. */
function bombReason(budget: ZipBudget): string {
  return `expands to more than ${formatBytes(budget.limit)}: refused as a zip bomb`;
}

/** The reason a zip entry could not be read, for the list of what was skipped. */
function damageReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/crc/i.test(message)) return 'damaged in the zip (its checksum does not match)';
  if (/encrypt|password/i.test(message)) return 'encrypted in the zip: NotePad cannot open password-protected zips';
  return 'damaged in the zip: its data cannot be unpacked';
}

/** A zip entry as a SourceFile; reading counts against `budget()` (the current pass's budget). */
function zipFile(zipName: string, entry: FileEntry, path: string, budget: () => ZipBudget): SourceFile {
  const created = entry.creationDate?.getTime();
  const modified = entry.lastModDate?.getTime();
  const inflate = async (limit: number, keep: boolean, signal?: AbortSignal): Promise<Uint8Array> => {
    throwIfAborted(signal);
    const zipBudget = budget();
    const writer = new CountingWriter(limit, zipBudget, keep);
    try {
      return await entry.getData(writer, { signal, checkSignature: true, useWebWorkers: false });
    } catch (error) {
      throwIfAborted(signal);
      if (writer.overflow === 'zip') throw new ImportFileError(zipName, bombReason(zipBudget));
      if (writer.overflow === 'entry') throw new FileReadError('too-large', `larger than ${formatBytes(limit)}`);
      throw new FileReadError('damaged', damageReason(error));
    }
  };
  return {
    path,
    size: entry.uncompressedSize,
    lastModified: modified !== undefined && Number.isFinite(modified) ? modified : null,
    created: created !== undefined && Number.isFinite(created) ? created : null,
    read: (limit, signal) => inflate(limit, true, signal),
    check: async (limit, signal) => {
      await inflate(limit, false, signal);
    },
  };
}

/** A listed zip: its files, its folders, and the budget the next pass counts against. */
export interface ZipListing {
  files: SourceFile[];
  /** The paths of its directory entries (an empty folder is only there as one). */
  folders: string[];
  /** Starts a new pass over the zip (planning, then reading): a fresh budget for the bytes produced. */
  newPass(): void;
}

/**
 * Lists a zip's files from its central directory without reading them. Throws ImportFileError for a
 * file that is not a zip or whose directory is missing or damaged (a cut download), and for more
 * than `limits.maxZipEntries` entries.
 */
export async function listZip(input: ImportInput, limits: ImportLimits, signal?: AbortSignal): Promise<ZipListing> {
  let budget = new ZipBudget(input.size, limits);
  const reader = new ZipReader(new BlobReader(input), { useWebWorkers: false, checkOverlappingEntry: true });
  const files: SourceFile[] = [];
  const folders: string[] = [];
  let count = 0;
  try {
    for await (const entry of reader.getEntriesGenerator()) {
      count += 1;
      if (count > limits.maxZipEntries) {
        throw new ImportFileError(
          input.name,
          `holds more than ${limits.maxZipEntries.toLocaleString('en-US')} files, more than one import takes`,
        );
      }
      const path = isFile(entry) ? normalizePath(entry.filename) : null;
      if (isFile(entry) && path) files.push(zipFile(input.name, entry, path, () => budget));
      else if (!isFile(entry)) {
        const folder = normalizePath(entry.filename);
        if (folder) folders.push(folder);
      }
    }
  } catch (error) {
    throwIfAborted(signal);
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError(input.name, 'a damaged or incomplete zip: its table of contents cannot be read (download the export again)');
  }
  return {
    files,
    folders,
    newPass: () => {
      budget = new ZipBudget(input.size, limits);
    },
  };
}

function isFile(entry: Entry): entry is FileEntry {
  return !entry.directory;
}

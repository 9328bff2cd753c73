/*
 * The files one note of a folder or zip refers to (docs/product.md "What each format keeps"): found as
 * the app that wrote the note links them, read within the attachment limit, and named by a `ref` the
 * body's `attachment:` URLs use. A file that cannot come along is listed, never silently left out.
 */
import { mimeOf } from '../mime';
import { baseName, resolveRelative, safeDecodeUri, stemOf } from '../paths';
import type { DroppedItem, ImportedAttachment, ImportLimits } from '../neutralNotes';
import { FileReadError, type FileTree, type SourceFile } from './files';

/** What the notes of one folder or zip share while they are read. */
export interface FolderContext {
  tree: FileTree;
  limits: ImportLimits;
  signal?: AbortSignal;
}

/** Collects one note's attachments. */
export class NoteAttachments {
  readonly attachments: ImportedAttachment[] = [];
  readonly dropped: DroppedItem[] = [];
  private readonly refs = new Map<string, string | null>();

  constructor(
    private readonly context: FolderContext,
    /** The note's folder, which relative links start from. */
    private readonly noteDir: string,
  ) {}

  /**
   * The file a link names: relative to the note (as written, then URL-decoded), from the root, then by
   * a file name found once in the whole folder; with `anyExtension`, by a base name found once (Keep
   * names `x.jpg` what it stores as `x.jpeg`).
   */
  find(target: string, anyExtension = false): SourceFile | undefined {
    const { tree } = this.context;
    const candidates = [target, safeDecodeUri(target)];
    for (const candidate of candidates) {
      const relative = resolveRelative(this.noteDir, candidate);
      const found = (relative !== null && tree.at(relative)) || tree.at(candidate);
      if (found) return found;
    }
    for (const candidate of candidates) {
      const found = tree.named(baseName(candidate));
      if (found) return found;
    }
    if (anyExtension) return tree.withStem(stemOf(safeDecodeUri(target)));
    return undefined;
  }

  /** Reads `file` as an attachment of the note: its ref, or null when it could not come along (listed). */
  async add(file: SourceFile): Promise<string | null> {
    const known = this.refs.get(file.path);
    if (known !== undefined) return known;
    this.context.tree.markUsed(file);
    const name = baseName(file.path);
    let ref: string | null = null;
    try {
      const data = await file.read(this.context.limits.maxAttachmentBytes, this.context.signal);
      ref = `${this.attachments.length + 1}-${name.replace(/[^A-Za-z0-9._-]+/g, '_')}`;
      this.attachments.push({ ref, name, mime: mimeOf(name, data), data });
    } catch (error) {
      if (!(error instanceof FileReadError)) throw error;
      this.dropped.push({ item: name, reason: error.reason });
    }
    this.refs.set(file.path, ref);
    return ref;
  }

  /** Reads the file a link names; null (listed as dropped) when it is missing or cannot come along. */
  async addTarget(target: string, anyExtension = false): Promise<string | null> {
    const file = this.find(target, anyExtension);
    if (file) return this.add(file);
    this.dropped.push({ item: safeDecodeUri(target), reason: 'not in the export' });
    return null;
  }

  /** Adds bytes the note holds itself (a `data:` image). */
  addBytes(name: string, data: Uint8Array, declaredMime?: string): string {
    const ref = `${this.attachments.length + 1}-${name.replace(/[^A-Za-z0-9._-]+/g, '_')}`;
    this.attachments.push({ ref, name, mime: mimeOf(name, data, declaredMime), data });
    return ref;
  }
}

/*
 * A file of a folder of notes, whether it lies in a zip or was chosen with others: what readers resolve
 * embeds and attachments against (docs/architecture.md "Import from other apps").
 */
import { formatBytes, throwIfAborted } from '../limits';
import { baseName, normalizePath, stemOf } from '../paths';
import type { ImportInput } from '../neutralNotes';

/** Why a file's bytes could not be had: over its limit, or damaged (a zip entry's CRC, bad data). */
export class FileReadError extends Error {
  constructor(
    readonly kind: 'too-large' | 'damaged',
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'FileReadError';
  }
}

/** One file of a folder or zip. */
export interface SourceFile {
  /** '/'-separated path from the folder's or zip's root (see paths.ts). */
  readonly path: string;
  /** Size in bytes as the file or the zip's directory says (a zip entry may produce other sizes). */
  readonly size: number;
  /** Last change in ms since 1970 (a zip entry's date, a chosen file's `lastModified`), or null. */
  readonly lastModified: number | null;
  /** Creation in ms since 1970 when the zip records it (NTFS extra field), else null. */
  readonly created: number | null;
  /**
   * The bytes, at most `limit` produced. Throws FileReadError (too large; damaged) and the signal's reason
   * when it aborts.
   */
  read(limit: number, signal?: AbortSignal): Promise<Uint8Array>;
  /** Produces the bytes without keeping them, to learn that `read` will succeed; throws as `read` does. */
  check(limit: number, signal?: AbortSignal): Promise<void>;
}

/** A chosen file as a SourceFile; a folder chosen whole gives each file its `webkitRelativePath`. */
export function looseFile(input: ImportInput): SourceFile {
  const relative = (input as { webkitRelativePath?: string }).webkitRelativePath;
  const path = normalizePath(relative || input.name) || input.name;
  return {
    path,
    size: input.size,
    lastModified: typeof input.lastModified === 'number' ? input.lastModified : null,
    created: null,
    async read(limit, signal) {
      if (input.size > limit) throw new FileReadError('too-large', `larger than ${formatBytes(limit)}`);
      try {
        return new Uint8Array(await input.arrayBuffer());
      } catch {
        throwIfAborted(signal);
        throw new FileReadError('damaged', 'could not be read (moved or changed since it was chosen)');
      }
    },
    async check(limit) {
      if (input.size > limit) throw new FileReadError('too-large', `larger than ${formatBytes(limit)}`);
    },
  };
}

/**
 * The files of one folder or zip, looked up as the apps that wrote them link files: by path relative to
 * the note, by path from the root, then by a file name (or, for Keep, a base name) found once in the
 * whole folder, as Obsidian does.
 */
export class FileTree {
  private readonly byPath = new Map<string, SourceFile>();
  private readonly byLowerPath = new Map<string, SourceFile | null>();
  private readonly byName = new Map<string, SourceFile | null>();
  private readonly byStem = new Map<string, SourceFile | null>();
  private readonly used = new Set<string>();

  constructor(readonly files: readonly SourceFile[]) {
    for (const file of files) {
      this.byPath.set(file.path, file);
      FileTree.addUnique(this.byLowerPath, file.path.toLowerCase(), file);
      FileTree.addUnique(this.byName, baseName(file.path).toLowerCase(), file);
      FileTree.addUnique(this.byStem, stemOf(file.path).toLowerCase(), file);
    }
  }

  /** Records a key, or null when two files share it (an ambiguous name resolves to nothing). */
  private static addUnique(map: Map<string, SourceFile | null>, key: string, file: SourceFile): void {
    map.set(key, map.has(key) ? null : file);
  }

  /** The file at `path` from the root (exactly, else ignoring case), or undefined. */
  at(path: string): SourceFile | undefined {
    return this.byPath.get(path) ?? this.byLowerPath.get(path.toLowerCase()) ?? undefined;
  }

  /** The one file named `name` anywhere in the tree (ignoring case), or undefined. */
  named(name: string): SourceFile | undefined {
    return this.byName.get(name.toLowerCase()) ?? undefined;
  }

  /** The one file whose name without extension is `stem` (ignoring case), or undefined. */
  withStem(stem: string): SourceFile | undefined {
    return this.byStem.get(stem.toLowerCase()) ?? undefined;
  }

  /** Notes that a file came along (or was listed as dropped) with a note. */
  markUsed(file: SourceFile): void {
    this.used.add(file.path);
  }

  /** Whether a note already took the file. */
  isUsed(file: SourceFile): boolean {
    return this.used.has(file.path);
  }
}

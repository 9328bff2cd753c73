/**
 * The neutral form of an import (docs/architecture.md "Import from other apps"): every reader turns
 * its source's bytes into these, and one path converts, sanitizes and appends them. Plain data
 * only (structured-cloneable), because readers run in a worker and post what they find.
 */

/** The apps NotePad reads exports of; `files` is a folder or zip of notes no app wrote in a known way. */
export type SourceApp =
  'evernote' | 'markdown' | 'obsidian' | 'notion' | 'bear' | 'keep' | 'simplenote' | 'text' | 'html' | 'notepad' | 'files';

/** What a person reads for each source (History says "Imported from Evernote (file.enex)"). */
export const SOURCE_APP_NAMES: Record<SourceApp, string> = {
  evernote: 'Evernote',
  markdown: 'Markdown',
  obsidian: 'Obsidian',
  notion: 'Notion',
  bear: 'Bear',
  keep: 'Google Keep',
  simplenote: 'Simplenote',
  text: 'Text',
  html: 'HTML',
  notepad: 'NotePad',
  files: 'Files',
};

/**
 * A file a note refers to (an image, or a file that cannot come along). The body names it by
 * `ref` in an `attachment:` URL: `<img src="attachment:REF">` in HTML, `![](attachment:REF)` in Markdown.
 */
export interface ImportedAttachment {
  /** Unique within the note; what the body's `attachment:` URL names. */
  ref: string;
  /** The file name as the source gives it (shown when it cannot come along). */
  name: string;
  /** MIME type as the source declares it or as its bytes show ('application/octet-stream' when unknown). */
  mime: string;
  data: Uint8Array;
}

/** Something of a note or a file that could not come along, and why ("receipt.pdf: only images are kept"). */
export interface DroppedItem {
  item: string;
  reason: string;
}

/** One note as its source holds it, before conversion. */
export interface ImportedNote {
  /** The title as the source gives it; empty becomes "Untitled Note" when appended. */
  title: string;
  /** The body in the source's own markup; `attachment:REF` URLs name `attachments`. */
  body: { format: 'html' | 'markdown' | 'text'; text: string };
  /** Creation time in ms since 1970 (UTC), or null when the source has none. */
  createdAt: number | null;
  /** The source's last edit in ms since 1970 (UTC), or null (then the creation time). */
  modifiedAt: number | null;
  /**
   * Tags and labels as the source writes them (`project/alpha`, `#travel`, `Road trip`): the pipeline
   * normalises them (catalog/organisation.ts) and lists the ones that cannot be tags.
   */
  tags: string[];
  /**
   * The notebook the note lies in, as its source names the levels, top first (an `.enex` file's name, a
   * vault's folders, Notion's pages); empty: none. The pipeline finds or makes each level.
   */
  notebook: string[];
  /** Pinned or favourite in the source. */
  starred: boolean;
  attachments: ImportedAttachment[];
  /** Where it came from: the app, the file chosen, and the path inside a zip or folder. */
  source: { app: SourceApp; file: string; path?: string };
  /** Parts of this note that could not come along, each with its reason. */
  dropped: DroppedItem[];
}

/** A note the reader did not import (in the trash, empty, damaged), with the reason. */
export interface SkippedNote {
  title: string;
  path?: string;
  reason: string;
}

/** What a reader yields, in source order. */
export type ReaderItem =
  { kind: 'note'; note: ImportedNote } | { kind: 'skipped'; skipped: SkippedNote } | { kind: 'dropped'; dropped: DroppedItem };

/**
 * A file that cannot be imported at all (not a note export, broken XML, a cut or damaged zip, a zip
 * bomb, too many entries, an empty export). Readers throw it only while planning, before the
 * first note is yielded, so a file that fails changes nothing.
 */
export class ImportFileError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'ImportFileError';
  }
}

/** A chosen file as readers take it: a browser `File`, or in Node `new File([bytes], name)`. */
export type ImportInput = Blob & { readonly name: string; readonly lastModified?: number };

/**
 * How a Markdown body names another note (docs/architecture.md "Links between notes"): `import-note:PATH`,
 * PATH the linked note file's path in its folder or zip (URL-encoded), or, when no note file of the import
 * matches, `import-title:TITLE` (a note already in NotePad by that title). The pipeline turns each into a
 * link to the note's id, or into its text when no note is found.
 */
export const NOTE_PATH_URL = 'import-note:';
/** See NOTE_PATH_URL. */
export const NOTE_TITLE_URL = 'import-title:';

/** A note file a source will yield, known at planning so that a link read earlier can name its id. */
export interface PlannedNoteFile {
  /** Its path in the folder or zip, as `import-note:` URLs name it. */
  path: string;
  /** Its creation time in ms as its reader will give it (front matter, else the file's), or null. */
  createdAt: number | null;
}

/**
 * One source understood and ready to read: the outcome of planning a chosen file (or a zip). Planning
 * reads the whole file where that is the only way to know it is sound (an ENEX is parsed once to the
 * end), so reading cannot fail as a whole afterwards; a damaged note or image is then a skipped or
 * dropped item.
 */
export interface PlannedSource {
  /** The chosen file's name. */
  file: string;
  app: SourceApp;
  /** How many items `read` will yield (notes plus skipped notes), for "Importing 1,234 of 5,000 notes…". */
  total: number;
  /** Notebooks with no note to bring them (an export's empty folders), as paths of levels like `ImportedNote.notebook`. */
  notebooks?: string[][];
  /** The Markdown note files it yields, which links between notes may name (NOTE_PATH_URL). */
  noteFiles?: PlannedNoteFile[];
  /** Its files lie in one folder with other sources' (loose files chosen together): links reach across them. */
  sharedFolder?: boolean;
  /** The notes in source order; stops early when `signal` aborts. Memory: one note with its attachments at a time. */
  read(signal?: AbortSignal): AsyncIterable<ReaderItem>;
}

/** Limits of one import (docs/product.md "Import notes"); bytes are uncompressed bytes actually produced. */
export interface ImportLimits {
  /** Entries in one zip. */
  maxZipEntries: number;
  /** Bytes all entries of one zip may produce when unpacked. */
  maxZipBytes: number;
  /** Bytes one note's text may have. */
  maxNoteBytes: number;
  /** Bytes one attachment may have. */
  maxAttachmentBytes: number;
  /**
   * Bytes a zip may produce per byte of its own size, beyond a fixed allowance: a zip bomb is refused
   * long before `maxZipBytes` when it expands far more than any export does.
   */
  maxZipRatio: number;
}

/*
 * What the import's worker and the page say to each other (docs/architecture.md "Import pipeline").
 * The worker plans the chosen files and reads one item whenever the page asks for it (back-pressure:
 * memory holds the notes asked for, not the export), converting images to JPEG on its own thread
 * and transferring their bytes.
 */
import type {
  DroppedItem,
  ImportedNote,
  ImportLimits,
  ImportInput,
  PlannedNoteFile,
  SkippedNote,
  SourceApp,
} from '../../importers/neutralNotes';

/**
 * A note's attachment as the page gets it: an image ready to embed, an SVG image's text (the page sanitizes
 * it: DOMPurify needs a DOM the worker lacks), or a file that stays behind with the reason.
 */
export type PreparedAttachment =
  | { ref: string; name: string; kind: 'image'; jpeg: Uint8Array; width: number }
  | { ref: string; name: string; kind: 'svg'; svg: string }
  | { ref: string; name: string; kind: 'dropped'; reason: string };

/** An imported note whose attachments are prepared (raster images JPEG, SVG as text, other files named with a reason). */
export interface PreparedNote extends Omit<ImportedNote, 'attachments'> {
  attachments: PreparedAttachment[];
}

/** One item of a planned source, in source order. */
export type PreparedItem =
  { kind: 'note'; note: PreparedNote } | { kind: 'skipped'; skipped: SkippedNote } | { kind: 'dropped'; dropped: DroppedItem };

/**
 * A chosen file understood by planning: its name, its app, how many items it will yield, the notebooks no
 * note brings, and the note files links may name (`PlannedSource`'s fields of the same names).
 */
interface PlannedFile {
  file: string;
  app: SourceApp;
  total: number;
  notebooks?: string[][];
  noteFiles?: PlannedNoteFile[];
  sharedFolder?: boolean;
}

/** The outcome of planning the chosen files: what will be read, and the files that cannot be (with the reason). */
export interface ImportPlan {
  sources: PlannedFile[];
  failures: { file: string; reason: string }[];
}

/**
 * What reading a source gave next: an item of source `source` (an index into `ImportPlan.sources`),
 * the end of every source, or a source that stopped with a reason (the next `next` goes on with the
 * following source).
 */
export type ReadStep =
  { kind: 'item'; source: number; item: PreparedItem } | { kind: 'failed'; source: number; reason: string } | { kind: 'end' };

/** A worker's answer to `next` holds at most this many steps... */
export const STEPS_PER_MESSAGE = 32;
/** ...and about this many bytes of notes (at least one note, whatever its size): memory stays bounded. */
export const BYTES_PER_MESSAGE = 2 * 1024 * 1024;

/** Page -> worker. */
export type ToWorker = { type: 'plan'; files: ImportInput[]; limits?: Partial<ImportLimits> } | { type: 'next' } | { type: 'cancel' };

/** Worker -> page: the plan, then a few steps per `next`; `error` when planning itself broke. */
export type FromWorker = { type: 'planned'; plan: ImportPlan } | { type: 'steps'; steps: ReadStep[] } | { type: 'error'; message: string };

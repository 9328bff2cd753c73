import type { EventLog } from '../../events/eventLog';
import type { ImportedFileSummary } from '../../projections/imports';
import type { ImportInput, ImportLimits } from '../../importers/neutralNotes';
import type { ConvertedNote } from './convertNote';
import { ImportAppender } from './importAppender';
import type { NoteLinkTo } from './importLinks';
import type { ImportPlan, PreparedNote } from './readerProtocol';
import type { NoteReader } from './readerClient';
import { sliceYielder } from './slices';

/** How far an import has come: items (notes and skipped notes) read of all the planned files' items. */
interface ImportProgress {
  done: number;
  total: number;
}

/**
 * What an import did. `failed`: no note could be imported, nothing was changed, each file's reason says
 * why. `cancelled`: cancelled before any note was in, nothing was changed. `imported`: at least one note
 * is in (`cancelled` when Cancel stopped it), the summary of every chosen file in `files`.
 */
export type ImportOutcome =
  | { kind: 'failed'; failures: { file: string; reason: string }[] }
  | { kind: 'cancelled' }
  | { kind: 'imported'; importId: string; imported: number; cancelled: boolean; files: ImportedFileSummary[] };

/** What an import needs; everything with an effect is given, so Node tests run it with the real readers. */
export interface ImportRunOptions {
  log: EventLog;
  reader: NoteReader;
  files: ImportInput[];
  limits?: Partial<ImportLimits>;
  /** Convert one note; `linkTo` finds the notes its links name (importLinks.ts). */
  convert(note: PreparedNote, linkTo: NoteLinkTo): Promise<ConvertedNote>;
  onProgress?(progress: ImportProgress): void;
  /** Cancel: planning stops, or the import stops after the note it is on; what is in stays (with Undo). */
  signal?: AbortSignal;
  /** The time of the import in ms: the creation time of notes whose source and file have none. */
  now?: () => number;
  newImportId?: () => string;
}

/** Why a file gave no note: its own failure, else what its notes were skipped for ("a.md: its text is larger than 8 MiB"). */
function whyNothing(file: ImportedFileSummary): string {
  if (file.failed) return file.failed;
  const listed = file.skipped.slice(0, 3).map((s) => `${s.item}: ${s.reason}`);
  const more = file.skipped.length - listed.length + (file.unlisted ?? 0);
  if (listed.length === 0) return 'it holds no notes';
  return `no note could be imported (${listed.join('; ')}${more > 0 ? `; and ${more} more` : ''})`;
}

/** Read every planned source note by note, converting and appending; returns whether Cancel stopped it. */
async function readAll(options: ImportRunOptions, plan: ImportPlan, appender: ImportAppender): Promise<boolean> {
  const { reader, signal } = options;
  const total = plan.sources.reduce((sum, s) => sum + s.total, 0);
  const yieldNow = sliceYielder();
  let done = 0;
  for (;;) {
    if (signal?.aborted) return true;
    const step = await reader.next();
    if (step.kind === 'end') return signal?.aborted ?? false;
    if (step.kind === 'failed') {
      appender.sourceFailed(step.source, step.reason);
      continue;
    }
    const { item } = step;
    if (item.kind === 'dropped') {
      appender.list(step.source, 'dropped', item.dropped);
      continue;
    }
    done += 1;
    if (item.kind === 'skipped') {
      appender.list(step.source, 'skipped', { item: item.skipped.path ?? item.skipped.title, reason: item.skipped.reason });
    } else {
      // Each note's conversion in a task of its own once the slice is used up: the page answers input meanwhile.
      await yieldNow();
      let converted: ConvertedNote | null = null;
      try {
        converted = await options.convert(item.note, appender.links.linkTo(step.source));
      } catch (error) {
        const reason = `could not be converted (${error instanceof Error ? error.message : String(error)})`;
        appender.list(step.source, 'skipped', { item: item.note.source.path ?? (item.note.title || 'Untitled Note'), reason });
      }
      if (converted) await appender.add(step.source, item.note, converted);
    }
    options.onProgress?.({ done, total });
  }
}

/**
 * Import the chosen files (docs/architecture.md "Import pipeline", docs/product.md "Import notes"):
 * plan them; when none can be read, change nothing and return the reasons. Otherwise read each
 * planned source note by note, convert each note in a slice of its own, and append the notes in
 * batches of one transaction each, every batch with its `import.notes-added` record; end with
 * `import.finished`, the summary of every chosen file. A file that failed planning is listed in that
 * summary with its reason; a note that cannot be converted is skipped and listed. When no note at all
 * comes in, nothing is written. Cancel keeps what is in.
 * @throws (rejects) when the log cannot write (storage full: the batches written stay).
 */
export async function runImport(options: ImportRunOptions): Promise<ImportOutcome> {
  const { log, reader, files, signal } = options;
  if (!log.writable)
    return { kind: 'failed', failures: files.map((f) => ({ file: f.name, reason: 'NotePad was updated elsewhere: reload first' })) };
  // Cancel reaches the readers at once, also while they plan (an export of a gigabyte is read to its end first).
  const stopReading = () => reader.cancel();
  signal?.addEventListener('abort', stopReading);
  const release = log.deferSnapshots();
  try {
    let plan: ImportPlan;
    try {
      plan = await reader.plan(files, options.limits);
    } catch (error) {
      if (signal?.aborted) return { kind: 'cancelled' };
      throw error;
    }
    if (signal?.aborted) return { kind: 'cancelled' };
    if (plan.sources.length === 0) return { kind: 'failed', failures: plan.failures };
    const now = options.now ?? (() => Date.now());
    const importId = (options.newImportId ?? (() => crypto.randomUUID()))();
    const appender = new ImportAppender(log, plan, files, importId, now(), now);
    const cancelled = await readAll(options, plan, appender);
    const summaries = await appender.finish(cancelled);
    const imported = appender.imported;
    if (imported > 0) return { kind: 'imported', importId, imported, cancelled, files: summaries };
    // No note came in: nothing was written, not even the summary.
    return cancelled
      ? { kind: 'cancelled' }
      : { kind: 'failed', failures: summaries.map((f) => ({ file: f.file, reason: whyNothing(f) })) };
  } finally {
    signal?.removeEventListener('abort', stopReading);
    release();
    reader.close();
  }
}

import type { ImportFileError, ImportInput, ImportLimits, PlannedSource, ReaderItem } from '../../importers/neutralNotes';
import { prepareNote, type ImageConverter } from './prepareNote';
import type { ImportPlan, PreparedItem, PreparedNote, ReadStep } from './readerProtocol';

/** The readers' entry (src/importers/index.ts): plans the chosen files; a file that cannot be read is a failure, not a throw. */
export type PlanImport = (
  inputs: ImportInput[],
  options: { limits?: Partial<ImportLimits>; signal?: AbortSignal },
) => Promise<{ sources: PlannedSource[]; failures: ImportFileError[] }>;

/** The import's reading side (the worker's, or the page's own where there are no workers): plan, then one step at a time. */
export interface ReaderHost {
  /** Plan the chosen files. @throws (rejects) only when planning itself broke (a bug), not for a bad file. */
  plan(files: ImportInput[], limits?: Partial<ImportLimits>): Promise<ImportPlan>;
  /** The next step: an item, a source that stopped, or the end. One note with its images in memory at a time. */
  next(): Promise<ReadStep>;
  /**
   * The next steps, up to `maxItems` of them or about `maxBytes` of notes (at least one), ending with
   * the end when it comes: for the worker, which answers the page with a few notes per message.
   */
  nextSteps(maxItems: number, maxBytes: number): Promise<ReadStep[]>;
  /** Stop: planning and reading end where they are; `next` answers the end. */
  cancel(): void;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The reading side of the pipeline (docs/architecture.md "Import pipeline"): readers plan the files,
 * then each source is read in order, one item per `next`, each note's images converted by `convert`.
 * A source whose reading breaks half-way stops with its reason; the next source goes on.
 */
export function createReaderHost(planImport: PlanImport, convert: ImageConverter): ReaderHost {
  const abort = new AbortController();
  let sources: PlannedSource[] = [];
  let current = 0;
  let reading: AsyncIterator<ReaderItem> | null = null;

  const prepare = async (item: ReaderItem): Promise<PreparedItem> =>
    item.kind === 'note' ? { kind: 'note', note: await prepareNote(item.note, convert) } : item;

  const host: ReaderHost = {
    async plan(files, limits) {
      const planned = await planImport(files, { limits, signal: abort.signal });
      sources = planned.sources;
      return {
        sources: sources.map(({ file, app, total, notebooks, noteFiles, sharedFolder }) => ({
          ...{ file, app, total },
          ...(notebooks ? { notebooks } : {}),
          ...(noteFiles ? { noteFiles } : {}),
          ...(sharedFolder ? { sharedFolder } : {}),
        })),
        failures: planned.failures.map((failure) => ({ file: failure.file, reason: failure.reason })),
      };
    },
    async next() {
      while (current < sources.length && !abort.signal.aborted) {
        const source = current;
        reading ??= sources[source].read(abort.signal)[Symbol.asyncIterator]();
        try {
          const step = await reading.next();
          if (!step.done) return { kind: 'item', source, item: await prepare(step.value) };
        } catch (error) {
          if (abort.signal.aborted) break;
          reading = null;
          current += 1;
          return { kind: 'failed', source, reason: reasonOf(error) };
        }
        reading = null;
        current += 1;
      }
      return { kind: 'end' };
    },
    async nextSteps(maxItems, maxBytes) {
      const steps: ReadStep[] = [];
      let bytes = 0;
      while (steps.length < maxItems && bytes < maxBytes) {
        const step = await host.next();
        steps.push(step);
        if (step.kind === 'end') break;
        if (step.kind === 'item' && step.item.kind === 'note') bytes += noteBytes(step.item.note);
      }
      return steps;
    },
    cancel() {
      abort.abort(new DOMException('The import was cancelled.', 'AbortError'));
      void reading?.return?.();
    },
  };
  return host;
}

/** About how many bytes a prepared note holds: its text (two bytes a character) and its images. */
function noteBytes(note: PreparedNote): number {
  return (
    note.body.text.length * 2 +
    note.attachments.reduce((sum, a) => sum + (a.kind === 'image' ? a.jpeg.byteLength : a.kind === 'svg' ? a.svg.length * 2 : 0), 0)
  );
}

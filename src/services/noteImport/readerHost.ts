import type { ImportFileError, ImportInput, ImportLimits, PlannedSource, ReaderItem } from '../../importers/types';
import { prepareNote, type ImageConverter } from './prepareNote';
import type { ImportPlan, PreparedItem, ReadStep } from './protocol';

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

  return {
    async plan(files, limits) {
      const planned = await planImport(files, { limits, signal: abort.signal });
      sources = planned.sources;
      return {
        sources: sources.map(({ file, app, total }) => ({ file, app, total })),
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
    cancel() {
      abort.abort(new DOMException('The import was cancelled.', 'AbortError'));
      void reading?.return?.();
    },
  };
}

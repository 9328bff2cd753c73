import type { ImportInput, ImportLimits } from '../../importers/neutralNotes';
import type { FromWorker, ImportPlan, ReadStep, ToWorker } from './readerProtocol';

/** The page's side of reading an import: plan the chosen files, then take one step at a time. */
export interface NoteReader {
  /** @throws (rejects) when planning broke (not for a file that cannot be imported: that is a failure of the plan). */
  plan(files: ImportInput[], limits?: Partial<ImportLimits>): Promise<ImportPlan>;
  /** @throws (rejects) when the reading side stopped working (the worker died). */
  next(): Promise<ReadStep>;
  /** Stop reading; `next` then answers the end. */
  cancel(): void;
  /** Let the reading side go (terminates the worker). */
  close(): void;
}

/** The import's worker, made on first use (its chunk holds the readers and their libraries). */
function startImportWorker(): Worker {
  return new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module', name: 'notepad-import' });
}

/**
 * A reader over the import's worker (docs/architecture.md "Import pipeline"). The worker answers
 * `next` with a few steps (readerProtocol.ts: `STEPS_PER_MESSAGE`, `BYTES_PER_MESSAGE`); the reader asks for the
 * next few as soon as it starts handing out these, so the worker reads while the page converts, and
 * never more: memory holds two answers at most.
 */
export function workerReader(create: () => Worker = startImportWorker): NoteReader {
  const worker = create();
  const waiting: { resolve: (message: FromWorker) => void; reject: (error: Error) => void }[] = [];
  let ahead: Promise<ReadStep[]> | null = null;
  let broken: Error | null = null;
  worker.onmessage = ({ data }: MessageEvent<FromWorker>) => waiting.shift()?.resolve(data);
  worker.onerror = (event) => {
    event.preventDefault();
    broken = new Error(`the import's reader stopped: ${event.message || 'it could not start'}`);
    for (const request of waiting.splice(0)) request.reject(broken);
  };
  const ask = (message: ToWorker): Promise<FromWorker> =>
    broken
      ? Promise.reject(broken)
      : new Promise((resolve, reject) => {
          waiting.push({ resolve, reject });
          worker.postMessage(message);
        });
  const fetchSteps = async (): Promise<ReadStep[]> => {
    const answer = await ask({ type: 'next' });
    if (answer.type === 'error') throw new Error(answer.message);
    if (answer.type !== 'steps') throw new Error('the import reader answered out of turn');
    return answer.steps;
  };
  let queue: ReadStep[] = [];
  const endsWithEnd = (steps: ReadStep[]) => steps.at(-1)?.kind === 'end';
  return {
    async plan(files, limits) {
      const answer = await ask({ type: 'plan', files, limits });
      if (answer.type === 'error') throw new Error(answer.message);
      if (answer.type !== 'planned') throw new Error('the import reader answered out of turn');
      return answer.plan;
    },
    async next() {
      if (queue.length === 0) {
        queue = await (ahead ?? fetchSteps());
        // The following steps are read while these are converted; nothing is asked after the end.
        ahead = endsWithEnd(queue) ? Promise.resolve([{ kind: 'end' }]) : fetchSteps();
        ahead.catch(() => undefined);
      }
      return queue.shift() ?? { kind: 'end' };
    },
    cancel() {
      if (!broken) worker.postMessage({ type: 'cancel' } satisfies ToWorker);
    },
    close() {
      worker.terminate();
      broken ??= new Error('the import reader was closed');
      for (const request of waiting.splice(0)) request.reject(broken);
    },
  };
}

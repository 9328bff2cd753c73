import type { EventEnvelope } from '../../catalog';

/**
 * Writes of long notes' saves in a Web Worker (docs/architecture.md "IndexedDB log").
 *
 * Why: IndexedDB copies a value synchronously in `add()` (serializes it, and because the events
 * store has in-line keys and indexes, deserializes a copy to read them). For a long note that is
 * a long task on the main thread right after the autosave. Handing the record to a worker costs
 * one structured clone of two flat strings (docs/benchmarks.md); the worker's own connection to the log's database
 * does the add. Small records stay on the page's connection: a message round trip would cost
 * them more than it saves.
 *
 * Order: the log writes one batch at a time (the write queue, logWrites.ts, waits for the previous one), so a batch
 * written here is durable before the next one starts, whichever connection writes it.
 */

/**
 * Records whose stored strings (HTML and document JSON) add up to this many characters are written off the main thread.
 * @internal Test seam: used here; the tests read this constant.
 */
export const OFF_THREAD_MIN_CHARS = 64 * 1024;

/** Whether a stored-form record is big enough to be written by the worker. */
export function isBigRecord(record: EventEnvelope): boolean {
  const html = (record.payload as { html?: unknown }).html;
  const blocksJson = (record as { blocksJson?: unknown }).blocksJson;
  const chars = (typeof html === 'string' ? html.length : 0) + (typeof blocksJson === 'string' ? blocksJson.length : 0);
  return chars >= OFF_THREAD_MIN_CHARS;
}

/** A message to the writer worker: add `records` (stored form) in one transaction. */
export interface WriteRequest {
  id: number;
  records: EventEnvelope[];
}

/** The writer worker's answer: the seqs given, or the error's name and message (QuotaExceededError, ConstraintError ...). */
export type WriteAnswer = { id: number; seqs: number[] } | { id: number; error: { name: string; message: string } };

/** An error as the worker sends it. */
export function describeError(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

/** Writes record batches through a worker. */
export interface OffThreadWriter {
  /** Add `records` in one transaction; resolves with their seqs once it completed. Rejects as IndexedDB would. */
  add(records: EventEnvelope[]): Promise<number[]>;
  close(): void;
}

/** The worker is started on the first big write, not at start-up: most notes never need it. */
function startWorker(): Worker {
  return new Worker(new URL('./logWriter.worker.ts', import.meta.url), { type: 'module', name: 'notepad-log-writer' });
}

/**
 * A writer over a worker made by `create` on first use, or null where there are no workers (Node,
 * tests): the page's connection then writes everything.
 */
export function offThreadWriter(create: () => Worker = startWorker): OffThreadWriter | null {
  if (typeof Worker !== 'function') return null;
  let worker: Worker | null = null;
  let next = 0;
  const waiting = new Map<number, { resolve: (seqs: number[]) => void; reject: (error: unknown) => void }>();
  const failAll = (error: unknown) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  const connect = (): Worker => {
    if (worker) return worker;
    const made = create();
    made.onmessage = ({ data }: MessageEvent<WriteAnswer>) => {
      const request = waiting.get(data.id);
      if (!request) return;
      waiting.delete(data.id);
      if ('seqs' in data) request.resolve(data.seqs);
      // The same DOMException IndexedDB gives the page (the log and its notices read its name, e.g. QuotaExceededError).
      else request.reject(new DOMException(data.error.message, data.error.name));
    };
    // A worker that cannot start (a blocked script) fails its writes; the log keeps them pending and retries.
    made.onerror = (event) => {
      event.preventDefault();
      failAll(new Error(`NotePad: the log's writer stopped: ${event.message || 'it could not start'}`));
      made.terminate();
      if (worker === made) worker = null;
    };
    return (worker = made);
  };
  return {
    add(records) {
      return new Promise((resolve, reject) => {
        const id = ++next;
        waiting.set(id, { resolve, reject });
        connect().postMessage({ id, records } satisfies WriteRequest);
      });
    },
    close() {
      worker?.terminate();
      worker = null;
      failAll(new Error('NotePad: the log was closed'));
    },
  };
}

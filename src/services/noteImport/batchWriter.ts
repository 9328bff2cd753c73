import type { AppEvent } from '../../../catalog';
import type { EventLog } from '../../events/eventLog';

/** A batch holds at most this many notes (docs/architecture.md "Import pipeline"). */
export const BATCH_MAX_NOTES = 200;
/** ... and at most about this many characters of HTML and document: memory stays bounded whatever the notes hold. */
export const BATCH_MAX_CHARS = 4 * 1024 * 1024;
/** A batch is written at least this often (ms), so the list fills in while a slow import runs. */
export const BATCH_MAX_MS = 500;

/**
 * Writes an import's batches through `EventLog.appendBatch`, one transaction each, with one batch in
 * flight: the next batch is handed over once the previous one is durable, so while one is written
 * the next is converted, and memory holds at most two.
 */
export class BatchWriter {
  private inFlight: Promise<unknown> = Promise.resolve();
  /** Notes written durably so far. */
  written = 0;

  constructor(private readonly log: EventLog) {}

  /**
   * Hand `events` to the log after the previous batch is durable; resolves once they are applied
   * (not yet durable). @throws (rejects) when the previous batch's write failed (the log keeps its
   * events pending and retries them; the import stops).
   */
  async write(events: AppEvent[], notes: number): Promise<void> {
    await this.inFlight;
    this.inFlight = this.log.appendBatch(events).then(() => (this.written += notes));
  }

  /** Resolves once every batch handed over is durable. @throws (rejects) when a write failed. */
  settle(): Promise<unknown> {
    return this.inFlight;
  }
}

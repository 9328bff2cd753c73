import type { AppEvent } from '../../catalog';
import type { EventLog } from '../events/eventLog';
import type { LegacyEntry } from '../projections/legacy';
import { loadPurifier } from './purifier';
import { sanitizeNoteHtml } from './sanitize';
import { readOrNull } from './legacyValue';
import { BATCH_MAX_CHARS, BATCH_MAX_NOTES, BatchWriter } from './noteImport/batchWriter';
import { sliceYielder } from './noteImport/slices';
import { noteBodyKey, type StorageArea } from './webStorage';

/**
 * Append `entries` with their bodies (read from `note_{id}` one batch at a time, sanitized) in batches
 * of one transaction each, in slices that leave the page responsive. Returns how many were appended.
 */
export async function appendLegacyNotes(
  log: EventLog,
  storage: StorageArea,
  entries: LegacyEntry[],
  onProgress: (done: number) => void,
): Promise<number> {
  await loadPurifier();
  const writer = new BatchWriter(log);
  const yieldNow = sliceYielder();
  let batch: AppEvent[] = [];
  let chars = 0;
  let done = 0;
  for (const entry of entries) {
    await yieldNow();
    // A note that appeared meanwhile (another tab, the journal) is not imported again.
    if (log.state.notes.meta[entry.id] || log.state.notes.deleted[entry.id]) continue;
    const html = sanitizeNoteHtml(readOrNull(storage, noteBodyKey(entry.id)) ?? '');
    batch.push(log.create('note.imported', { ...entry, html }));
    chars += html.length * 2;
    done += 1;
    if (batch.length >= BATCH_MAX_NOTES || chars >= BATCH_MAX_CHARS) {
      await writer.write(batch, batch.length);
      [batch, chars] = [[], 0];
      onProgress(done);
    }
  }
  if (batch.length) await writer.write(batch, batch.length);
  await writer.settle();
  onProgress(done);
  return done;
}

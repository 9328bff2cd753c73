import { EventLog } from '../../src/events/eventLog';
import { openIndexedDbStorage } from '../../src/events/logStorage';
import { fromStoredForm } from '../../src/events/storedForm';
import type { AppEvent } from '../../catalog';

/**
 * The import bench's yardstick (docs/benchmarks.md "Import figures"): the same events an import
 * appended, appended again by NotePad's own log in bulk, in batches of the import's size, on a fresh
 * database. The import's time against this one is what the pipeline costs over the log's own work.
 */
declare global {
  interface Window {
    __appendBench?: (records: unknown[], batch: number) => Promise<number>;
  }
}

window.__appendBench = async (records, batch) => {
  const log = new EventLog({ storage: await openIndexedDbStorage() });
  await log.load();
  const events = records.map((raw) => {
    const { seq: _seq, ...event } = fromStoredForm(raw) as AppEvent & { seq?: number };
    return event as AppEvent;
  });
  const started = performance.now();
  const release = log.deferSnapshots();
  for (let at = 0; at < events.length; at += batch) await log.appendBatch(events.slice(at, at + batch));
  release();
  const ms = performance.now() - started;
  await log.close();
  return ms;
};

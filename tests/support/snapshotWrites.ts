import type { Snapshot } from '../../src/events/logRecords';
import type { LogStorage } from '../../src/events/logStorage';

/** Record every snapshot `storage` is asked to write (still written): returns the list, filled as writes come. */
export function recordSnapshotWrites(storage: LogStorage): Snapshot[] {
  const written: Snapshot[] = [];
  const write = storage.writeSnapshot.bind(storage);
  storage.writeSnapshot = async (s, ifEpoch) => {
    written.push(s);
    return write(s, ifEpoch);
  };
  return written;
}

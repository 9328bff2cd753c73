import { openIndexedDbStorage, type LogStorage } from '../../src/events/logStorage';

/** The log's IndexedDB storage, recording the seq each read of the log (`readAfter`) started after: an upgrade test's witness that a start folded from its snapshot. */
export async function watchedStorage(): Promise<{ storage: LogStorage; readsAfter: number[] }> {
  const storage = await openIndexedDbStorage(null);
  const readsAfter: number[] = [];
  const readAfter = storage.readAfter.bind(storage);
  storage.readAfter = (after, options) => {
    readsAfter.push(after);
    return readAfter(after, options);
  };
  return { storage, readsAfter };
}

import type { IDBPDatabase } from 'idb';
import { addRecords, type NotePadDB } from './logDatabase';
import { describeError, type WriteAnswer, type WriteRequest } from './offThreadWrites';

/**
 * What the log's writer worker does with each batch (offThreadWrites.ts): add it on the worker's
 * own connection, in the order batches arrive, and answer with the seqs or the error. The
 * connection is opened on the first batch; a failed open is tried again with the next one.
 */
export function createWriteHandler(open: () => Promise<IDBPDatabase<NotePadDB>>): (request: WriteRequest) => Promise<WriteAnswer> {
  let db: Promise<IDBPDatabase<NotePadDB>> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const connection = () => {
    if (!db) {
      const opening = open();
      opening.catch(() => db === opening && (db = null));
      db = opening;
    }
    return db;
  };
  return (request) => {
    const answer = queue.then(async (): Promise<WriteAnswer> => {
      try {
        return { id: request.id, seqs: await addRecords(await connection(), request.records) };
      } catch (error) {
        return { id: request.id, error: describeError(error) };
      }
    });
    queue = answer;
    return answer;
  };
}

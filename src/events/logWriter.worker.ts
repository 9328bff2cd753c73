/// <reference lib="webworker" />
import { openLogDatabase } from './logDatabase';
import type { WriteAnswer, WriteRequest } from './offThreadWrites';
import { createWriteHandler } from './writeHandler';

/**
 * The log's writer worker (offThreadWrites.ts, docs/architecture.md "IndexedDB log"): adds the
 * batches the page sends on a connection of its own. A newer build's upgrade closes that
 * connection (openLogDatabase), and the batches after it fail as the page's own writes would.
 */
declare const self: DedicatedWorkerGlobalScope;

let steppedAside = false;
const handle = createWriteHandler(() =>
  steppedAside
    ? Promise.reject(new Error('NotePad was updated elsewhere: the log is closed to this build'))
    : openLogDatabase(() => (steppedAside = true)),
);

self.onmessage = ({ data }: MessageEvent<WriteRequest>) => {
  void handle(data).then((answer: WriteAnswer) => self.postMessage(answer));
};

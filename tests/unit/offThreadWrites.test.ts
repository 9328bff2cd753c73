import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { addRecords, openLogDatabase } from '../../src/events/logDatabase';
import { openIndexedDbStorage } from '../../src/events/logStorage';
import { OFF_THREAD_MIN_CHARS, isBigRecord, offThreadWriter, type WriteRequest } from '../../src/events/offThreadWrites';
import { createWriteHandler } from '../../src/events/writeHandler';
import type { EventEnvelope } from '../../catalog';
import { bodyBlocks } from '../../src/projections/notesState';
import { ev } from './helpers';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

/**
 * A stand-in for the writer worker: messages go through structuredClone both ways, as postMessage
 * would, to the same handler the worker runs, over fake-indexeddb. Counts the batches it wrote.
 */
function fakeWorker(handle = createWriteHandler(() => openLogDatabase(() => {}))) {
  const worker = {
    batches: 0,
    terminated: false,
    onmessage: null as ((event: MessageEvent) => void) | null,
    onerror: null as ((event: ErrorEvent) => void) | null,
    postMessage(message: WriteRequest) {
      worker.batches += 1;
      void handle(structuredClone(message)).then((answer) => worker.onmessage?.({ data: structuredClone(answer) } as MessageEvent));
    },
    terminate() {
      worker.terminated = true;
    },
  };
  return worker;
}

const bigHtml = `<p>${'word '.repeat(OFF_THREAD_MIN_CHARS / 5)}</p>`;

describe('writes of long notes off the main thread', () => {
  it('counts a record as big from OFF_THREAD_MIN_CHARS characters of HTML and document JSON', () => {
    const record = (html: string, blocksJson?: string) =>
      ({ ...ev('note.body-saved', { id: '1', html }), ...(blocksJson ? { blocksJson } : {}) }) as EventEnvelope;
    expect(isBigRecord(record('x'.repeat(OFF_THREAD_MIN_CHARS - 1)))).toBe(false);
    expect(isBigRecord(record('x'.repeat(OFF_THREAD_MIN_CHARS / 2), 'y'.repeat(OFF_THREAD_MIN_CHARS / 2)))).toBe(true);
    expect(isBigRecord(ev('note.renamed', { id: '1', title: 'x'.repeat(OFF_THREAD_MIN_CHARS) }) as EventEnvelope)).toBe(false);
  });

  it('is not used where there are no workers (Node): the page writes everything', () => {
    expect(typeof Worker).toBe('undefined');
    expect(offThreadWriter()).toBeNull();
  });

  it('a big save goes through the worker, a small one does not, and the log reads both in order after a reload', async () => {
    const worker = fakeWorker();
    (globalThis as { Worker?: unknown }).Worker = function () {};
    try {
      const storage = await openIndexedDbStorage(offThreadWriter(() => worker as unknown as Worker));
      const log = new EventLog({ storage });
      await log.load();
      await log.append('note.created', { id: '1', title: 'Long' });
      await log.append('note.body-saved', { id: '1', html: bigHtml, blocks: [{ id: 'b', type: 'paragraph', content: [], children: [] }] });
      await log.append('note.renamed', { id: '1', title: 'Long note' });
      expect(worker.batches).toBe(1);
      await log.close();
      expect(worker.terminated).toBe(true);

      const again = new EventLog({ storage: await openIndexedDbStorage(null) });
      await again.load();
      expect(again.state.notes.meta['1'].title).toBe('Long note');
      expect(again.state.notes.bodies['1'].html).toBe(bigHtml);
      expect(bodyBlocks(again.state.notes.bodies['1'])).toEqual([{ id: 'b', type: 'paragraph', content: [], children: [] }]);
      const events = await again.noteEvents('1');
      expect(events.map((e) => e.type)).toEqual(['note.created', 'note.body-saved', 'note.renamed']);
      expect(events.map((e) => e.seq)).toEqual([1, 2, 3]);
      await again.close();
    } finally {
      delete (globalThis as { Worker?: unknown }).Worker;
    }
  });

  it("a refused write rejects with IndexedDB's own error, and the batches after it still go through", async () => {
    (globalThis as { Worker?: unknown }).Worker = function () {};
    try {
      const writer = offThreadWriter(() => fakeWorker() as unknown as Worker)!;
      const record = { ...ev('note.created', { id: '1', title: 't' }), seq: undefined } as unknown as EventEnvelope;
      delete (record as { seq?: number }).seq;
      expect(await writer.add([record])).toEqual([1]);
      // The same event id again breaks the unique index: the write fails as the page's own connection fails it.
      const viaWorker = await writer.add([record]).catch((error: unknown) => error);
      const db = await openLogDatabase(() => {});
      const direct = await addRecords(db, [record]).catch((error: unknown) => error);
      db.close();
      expect(viaWorker).toBeInstanceOf(DOMException);
      expect(direct).toBeInstanceOf(DOMException);
      expect((viaWorker as DOMException).name).toBe((direct as DOMException).name);
      const other = { ...record, id: '00000000-0000-4000-8000-999999999999' };
      expect(await writer.add([other])).toEqual([2]);
      writer.close();
    } finally {
      delete (globalThis as { Worker?: unknown }).Worker;
    }
  });

  it('a worker that fails fails the writes waiting on it, and the next write starts a new one', async () => {
    (globalThis as { Worker?: unknown }).Worker = function () {};
    try {
      const made: ReturnType<typeof fakeWorker>[] = [];
      const writer = offThreadWriter(() => {
        const worker = fakeWorker(() => new Promise(() => {})); // never answers
        made.push(worker);
        return worker as unknown as Worker;
      })!;
      const record = { ...ev('note.created', { id: '1', title: 't' }) } as EventEnvelope;
      const waiting = writer.add([record]);
      made[0].onerror?.({ message: 'boom', preventDefault() {} } as ErrorEvent);
      await expect(waiting).rejects.toThrow(/boom/);
      expect(made[0].terminated).toBe(true);
      const closed = writer.add([record]);
      expect(made).toHaveLength(2);
      writer.close();
      await expect(closed).rejects.toThrow(/closed/);
    } finally {
      delete (globalThis as { Worker?: unknown }).Worker;
    }
  });
});

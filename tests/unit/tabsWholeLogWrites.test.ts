import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { LOG_DB_NAME } from '../../src/events/logDatabase';
import { openIndexedDbStorage, type LogStorage } from '../../src/events/logStorage';
import { buildLogFile, parseLogFile } from '../../src/events/logFile';
import { inProcessLock, type LogLock } from '../../src/events/logLock';
import { EVENT_SCHEMA_VERSION, type AppEvent } from '../../catalog';

/**
 * Two tabs of one origin on one IndexedDB log (docs/architecture.md "Compaction"): a compaction, a
 * checkpoint or a quarantine in one tab while the other replaces the log. Each tab here is an
 * EventLog with its own connection; the two share one lock, as tabs share the origin's Web Lock.
 */

const at = '2026-11-24T10:00:00.000Z';
const event = (seq: number, type: string, payload: Record<string, unknown>): AppEvent =>
  ({ v: EVENT_SCHEMA_VERSION, seq, id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`, at, type, payload }) as AppEvent;

/** The file another tab imports: six events whose seqs are the same as the old log's. */
const IMPORTED = [
  event(1, 'note.created', { id: '1700000000001', title: 'Imported first' }),
  event(2, 'note.body-saved', { id: '1700000000001', html: '<p>one</p>' }),
  event(3, 'note.body-saved', { id: '1700000000001', html: '<p>two</p>' }),
  event(4, 'note.body-saved', { id: '1700000000001', html: '<p>three</p>' }),
  event(5, 'note.created', { id: '1700000000002', title: 'Imported second' }),
  event(6, 'note.starred', { id: '1700000000002' }),
];
const importedFile = () => parseLogFile(JSON.stringify(buildLogFile(IMPORTED, null, new Date(at))));

/** A lock shared by two logs that says when a second holder waits for it. */
function sharedLock(): LogLock & { contended: Promise<void> } {
  const lock = inProcessLock();
  let held = 0;
  let contended!: () => void;
  const promise = new Promise<void>((resolve) => (contended = resolve));
  return {
    contended: promise,
    exclusive(work) {
      if (++held > 1) contended();
      return lock.exclusive(work).finally(() => (held -= 1));
    },
  };
}

/** Storage whose `method` waits for `release()` once `arm()` was called: a slow disk at one step. */
function gated(storage: LogStorage, method: 'deleteEvents' | 'latestSnapshot' | 'quarantine') {
  let armed = false;
  let reached!: () => void;
  let release!: () => void;
  const reachedP = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const real = storage[method].bind(storage) as (...args: unknown[]) => Promise<unknown>;
  const wrapped: LogStorage = {
    ...storage,
    [method]: async (...args: unknown[]) => {
      if (armed) {
        armed = false;
        reached();
        await released;
      }
      return real(...args);
    },
  };
  return { storage: wrapped, arm: () => (armed = true), reached: reachedP, release };
}

/** Two BroadcastChannel-like ends that deliver to each other asynchronously, as browsers do. */
function channelPair() {
  type End = { onmessage: ((ev: MessageEvent) => void) | null; postMessage(data: unknown): void; close(): void };
  const a: End = { onmessage: null, postMessage: (data) => setTimeout(() => b.onmessage?.({ data } as MessageEvent)), close() {} };
  const b: End = { onmessage: null, postMessage: (data) => setTimeout(() => a.onmessage?.({ data } as MessageEvent)), close() {} };
  return [a, b] as const;
}

const titles = (log: EventLog) => log.state.notes.order.map((id) => log.state.notes.meta[id].title);

/** What a tab opened after both are done shows, and which of the imported events the log holds. */
async function afterwards(lock: LogLock) {
  const fresh = new EventLog({ storage: await openIndexedDbStorage(null), channel: null, lock });
  await fresh.load();
  const held = await fresh.holds(IMPORTED.map((e) => e.id));
  const shown = titles(fresh);
  await fresh.close();
  return { shown, missing: IMPORTED.filter((e) => !held.has(e.id)).map((e) => e.seq) };
}

/** A tab whose log holds an old note with four body revisions (seqs 1-5) and a second note (6). */
async function oldTab(storage: LogStorage, lock: LogLock, channel: ReturnType<typeof channelPair>[number] | null) {
  const tab = new EventLog({ storage, channel, lock, now: () => new Date(at) });
  await tab.load();
  await tab.append('note.created', { id: '1600000000001', title: 'Replaced' });
  for (const html of ['<p>a</p>', '<p>b</p>', '<p>c</p>', '<p>d</p>']) await tab.append('note.body-saved', { id: '1600000000001', html });
  await tab.append('note.created', { id: '1600000000002', title: 'Also replaced' });
  return tab;
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('whole-log writes of two tabs', () => {
  it('a compaction in one tab while the other replaces the log deletes none of the new log and writes no snapshot above it', async () => {
    const lock = sharedLock();
    const [endA, endB] = channelPair();
    const slowA = gated(await openIndexedDbStorage(null), 'deleteEvents');
    const tabA = await oldTab(slowA.storage, lock, endA);
    const tabB = new EventLog({ storage: await openIndexedDbStorage(null), channel: endB, lock });
    await tabB.load();

    // Tab A has planned to drop the old note's first three revisions (seqs 2-4) and is about to delete them.
    slowA.arm();
    const compaction = tabA.compact(new Date('2030-01-01'), { retentionMs: 0, keepRevisionsPerNote: 1 });
    await slowA.reached;
    const importing = tabB.replaceWith(importedFile());
    // Tab B either replaced the log already or waits for tab A to finish.
    await Promise.race([importing, lock.contended]);
    slowA.release();
    await Promise.all([compaction, importing]);

    expect(await afterwards(lock)).toEqual({ shown: ['Imported second', 'Imported first'], missing: [] });
    expect(titles(tabB)).toEqual(['Imported second', 'Imported first']);
    await tabA.close();
    await tabB.close();
  });

  it('a checkpoint that waited while another tab replaced the log, before hearing of it, writes nothing above the new log', async () => {
    const lock = sharedLock();
    const tabA = await oldTab(await openIndexedDbStorage(null), lock, null);
    // Tab B has replaced the log and is reading it back when tab A's checkpoint comes; no message reaches A.
    const slowB = gated(await openIndexedDbStorage(null), 'latestSnapshot');
    const tabB = new EventLog({ storage: slowB.storage, channel: null, lock });
    await tabB.load();
    slowB.arm();
    const importing = tabB.replaceWith(importedFile());
    await slowB.reached;
    const checkpoint = tabA.writeSnapshot();
    await Promise.race([checkpoint, lock.contended]);
    slowB.release();
    await Promise.all([checkpoint, importing]);

    expect(await afterwards(lock)).toEqual({ shown: ['Imported second', 'Imported first'], missing: [] });
    // The tab that waited folded the new log instead of writing its own.
    expect(titles(tabA)).toEqual(['Imported second', 'Imported first']);
    await tabA.close();
    await tabB.close();
  });

  it('a malformed record read before another tab replaced the log is set aside without deleting the new event at its seq', async () => {
    const lock = sharedLock();
    const tabB = new EventLog({ storage: await openIndexedDbStorage(null), channel: null, lock });
    await tabB.load();
    const db = await openDB(LOG_DB_NAME);
    await db.add('events', { v: 1, id: 'corrupt-record-1', at: 'x', type: 'note.created', payload: {} });
    db.close();
    // Tab A starts, reads the malformed record at seq 1 and is slow to set it aside; tab B replaces the log meanwhile.
    const slowA = gated(await openIndexedDbStorage(null), 'quarantine');
    slowA.arm();
    const tabA = new EventLog({ storage: slowA.storage, channel: null, lock });
    const loading = tabA.load();
    await slowA.reached;
    await tabB.replaceWith(importedFile());
    slowA.release();
    await loading;

    expect(await afterwards(lock)).toEqual({ shown: ['Imported second', 'Imported first'], missing: [] });
    await tabA.close();
    await tabB.close();
  });

  it("appends of one tab are durable while the other tab's compaction holds the lock", async () => {
    const lock = sharedLock();
    const slowA = gated(await openIndexedDbStorage(null), 'deleteEvents');
    const tabA = await oldTab(slowA.storage, lock, null);
    const tabB = new EventLog({ storage: await openIndexedDbStorage(null), channel: null, lock });
    await tabB.load();
    slowA.arm();
    const compaction = tabA.compact(new Date('2030-01-01'), { retentionMs: 0, keepRevisionsPerNote: 1 });
    await slowA.reached;
    // The keystroke path: an append resolves once durable, whatever the other tab holds.
    const stored = await tabB.append('note.created', { id: '1800000000001', title: 'Typed meanwhile' });
    expect(stored.seq).toBe(7);
    slowA.release();
    expect(await compaction).toBe(3);
    await tabA.close();
    await tabB.close();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { EVENT_SCHEMA_VERSION, type AppEvent, type EventEnvelope } from '../../catalog';
import type { Channel, TabMessage } from '../../src/events/tabChannel';
import { recoverJournal, writeJournal } from '../../src/services/journal';
import { JOURNAL_KEY } from '../../src/services/webStorage';
import { importLegacyNotes } from '../support/legacyNotes';
import { buildLogFile, parseLogFile, LogFileError } from '../../src/events/logFile';
import { exportLogFile } from '../../src/services/logTransfer';
import { MemoryWebStorage } from './memoryWebStorage';

/**
 * Version skew (docs/architecture.md "Versions and tabs"): an old build open beside a newer one
 * never moves, deletes or rewrites the newer build's records, stops writing once it meets them,
 * and leaves its unsaved events in the journal for the newer build.
 */

const NEWER = EVENT_SCHEMA_VERSION + 1;
const at = '2026-11-24T10:00:00.000Z';
const created = (seq: number, id: string, title = 'Note'): EventEnvelope => ({
  v: EVENT_SCHEMA_VERSION,
  seq,
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  at,
  type: 'note.created',
  payload: { id, title },
});
/** A record as a newer build would write it: a version this build cannot read, a shape it does not know. */
const fromNewerBuild = (seq: number): EventEnvelope => ({
  v: NEWER,
  seq,
  id: `10000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  at,
  type: 'note.body-saved',
  payload: { id: '1', html: '<p>newer</p>', base: 'x', shapeOfTheFuture: [1, 2, 3] },
});

/** A fake BroadcastChannel hub: every end hears the others' messages asynchronously, as browsers deliver them. */
function channelHub() {
  const ends: (Channel & { sent: TabMessage[] })[] = [];
  const end = (): Channel & { sent: TabMessage[] } => {
    const self: Channel & { sent: TabMessage[] } = {
      onmessage: null,
      sent: [],
      postMessage(data: TabMessage) {
        self.sent.push(data);
        for (const other of ends) if (other !== self) setTimeout(() => other.onmessage?.({ data } as MessageEvent));
      },
      close() {},
    };
    ends.push(self);
    return self;
  };
  return { end };
}

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

async function loaded(storage = createMemoryLogStorage(), channel: Channel | null = null) {
  const log = new EventLog({ storage, channel });
  await log.load();
  return log;
}

describe('an older build meeting a newer build’s records', () => {
  it('keeps the newer record in the log across reloads, never quarantines it, and folds the rest', async () => {
    const storage = createMemoryLogStorage([created(1, '1', 'Kept'), fromNewerBuild(2), created(3, '3')]);
    for (let start = 0; start < 2; start++) {
      const log = await loaded(storage);
      expect(log.state.notes.order).toEqual(['3', '1']);
      expect(log.status$.value.newerVersion).toBe(NEWER);
      expect(log.status$.value.quarantinedNow).toEqual([]);
      await log.close();
    }
    expect(await storage.quarantined()).toEqual([]);
    expect((await storage.readAfter(0)).map((r) => (r as EventEnvelope).seq)).toEqual([1, 2, 3]);
    expect((await storage.readAfter(1))[0]).toEqual(fromNewerBuild(2));
  });

  it('applies what the user does in memory but writes nothing, so the journal keeps it for the newer build', async () => {
    const storage = createMemoryLogStorage([created(1, '1'), fromNewerBuild(2)]);
    const log = await loaded(storage);
    let settled = false;
    void log.append('note.renamed', { id: '1', title: 'Typed in the old tab' }).then(() => (settled = true));
    await tick(20);
    expect(log.state.notes.meta['1'].title).toBe('Typed in the old tab');
    expect(settled).toBe(false);
    expect(await storage.readAfter(2)).toEqual([]);
    const web = new MemoryWebStorage();
    expect(writeJournal(log, web)).toBe(1);
    expect(JSON.parse(web.getItem(JOURNAL_KEY)!)[0].payload.title).toBe('Typed in the old tab');
  });

  it('writes no snapshot, compacts nothing and refuses to replace the log', async () => {
    const storage = createMemoryLogStorage([created(1, '1'), fromNewerBuild(2)]);
    const log = await loaded(storage);
    await log.writeSnapshot();
    expect(await storage.latestSnapshot()).toBeNull();
    expect(await log.compact(new Date('2030-01-01'))).toBe(0);
    await expect(log.replaceWith(parseLogFile(JSON.stringify(buildLogFile([], null, new Date(at)))))).rejects.toThrow(/updated elsewhere/);
    expect(await storage.readAfter(0)).toHaveLength(2);
  });

  it('exports the newer record untouched, and an import of such a file is refused with a reason and Reload', async () => {
    const log = await loaded(createMemoryLogStorage([created(1, '1'), fromNewerBuild(2)]));
    const file = await exportLogFile(log, new Date(at));
    expect(file.events).toEqual([created(1, '1'), fromNewerBuild(2)]);
    const error = (() => {
      try {
        parseLogFile(JSON.stringify(file));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(LogFileError);
    expect((error as LogFileError).newerVersion).toBe(NEWER);
    expect((error as LogFileError).message).toMatch(/newer NotePad.*Reload/);
    // A file of this build's events still imports.
    expect(parseLogFile(JSON.stringify(buildLogFile([created(1, '1') as AppEvent], null, new Date(at)))).events).toHaveLength(1);
  });

  it('leaves a journal holding newer events in place, appends none of it, and stops writing', async () => {
    const web = new MemoryWebStorage();
    const journal = [
      { ...fromNewerBuild(0), seq: 0 },
      { ...created(0, '7', 'From the journal'), id: '20000000-0000-4000-8000-000000000001' },
    ];
    web.setItem(JOURNAL_KEY, JSON.stringify(journal));
    const storage = createMemoryLogStorage([created(1, '1')]);
    const log = await loaded(storage);
    expect(await recoverJournal(log, web)).toEqual({ appended: [], problems: [] });
    expect(log.writable).toBe(false);
    expect(JSON.parse(web.getItem(JOURNAL_KEY)!)).toEqual(journal);
    expect(await storage.readAfter(1)).toEqual([]);
  });

  it('imports no legacy notes once it has stopped writing', async () => {
    const web = new MemoryWebStorage();
    web.setItem('notes', JSON.stringify([{ id: '1700000000000', title: 'Legacy', modified: at }]));
    web.setItem('note_1700000000000', '<p>old</p>');
    const log = await loaded(createMemoryLogStorage([fromNewerBuild(1)]));
    expect(await importLegacyNotes(log, web)).toEqual({ imported: 0, problems: [] });
    expect(log.state.notes.order).toEqual([]);
  });

  it('a journal written by several tabs keeps each tab’s events instead of the last tab’s only', async () => {
    const web = new MemoryWebStorage();
    for (const title of ['first tab', 'second tab']) {
      const storage = createMemoryLogStorage();
      storage.append = () => new Promise(() => {}); // the page is closing: the transaction never completes
      const log = await loaded(storage);
      void log.append('note.created', { id: title === 'first tab' ? '1' : '2', title });
      writeJournal(log, web);
      writeJournal(log, web); // a second page hide adds nothing twice
    }
    const next = await loaded();
    expect((await recoverJournal(next, web)).appended.map((e) => e.payload)).toEqual([
      { id: '1', title: 'first tab' },
      { id: '2', title: 'second tab' },
    ]);
  });
});

describe('tabs of different versions on the channel', () => {
  it('a tab announces its schema version when it starts', async () => {
    const hub = channelHub();
    const end = hub.end();
    await loaded(createMemoryLogStorage(), end);
    expect(end.sent[0]).toEqual({ type: 'hello', schemaVersion: EVENT_SCHEMA_VERSION });
  });

  it('a tab that hears a newer version stops writing before its next append', async () => {
    const hub = channelHub();
    const storage = createMemoryLogStorage();
    const log = await loaded(storage, hub.end());
    await log.append('note.created', { id: '1', title: 'before' });
    hub.end().postMessage({ type: 'hello', schemaVersion: NEWER });
    await vi.waitFor(() => expect(log.writable).toBe(false), { timeout: 5000, interval: 10 });
    void log.append('note.renamed', { id: '1', title: 'after' });
    await tick(20);
    expect((await storage.readAfter(0)).map((r) => (r as EventEnvelope).type)).toEqual(['note.created']);
    expect(log.state.notes.meta['1'].title).toBe('after');
  });

  it('a newer tab answers an older tab’s hello, so the older one learns even when it started second', async () => {
    const hub = channelHub();
    const newer = hub.end();
    newer.onmessage = (message) => {
      const data = message.data as TabMessage;
      if (data.type === 'hello' && data.schemaVersion < NEWER && !data.reply)
        newer.postMessage({ type: 'hello', schemaVersion: NEWER, reply: true });
    };
    const older = await loaded(createMemoryLogStorage(), hub.end());
    await vi.waitFor(() => expect(older.status$.value.newerVersion).toBe(NEWER), { timeout: 5000, interval: 10 });
  });

  it('answers an older version’s hello with its own, and never answers an answer', async () => {
    const hub = channelHub();
    const end = hub.end();
    await loaded(createMemoryLogStorage(), end);
    const older = hub.end();
    older.postMessage({ type: 'hello', schemaVersion: EVENT_SCHEMA_VERSION - 1 });
    older.postMessage({ type: 'hello', schemaVersion: EVENT_SCHEMA_VERSION - 1, reply: true });
    const replies = () => end.sent.filter((m) => m.type === 'hello' && m.reply);
    await vi.waitFor(() => expect(replies()).toHaveLength(1), { timeout: 5000, interval: 10 });
    // Both messages were delivered by now (in order): the answer was not answered.
    await tick();
    expect(replies()).toEqual([{ type: 'hello', schemaVersion: EVENT_SCHEMA_VERSION, reply: true }]);
  });

  it('an append another tab announces while this tab loads is read once the load is done, never missed', async () => {
    const hub = channelHub();
    const storage = createMemoryLogStorage();
    const writer = await loaded(storage, hub.end());
    // The starting tab reads storage as it was before the other tab's append, and slowly.
    const before = await storage.readAfter(0);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let firstRead = true;
    const readAfter = async (seq: number) => {
      if (!firstRead) return storage.readAfter(seq);
      firstRead = false;
      await gate;
      return before;
    };
    const starting = new EventLog({ storage: { ...storage, readAfter }, channel: hub.end() });
    const loading = starting.load();
    await writer.append('note.created', { id: '1', title: 'appended during the load' });
    await tick();
    release();
    await loading;
    await vi.waitFor(() => expect(starting.state.notes.meta['1']?.title).toBe('appended during the load'), { timeout: 5000, interval: 10 });
  });

  it('close() waits for writes already queued', async () => {
    const storage = createMemoryLogStorage();
    let finish!: () => void;
    const original = storage.append.bind(storage);
    storage.append = async (events) => {
      await new Promise<void>((resolve) => (finish = resolve));
      return original(events);
    };
    const log = await loaded(storage);
    void log.append('note.created', { id: '1', title: 'queued' });
    await tick();
    let closed = false;
    const closing = log.close().then(() => (closed = true));
    await tick();
    expect(closed).toBe(false);
    finish();
    await closing;
    expect((await storage.readAfter(0)).map((r) => (r as EventEnvelope).payload)).toEqual([{ id: '1', title: 'queued' }]);
  });
});

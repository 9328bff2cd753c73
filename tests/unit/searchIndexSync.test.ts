import { afterEach, describe, expect, it } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { EMPTY_SERVER_BASE } from '../../src/events/logFold';
import { SearchIndex } from '../../src/projections/searchIndex';
import { SyncEngine } from '../../src/services/sync/engine';
import { FakeSyncServer } from './fakeSyncServer';

const htmlText = (html: string) => html.replace(/<[^>]+>/g, ' ');
const engines: SyncEngine[] = [];
afterEach(() => engines.splice(0).forEach((e) => e.stop()));

/** A signed-in device on `server` with its engine started. */
async function device(server: FakeSyncServer, name: string): Promise<{ log: EventLog; engine: SyncEngine }> {
  const log = new EventLog({ storage: createMemoryLogStorage() });
  await log.load();
  const deviceId = `device-${name}-00000000`;
  await log.serverSync.enterSync(
    { userId: 'user-1', email: 'a@example.org', deviceId, deviceName: name, ackedThrough: 0, since: new Date().toISOString() },
    EMPTY_SERVER_BASE,
  );
  const engine = new SyncEngine(log, server.transport(), {
    deviceId,
    timing: { pushDelayMs: 0, retryMs: 1, maxRetryMs: 5, pollMs: 1e9, checkpointEvery: 1000 },
  });
  engines.push(engine);
  engine.start();
  return { log, engine };
}

describe('search index and pulled events', () => {
  it('a stored index from before a pull finds the text the pull brought, and no longer the text it replaced', async () => {
    const server = new FakeSyncServer();
    const a = await device(server, 'A');
    const b = await device(server, 'B');
    await a.log.append('note.created', { id: '1764000000001', title: 'Shared' });
    await a.log.append('note.body-saved', { id: '1764000000001', html: '<p>quince</p>' });
    await a.engine.request();
    await b.engine.request();
    const before = new SearchIndex(htmlText);
    before.update(b.log.state.notes);
    const stored = structuredClone(before.toStored()!);
    expect(b.log.state.notes.order.filter(before.bodyMatcher(b.log.state.notes, 'quince'))).toEqual(['1764000000001']);

    const rev = a.log.state.notes.revs['1764000000001'].id;
    await a.log.append('note.body-saved', { id: '1764000000001', html: '<p>medlar</p>', base: rev });
    await a.engine.request();
    await b.engine.request();
    const next = new SearchIndex(htmlText);
    expect(next.loadStored(stored)).toBe(true);
    const notes = b.log.state.notes;
    expect(notes.order.filter(next.bodyMatcher(notes, 'medlar'))).toEqual(['1764000000001']);
    expect(notes.order.filter(next.bodyMatcher(notes, 'quince'))).toEqual([]);
  });
});

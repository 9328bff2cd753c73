import { afterEach, describe, expect, it } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { EMPTY_SERVER_BASE } from '../../src/events/logFold';
import { SyncEngine } from '../../src/services/sync/engine';
import { wireForm } from '../support/wireForm';
import { MAX_WIRE_EVENT_BYTES, type AppEvent } from '../../catalog';
import { MAX_DOCUMENT_WIRE_BYTES } from '../../src/services/sync/syncProtocol';
import { FakeSyncServer } from './fakeSyncServer';

/**
 * A body too large to sync even without its BlockNote document (docs/architecture.md "Sync"): it is
 * set aside on this device, never pushed, and the status says so ("· 1 could not be synced",
 * docs/product.md "Account and sync"), as for a change the server refuses.
 */

const TIMING = { pushDelayMs: 0, retryMs: 1, maxRetryMs: 5, pollMs: 1e9, checkpointEvery: 1e9 };
const engines: SyncEngine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.stop();
});

describe('an event too large to sync', () => {
  it('is set aside, not pushed, and counted in the status', async () => {
    const server = new FakeSyncServer();
    const storage = createMemoryLogStorage();
    const log = new EventLog({ storage });
    await log.load();
    const deviceId = 'device-big-000000';
    await log.serverSync.enterSync(
      { userId: 'user-1', email: 'a@example.org', deviceId, deviceName: 'Big', ackedThrough: 0, since: new Date().toISOString() },
      EMPTY_SERVER_BASE,
    );
    const id = '1764000000000';
    await log.append('note.created', { id, title: 'Huge' });
    await log.append('note.body-saved', { id, html: `<p>${'x'.repeat(MAX_WIRE_EVENT_BYTES)}</p>` });
    const engine = new SyncEngine(log, server.transport(), {
      deviceId,
      timing: TIMING,
    });
    engines.push(engine);
    engine.start();
    await engine.request();
    expect((await server.opened()).map((e) => e.event.type)).toEqual(['note.created']);
    expect(log.serverSync.outbox()).toEqual([]);
    expect(engine.status$.value).toMatchObject({ state: 'synced', setAside: 1 });
    // What was typed stays on this device: the note still shows it, also after a restart.
    expect(log.state.notes.bodies[id]?.html).toContain('xxxx');
    engine.stop();
    await log.close();
    const again = new EventLog({ storage });
    await again.load();
    expect(again.state.notes.bodies[id]?.html).toContain('xxxx');
    expect(again.serverSync.outbox()).toEqual([]);
    const restarted = new SyncEngine(again, server.transport(), { deviceId, timing: TIMING });
    engines.push(restarted);
    restarted.start();
    await restarted.request();
    expect((await server.opened()).map((e) => e.event.type)).toEqual(['note.created']);
    expect(restarted.status$.value).toMatchObject({ state: 'synced', setAside: 1 });
  });

  it('a long note’s save goes as HTML only, a short one with its BlockNote document', () => {
    const save = (words: number) =>
      ({
        v: 2,
        id: `00000000-0000-4000-8000-${String(words).padStart(12, '0')}`,
        seq: 7,
        at: '2026-11-24T10:00:00.000Z',
        type: 'note.body-saved',
        payload: {
          id: '1764000000000',
          html: `<p>${'word '.repeat(words)}</p>`,
          blocks: [{ type: 'paragraph', content: 'word '.repeat(words) }],
        },
      }) as unknown as AppEvent;
    const short = wireForm(save(10));
    expect((short.payload as { blocks?: unknown }).blocks).toBeDefined();
    expect(short).not.toHaveProperty('seq');
    const long = wireForm(save(MAX_DOCUMENT_WIRE_BYTES / 8));
    expect((long.payload as { blocks?: unknown }).blocks).toBeUndefined();
    expect((long.payload as { html: string }).html.length).toBeGreaterThan(MAX_DOCUMENT_WIRE_BYTES / 2);
    expect(JSON.stringify(long).length).toBeLessThan(MAX_WIRE_EVENT_BYTES);
  });

  it('a save whose HTML alone is over the limit goes without its document, which is never serialized', () => {
    let serialized = false;
    const blocks = {
      toJSON: () => {
        serialized = true;
        return [];
      },
    };
    const save = {
      v: 2,
      id: '00000000-0000-4000-8000-000000000001',
      seq: 8,
      at: '2026-11-24T10:00:00.000Z',
      type: 'note.body-saved',
      payload: { id: '1764000000000', html: `<p>${'word '.repeat(MAX_DOCUMENT_WIRE_BYTES / 4)}</p>`, blocks },
    } as unknown as AppEvent;
    const wire = wireForm(save);
    expect((wire.payload as { blocks?: unknown }).blocks).toBeUndefined();
    expect(serialized).toBe(false);
    expect(wire).not.toHaveProperty('seq');
  });
});

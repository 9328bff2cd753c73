import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMA_VERSION } from '../../catalog';
import { EventLog } from '../../src/events/eventLog';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES } from '../../src/projections/notesState';
import { ev } from './helpers';

/**
 * A synced device that started from the account's checkpoint holds none of the events before it
 * (docs/architecture.md "Sync"). When its snapshot cannot be used (a snapshot of the build before a
 * schema version change), it folds again from that checkpoint, not from nothing: the notes made
 * before the checkpoint stay.
 */

const RECORD = {
  userId: 'user-1',
  email: 'a@example.org',
  deviceId: 'device-one-0000',
  deviceName: 'One',
  ackedThrough: 0,
  since: '2026-11-24T10:00:00.000Z',
};

describe('a synced device without a usable snapshot', () => {
  it('folds again from the checkpoint it started from, keeping the notes made before it', async () => {
    const storage = createMemoryLogStorage();
    const first = new EventLog({ storage, channel: null });
    await first.load();
    const before = foldNotes(EMPTY_NOTES, [ev('note.created', { id: '1764000000001', title: 'Before the checkpoint' })]);
    // Checkpoints of older formats are upcast before they get here (catalog/readState.ts, sealingTransport.test.ts).
    await first.serverSync.enterSync(RECORD, { head: 7, notes: before });
    await first.append('note.created', { id: '1764000000002', title: 'Mine' });
    await first.close();

    // The stored snapshots are a previous schema version's: the next start cannot use them.
    const latest = storage.latestSnapshot.bind(storage);
    storage.latestSnapshot = async () => {
      const snapshot = await latest();
      return snapshot && { ...snapshot, v: EVENT_SCHEMA_VERSION - 1 };
    };
    const again = new EventLog({ storage, channel: null });
    await again.load();
    const titles = again.state.notes.order.map((id) => again.state.notes.meta[id].title);
    expect(titles.sort()).toEqual(['Before the checkpoint', 'Mine']);
    expect(again.state.notes.shares).toEqual({});
    expect(again.serverSync.serverBase()?.head).toBe(7);
    expect(again.serverSync.outbox().map((e) => e.type)).toEqual(['note.created']);
  });
});

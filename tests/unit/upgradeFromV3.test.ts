import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB, type IDBPDatabase } from 'idb';
import { createOldLogStores } from './oldLogSchema';
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { EVENT_SCHEMA_VERSION } from '../../catalog';
import { EventLog } from '../../src/events/eventLog';
import { isOwnSnapshot } from '../../src/events/snapshotReading';
import { BUILD_ID } from '../../src/lib/buildId';
import { LOG_DB_NAME } from '../../src/events/logDatabase';
import type { DocumentRecord, SnapshotPart } from '../../src/events/logRecords';
import { openIndexedDbStorage } from '../../src/events/logStorage';
import { noteRevisions } from '../../src/projections/history';
import { DocumentNotRead, NO_FILTER, bodyBlocks } from '../../src/projections/notesState';
import { toStorageKeys } from '../../src/projections/storageKeys';
import { watchedStorage } from '../support/watchedStorage';

/**
 * An update must keep a library whole and fast (docs/architecture.md "Reading states"): the stores
 * a build of schema 3 left (tests/unit/fixtures/library-v3.json, made by running that build) open in
 * this build with every note and its history, from the old snapshot (not a fold of the whole log).
 */

interface StoreDump {
  key: IDBValidKey;
  value: unknown;
}
const fixture = JSON.parse(readFileSync(new URL('./fixtures/library-v3.json', import.meta.url), 'utf8')) as {
  dbVersion: number;
  events: StoreDump[];
  snapshots: StoreDump[];
  snapshotBodies: StoreDump[];
  quarantine: StoreDump[];
  expected: { keys: Record<string, string>; view: Record<string, unknown>; history: Record<string, [string, string, string][]> };
};

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

/** The database as the build of schema 3 made it (version 3: no documents store), with no record. */
function openOldDatabase(blocking?: () => void): Promise<IDBPDatabase> {
  return openDB(LOG_DB_NAME, fixture.dbVersion, {
    upgrade(db) {
      createOldLogStores(db, 3);
    },
    // As that build does (openLogDatabase): a newer build's upgrade closes its connection.
    blocking(_current, _blocked, event) {
      (event.target as IDBDatabase).close();
      blocking?.();
    },
  });
}

/** Put the old build's records back, as they were, under their keys, in a database of its version. */
async function restoreOldStores(): Promise<void> {
  const db = await openOldDatabase();
  expect(fixture.dbVersion).toBe(3);
  const tx = db.transaction(['events', 'snapshots', 'snapshotBodies', 'quarantine'], 'readwrite');
  for (const { value } of fixture.events) await tx.objectStore('events').put(value);
  for (const { value } of fixture.snapshots) await tx.objectStore('snapshots').put(value);
  for (const { key, value } of fixture.snapshotBodies) await tx.objectStore('snapshotBodies').put(value, key);
  await tx.done;
  db.close();
}

describe('a library written by the build of schema 3', () => {
  it('opens from its snapshot with every note, its keys and its history as that build showed them', async () => {
    await restoreOldStores();
    const { storage, readsAfter } = await watchedStorage();
    const log = new EventLog({ storage });
    expect(await log.preview()).toBe(true);
    await log.load();
    const snapshotSeq = Math.max(...fixture.snapshots.map((s) => Number(s.key)));
    expect(snapshotSeq).toBeGreaterThan(0);
    // Both the list (from the head) and the whole fold started at the old snapshot: no event before it was read.
    expect(readsAfter).toEqual([snapshotSeq]);
    expect(toStorageKeys(log.state.notes)).toEqual(fixture.expected.keys);
    expect(log.state.view).toEqual({ ...fixture.expected.view, filter: NO_FILTER });
    for (const [id, history] of Object.entries(fixture.expected.history)) {
      const revisions = noteRevisions(id, await log.noteEvents(id), log.state.notes);
      expect(revisions.map((r) => [r.kind, r.title, r.html])).toEqual(history);
    }
    expect(log.status$.value.quarantinedNow).toEqual([]);
    expect(log.state.notes.notebooks).toEqual({});
    await log.close();
  });

  it('takes the new events after the update, and its next snapshot is this build’s', async () => {
    await restoreOldStores();
    const storage = await openIndexedDbStorage(null);
    const log = new EventLog({ storage });
    await log.load();
    const [id] = log.state.notes.order;
    await log.append('notebook.created', { notebook: 'nb-upgrade-01', name: 'Kept', parent: null });
    await log.append('note.filed', { id, notebook: 'nb-upgrade-01' });
    await log.append('note.tagged', { id, tag: 'after/update' });
    await log.writeSnapshot();
    const snapshot = await storage.latestSnapshot();
    expect(snapshot?.v).toBe(EVENT_SCHEMA_VERSION);
    expect(snapshot?.state.notes.filed).toEqual({ [id]: 'nb-upgrade-01' });
    await log.close();
    // A later start reads it back.
    const again = new EventLog({ storage: await openIndexedDbStorage(null) });
    await again.load();
    expect(again.state.notes.tagged[id]).toEqual(['after/update']);
    await again.readNotes(null);
    expect(toStorageKeys(again.state.notes)).toEqual(toStorageKeys(log.state.notes));
    await again.close();
  });

  it('writes this build’s own snapshot right after the first start, so the next start parses nothing and reads no event before it', async () => {
    await restoreOldStores();
    const storage = await openIndexedDbStorage(null);
    const log = new EventLog({ storage });
    await log.load();
    await expect.poll(async () => (await storage.latestSnapshot())?.writer).toBe(BUILD_ID);
    const snapshot = await storage.latestSnapshot();
    expect(snapshot?.v).toBe(EVENT_SCHEMA_VERSION);
    expect(isOwnSnapshot(snapshot!)).toBe(true);
    await log.close();
    const { storage: again, readsAfter } = await watchedStorage();
    const next = new EventLog({ storage: again });
    await next.load();
    expect(readsAfter.every((after) => after >= snapshot!.seq)).toBe(true);
    await next.readNotes(null);
    expect(toStorageKeys(next.state.notes)).toEqual(fixture.expected.keys);
    await next.close();
  });

  it('moves the bodies out of the snapshot: the one written after the update holds keys, the records the rest, and reads back the same', async () => {
    await restoreOldStores();
    const storage = await openIndexedDbStorage(null);
    const log = new EventLog({ storage });
    await log.load();
    await expect.poll(async () => (await storage.latestSnapshot())?.writer).toBe(BUILD_ID);
    const notes = log.state.notes;
    await log.close();
    const db = await openDB(LOG_DB_NAME);
    expect(db.version).toBe(4);
    const newest = Math.max(...((await db.getAllKeys('snapshots')) as number[]));
    const parts = (await db.getAll('snapshotBodies', IDBKeyRange.bound([newest, 0], [newest, Infinity]))) as SnapshotPart[];
    const documents = (await db.getAll('documents')) as DocumentRecord[];
    db.close();
    const partBodies = parts.flatMap((part) => [...Object.values(part.state), ...Object.values(part.server ?? {})]);
    expect(partBodies.length).toBe(notes.order.length);
    // Keys and links only (docs/architecture.md "Documents by reference"): every body's HTML is in its record.
    for (const body of partBodies) expect(Object.keys(body).filter((k) => k !== 'links' && k !== 'docKey')).toEqual([]);
    expect(documents.length).toBe(notes.order.length);
    expect(documents.every((d) => typeof d.html === 'string')).toBe(true);
    // A second start reads this build's snapshot with every body as the first start had it.
    const next = new EventLog({ storage: await openIndexedDbStorage(null) });
    await next.load();
    // Its bodies come unread (their documents by key, docs/architecture.md "Snapshots") until read by note.
    const unread = notes.order.filter((id) => next.state.notes.bodies[id].docKey !== undefined);
    // All but the selected note's, read before the tab is editable.
    const selected = next.state.view.selectedId;
    expect(unread.length).toBeGreaterThan(0);
    expect(unread.length).toBe(documents.length - (selected !== null ? 1 : 0));
    if (selected !== null) expect(next.state.notes.bodies[selected].docKey).toBeUndefined();
    for (const id of unread) expect(() => bodyBlocks(next.state.notes.bodies[id])).toThrow(DocumentNotRead);
    await next.readNotes(null);
    for (const id of notes.order) {
      expect(next.state.notes.bodies[id].docKey).toBeUndefined();
      expect(next.state.notes.bodies[id].html).toBe(notes.bodies[id].html);
      expect(bodyBlocks(next.state.notes.bodies[id])).toEqual(bodyBlocks(notes.bodies[id]));
    }
    await next.close();
  });

  it('a tab of that build steps aside when this build upgrades the database, and one started after it cannot open it', async () => {
    await restoreOldStores();
    let steppedAside = 0;
    const oldTab = await openOldDatabase(() => (steppedAside += 1));
    const storage = await openIndexedDbStorage(null);
    expect(steppedAside).toBe(1);
    expect(() => oldTab.transaction('events')).toThrow();
    await expect(openOldDatabase()).rejects.toMatchObject({ name: 'VersionError' });
    storage.close();
  });
});
